import type { IntegrationService } from "../types.js";
import { hubspotAddToWorkflow, hubspotDelete, hubspotMoveList } from "./actions.js";
import { hubspotToken } from "./token.js";

/**
 * HubSpot with an OAuth token or a private-app token (`hubspotToken`): see README.md. The
 * connection check reads one contact (`GET /crm/v3/objects/contacts?limit=1`, Bearer): the token
 * works and has the contact scope every action needs.
 */
export const hubspotService: IntegrationService = {
  kinds: ["HUBSPOT"],
  async check(ctx) {
    const token = await hubspotToken(ctx);
    await ctx.call(ctx.url("https://api.hubapi.com/crm/v3/objects/contacts?limit=1"), { headers: { authorization: `Bearer ${token}` } });
    return "Connected to HubSpot: its contacts can be read.";
  },
  actions: { addToWorkflow: hubspotAddToWorkflow, moveList: hubspotMoveList, delete: hubspotDelete },
};
