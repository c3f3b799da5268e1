import type { IntegrationService } from "../types.js";
import { mauticAddTag, mauticAddToCampaign, mauticDelete, mauticMoveList, mauticRemoveTag } from "./actions.js";
import { mautic } from "./adapter.js";

/** Mautic's REST API on the host's own instance, HTTP Basic, plain calls: see README.md. */
export const mauticService: IntegrationService = {
  ...mautic,
  kinds: ["MAUTIC"],
  actions: {
    addTag: mauticAddTag,
    removeTag: mauticRemoveTag,
    moveList: mauticMoveList,
    addToCampaign: mauticAddToCampaign,
    delete: mauticDelete,
  },
};
