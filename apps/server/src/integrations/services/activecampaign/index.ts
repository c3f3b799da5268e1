import type { IntegrationService } from "../types.js";
import {
  activeCampaignAddTag,
  activeCampaignAddToAutomation,
  activeCampaignDelete,
  activeCampaignMoveList,
  activeCampaignRemoveTag,
} from "./actions.js";
import { activeCampaign } from "./adapter.js";

/** ActiveCampaign API v3 on the account's own API URL, `Api-Token` header: see README.md. */
export const activeCampaignService: IntegrationService = {
  ...activeCampaign,
  kinds: ["ACTIVECAMPAIGN"],
  actions: {
    addTag: activeCampaignAddTag,
    removeTag: activeCampaignRemoveTag,
    moveList: activeCampaignMoveList,
    addToAutomation: activeCampaignAddToAutomation,
    delete: activeCampaignDelete,
  },
};
