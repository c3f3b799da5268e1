import type { IntegrationService } from "../types.js";
import { campaignMonitorDelete, campaignMonitorMoveList } from "./actions.js";
import { allLists, clients } from "./api.js";

/**
 * Campaign Monitor (OAuth 2.0, API v3.3): the check reads the account's clients, the lists are
 * every client's lists, and the catalogue's two actions run against the registrant's
 * subscriptions. See README.md.
 */
export const campaignMonitorService: IntegrationService = {
  kinds: ["CAMPAIGNMONITOR"],
  async check(ctx) {
    const names = (await clients(ctx)).map((client) => client.Name);
    return `${ctx.label} answered: ${names.length === 0 ? "no clients" : `client ${names.join(", ")}`}.`;
  },
  async lists(ctx) {
    return { lists: await allLists(ctx) };
  },
  actions: {
    moveList: campaignMonitorMoveList,
    delete: campaignMonitorDelete,
  },
};
