import type { IntegrationService } from "../types.js";
import { getResponseAddTag, getResponseDelete, getResponseMoveList } from "./actions.js";
import { campaignsAndTags, get } from "./api.js";

/**
 * GetResponse (OAuth 2.0, API v3): the check reads the account (`GET /accounts`), the lists are
 * the account's campaigns (lists) and tags, and the catalogue's three actions run against the
 * registrant's contacts. See README.md.
 */
export const getResponseService: IntegrationService = {
  kinds: ["GETRESPONSE"],
  async check(ctx) {
    const account = await get<{ accountId?: string; email?: string }>(ctx, "/accounts");
    return `${ctx.label} answered: account ${account?.email ?? account?.accountId ?? "(unnamed)"}.`;
  },
  lists: campaignsAndTags,
  actions: {
    addTag: getResponseAddTag,
    moveList: getResponseMoveList,
    delete: getResponseDelete,
  },
};
