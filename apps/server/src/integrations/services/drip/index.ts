import type { IntegrationService } from "../types.js";
import { dripAddTag, dripAddToCampaign, dripAddToWorkflow, dripDelete, dripRemoveTag } from "./actions.js";
import { accountId, dripLists, get } from "./api.js";

/**
 * Drip (OAuth 2.0, REST API v2): the check reads the signed-in user and the account, the lists are
 * the account's email series, workflows and tags, and the catalogue's five actions run against
 * the registrant's subscriber. See README.md.
 */
export const dripService: IntegrationService = {
  kinds: ["DRIP"],
  async afterConnect(ctx) {
    return { account_id: await accountId({ ...ctx, meta: {} }) };
  },
  async check(ctx) {
    const account = await accountId(ctx);
    const { accounts = [] } = await get<{ accounts?: Array<{ id: string | number; name?: string }> }>(ctx, `/accounts/${account}`);
    return `${ctx.label} answered: account ${accounts[0]?.name ?? account}.`;
  },
  lists: dripLists,
  actions: {
    addTag: dripAddTag,
    removeTag: dripRemoveTag,
    addToCampaign: dripAddToCampaign,
    addToWorkflow: dripAddToWorkflow,
    delete: dripDelete,
  },
};
