import { action } from "../actionPresentation.js";
import { credential, pick, secretCredential, text } from "../builders.js";
import type { IntegrationKind } from "../kinds.js";
import { SEND_WEBHOOK } from "../sharedActions.js";
import type { IntegrationEntry } from "../types.js";

/**
 * Webhook automation, calendar, spreadsheet, image, custom domain and ads.
 *
 * - ZAPIER and WEBHOOK post to a webhook address; nothing to connect.
 * - NIFTYIMAGE (NiftyImages) holds the account's personalised images in `images` and is read
 *   with its API key.
 * - DOMAIN is the host's custom join domain (`domain`) and where its bare address redirects
 *   (`defaultRedirect`), both host names (DOMAIN_PATTERN).
 * - FACEBOOK (Facebook custom audiences) is called under /fbaudience.
 */
export const serviceIntegrations = {
  ZAPIER: {
    type: "ZAPIER",
    label: "Zapier",
    category: "webhook",
    auth: "none",
    credentials: [],
    actions: [SEND_WEBHOOK],
  },
  WEBHOOK: {
    type: "WEBHOOK",
    label: "Webhook",
    category: "webhook",
    auth: "none",
    credentials: [],
    actions: [SEND_WEBHOOK],
  },
  GOOGLECALENDAR: {
    type: "GOOGLECALENDAR",
    label: "Google Calendar",
    category: "calendar",
    auth: "oauth",
    lists: true,
    callbackRoute: "googlecalendarcallback",
    callbackParams: ["code"],
    credentials: [],
    actions: [
      action("sendInvite", [pick("calendar", "Calendar", "calendars"), text("subject", "Event title")]),
    ],
  },
  GOOGLESHEETS: {
    type: "GOOGLESHEETS",
    label: "Google Sheets",
    category: "spreadsheet",
    auth: "oauth",
    lists: true,
    callbackRoute: "googlesheetscallback",
    callbackParams: ["code"],
    credentials: [],
    actions: [
      action("addRow", [
        pick("spreadsheet", "Spreadsheet", "sheets", { noun: "a spreadsheet" }),
        pick("worksheet", "Worksheet", "worksheets"),
      ]),
    ],
  },
  NIFTYIMAGE: {
    type: "NIFTYIMAGE",
    label: "NiftyImages",
    category: "image",
    auth: "credentials",
    lists: true,
    credentials: [secretCredential("api_key", "API key")],
    actions: [],
  },
  DOMAIN: {
    type: "DOMAIN",
    label: "Custom domain",
    category: "domain",
    auth: "credentials",
    credentials: [
      credential("domain", "Domain", { format: "domain", placeholder: "events.example.com" }),
      credential("defaultRedirect", "Default redirect", {
        format: "domain",
        required: false,
        placeholder: "www.example.com",
      }),
    ],
    actions: [],
  },
  FACEBOOK: {
    type: "FACEBOOK",
    label: "Facebook custom audiences",
    category: "ads",
    auth: "oauth",
    lists: true,
    callbackRoute: "fbcallback",
    callbackParams: ["code", "state"],
    credentials: [],
    actions: [
      action("addToAudience", [
        pick("audience", "Custom audience", "audiences", { noun: "a custom audience" }),
      ]),
    ],
    apiPath: "fbaudience",
  },
} as const satisfies Partial<Record<IntegrationKind, IntegrationEntry>>;
