import { generic } from "../generic.js";
import type { IntegrationService } from "../types.js";
import { hubspotAddToWorkflow, hubspotDelete, hubspotMoveList } from "./actions.js";

/**
 * HubSpot with an OAuth token (or a private-app token): see README.md. The connection check is
 * still the generic one (a token is present; HubSpot is not asked).
 */
export const hubspotService: IntegrationService = {
  ...generic,
  kinds: ["HUBSPOT"],
  actions: { addToWorkflow: hubspotAddToWorkflow, moveList: hubspotMoveList, delete: hubspotDelete },
};
