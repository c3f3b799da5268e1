import type { IntegrationService } from "../types.js";
import { addToGroup, deleteSubscriber, removeFromGroup } from "./actions.js";
import { liteCall, readGroups, type GroupPage } from "./api.js";

/** MailerLite (connect API, Bearer API token): see README.md. */
export const mailerLiteService: IntegrationService = {
  kinds: ["MAILERLITE"],
  async check(ctx) {
    // MailerLite's API has no "who am I"; reading one group needs a valid token and says how many there are.
    const body = await liteCall<GroupPage>(ctx, "/groups?limit=1&page=1");
    const total = body?.meta?.total;
    return total === undefined ? undefined : `MailerLite accepted the token (${total} group${total === 1 ? "" : "s"}).`;
  },
  async lists(ctx) {
    return { groups: await readGroups(ctx) };
  },
  actions: { addToGroup, removeFromGroup, delete: deleteSubscriber },
};
