import type { IntegrationService } from "../types.js";
import { constantContactAddTag, constantContactDelete, constantContactMoveList } from "./actions.js";
import { get, listsAndTags } from "./api.js";

/**
 * Constant Contact (OAuth 2.0, API v3): the check reads the account summary, the lists are the
 * account's contact lists and tags, and the catalogue's three actions run against the
 * registrant's contact. See README.md.
 */
export const constantContactService: IntegrationService = {
  kinds: ["CONSTANTCONTACT"],
  async check(ctx) {
    const summary = await get<{ organization_name?: string; encoded_account_id?: string }>(ctx, "/v3/account/summary");
    return `${ctx.label} answered: account ${summary?.organization_name ?? summary?.encoded_account_id ?? "(unnamed)"}.`;
  },
  lists: listsAndTags,
  actions: {
    addTag: constantContactAddTag,
    moveList: constantContactMoveList,
    delete: constantContactDelete,
  },
};
