import type { IntegrationService } from "../types.js";
import { amazonSesSendMail } from "./actions.js";
import { amazonSes } from "./adapter.js";

/** Amazon SES API v2 through AWS's official client (`@aws-sdk/client-sesv2`): see README.md. */
export const amazonSesService: IntegrationService = {
  ...amazonSes,
  kinds: ["AMAZONSES"],
  actions: { sendMail: amazonSesSendMail },
};
