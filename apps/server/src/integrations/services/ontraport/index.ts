import type { IntegrationService } from "../types.js";
import { ontraportAddTag, ontraportAddToCampaign, ontraportAddToSequence, ontraportDelete, ontraportRemoveTag } from "./actions.js";
import { ontraport } from "./adapter.js";

/** Ontraport's REST API with the App ID and key, plain calls: see README.md. */
export const ontraportService: IntegrationService = {
  ...ontraport,
  kinds: ["ONTRAPORT"],
  actions: {
    addTag: ontraportAddTag,
    removeTag: ontraportRemoveTag,
    addToCampaign: ontraportAddToCampaign,
    addToSequence: ontraportAddToSequence,
    delete: ontraportDelete,
  },
};
