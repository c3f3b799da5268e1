import type { IntegrationService } from "../types.js";
import { niftyImage } from "./adapter.js";

/** NiftyImages REST API v1 (`ApiKey` header): its images personalise MMS and mails; see README.md. */
export const niftyImageService: IntegrationService = {
  ...niftyImage,
  kinds: ["NIFTYIMAGE"],
  actions: {},
};
