import type { IntegrationService } from "../types.js";
import { keapAchieveGoal, keapAddTag, keapAddToSequence, keapDelete, keapRemoveTag } from "./actions.js";
import { infusionsoft } from "./adapter.js";

/** Keap (Infusionsoft) REST API v2 with the OAuth token, plain calls: see README.md. */
export const infusionsoftService: IntegrationService = {
  ...infusionsoft,
  kinds: ["INFUSIONSOFT"],
  actions: {
    addTag: keapAddTag,
    removeTag: keapRemoveTag,
    achieveGoal: keapAchieveGoal,
    addToSequence: keapAddToSequence,
    delete: keapDelete,
  },
};
