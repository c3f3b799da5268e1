import type { IntegrationService } from "../types.js";
import { mailgunSendMail } from "./actions.js";
import { mailgun } from "./adapter.js";

/** Mailgun's HTTP sending API through its official client (`mailgun.js`): see README.md. */
export const mailgunService: IntegrationService = {
  ...mailgun,
  kinds: ["MAILGUN"],
  actions: { sendMail: mailgunSendMail },
};
