import { ServiceError } from "../../serviceCall.js";
import type { IntegrationService } from "../types.js";
import { aweberAddTag, aweberDelete, aweberMoveList, aweberRemoveTag } from "./actions.js";
import { accountId, get, listsAndTags, type Collection } from "./api.js";

/**
 * AWeber (OAuth 2.0, API 1.0): the check reads the grant's accounts, the lists are the account's
 * lists and each list's tags, and the catalogue's four actions run against the subscribers of a
 * list. See README.md.
 */
export const aweberService: IntegrationService = {
  kinds: ["AWEBER"],
  async afterConnect(ctx) {
    return { account_id: await accountId({ ...ctx, meta: {} }) };
  },
  async check(ctx) {
    const { entries = [] } = await get<Collection<{ id: number | string }>>(ctx, "/accounts");
    const ids = entries.map((entry) => String(entry.id));
    const account = ctx.meta.account_id ?? ids[0];
    if (!account || !ids.includes(account)) {
      throw new ServiceError(`${ctx.label} answered that this sign-in does not reach account ${account ?? "(none)"}: connect again.`, "refused");
    }
    return `${ctx.label} answered: account ${account}.`;
  },
  lists: listsAndTags,
  actions: {
    addTag: aweberAddTag,
    removeTag: aweberRemoveTag,
    moveList: aweberMoveList,
    delete: aweberDelete,
  },
};
