import { generic } from "../generic.js";
import type { IntegrationService } from "../types.js";
import { sendSms } from "./actions.js";

/**
 * Twilio Programmable Messaging (Account SID + auth token): see README.md. The connection check
 * is still the generic one (the form is complete; Twilio is not asked).
 */
export const twilioService: IntegrationService = {
  ...generic,
  kinds: ["TWILIO"],
  actions: { sendsms: sendSms, sendmms: sendSms },
};
