import { accountType, credential, secretCredential } from "../builders.js";
import type { IntegrationKind } from "../kinds.js";
import { SEND_MAIL } from "../sharedActions.js";
import type { IntegrationEntry } from "../types.js";

/**
 * Mail-sending services: they send the timeline's emails (sendMail) and keep no contacts.
 * Mailgun's `accountType` picks its US or EU region (api.mailgun.net or api.eu.mailgun.net).
 */
export const emailSendingIntegrations = {
  SMTP: {
    type: "SMTP",
    label: "SMTP server",
    category: "email",
    auth: "credentials",
    credentials: [
      credential("address", "SMTP host", { placeholder: "smtp.example.com" }),
      credential("port", "Port", { format: "port", placeholder: "587" }),
      credential("username", "Username"),
      secretCredential("password", "Password"),
    ],
    actions: [SEND_MAIL],
  },
  MAILGUN: {
    type: "MAILGUN",
    label: "Mailgun",
    category: "email",
    auth: "credentials",
    credentials: [
      secretCredential("api_key", "API key"),
      credential("domain", "Sending domain", { format: "domain", placeholder: "mg.example.com" }),
      accountType([
        { value: "us", label: "US" },
        { value: "eu", label: "EU" },
      ]),
    ],
    actions: [SEND_MAIL],
  },
  AMAZONSES: {
    type: "AMAZONSES",
    label: "Amazon SES",
    category: "email",
    auth: "credentials",
    credentials: [
      credential("aws_access_key_id", "Access key ID"),
      secretCredential("aws_secret_access_key", "Secret access key"),
      credential("aws_region", "Region", { format: "awsRegion", placeholder: "us-east-1" }),
    ],
    actions: [SEND_MAIL],
  },
} as const satisfies Partial<Record<IntegrationKind, IntegrationEntry>>;
