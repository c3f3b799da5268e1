import type { IntegrationService } from "../types.js";
import { sendMail } from "./actions.js";
import { smtp } from "./adapter.js";

/** A mail server the host names (nodemailer): see README.md. */
export const smtpService: IntegrationService = {
  ...smtp,
  kinds: ["SMTP"],
  actions: { sendMail },
};
