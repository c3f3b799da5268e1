import type { IntegrationService } from "../types.js";
import { addToAudience } from "./addToAudience.js";
import { facebook } from "./adapter.js";

/** Facebook custom audiences through the Graph API, OAuth token: see README.md. */
export const facebookService: IntegrationService = {
  ...facebook,
  kinds: ["FACEBOOK"],
  actions: { addToAudience },
};
