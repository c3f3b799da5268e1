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
      // The login is often no address at all (SendGrid's `apikey`, an IAM access key).
      credential("fromEmail", "From address", {
        required: false,
        format: "email",
        placeholder: "events@example.com",
        hint: "Autoresponder emails are sent from this address. Needed when the username is not an email address.",
      }),
      credential("fromName", "From name", { required: false, placeholder: "Acme Events", hint: "Used when the timeline names no organizer." }),
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
