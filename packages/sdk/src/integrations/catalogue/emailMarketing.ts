import { action } from "../actionPresentation.js";
import { credential, pick, secretCredential } from "../builders.js";
import type { IntegrationKind } from "../kinds.js";
import { DELETE_CONTACT, LIST, SEQUENCE, TAG_BY_NAME, tagActions, WORKFLOW } from "../sharedActions.js";
import type { IntegrationEntry } from "../types.js";

/** Mailchimp calls its lists audiences. */
const AUDIENCE = pick("listName", "Audience", "lists", { noun: "an audience" });
/** GetResponse's API calls its lists campaigns; hosts see them as lists. */
const GETRESPONSE_LIST = pick("campaignName", "List", "campaigns", { noun: "a list" });

const GROUP = pick("groupName", "Group", "groups");

/**
 * Email-marketing services. Their tags are chosen by name (lower-cased before adding, spec §5)
 * and must be found among the account's tags or the chosen list's tags.
 *
 * Credentials, as each service documents them: Kit (ConvertKit) v4 API key; Sendlane v2
 * API access token; Klaviyo private API key; iContact application id
 * + API username + API password + account id; MailerLite API key; Maropost account id + auth
 * token (`access_token`). The others connect through OAuth.
 */
export const emailMarketingIntegrations = {
  AWEBER: {
    type: "AWEBER",
    label: "AWeber",
    category: "email",
    auth: "oauth",
    lists: true,
    callbackRoute: "awebercallback",
    callbackParams: ["code"],
    credentials: [],
    // AWeber keeps tags per list, so tag actions name the list too.
    actions: [...tagActions(TAG_BY_NAME, LIST), action("moveList", [LIST]), DELETE_CONTACT],
  },
  MAILCHIMP: {
    type: "MAILCHIMP",
    label: "Mailchimp",
    category: "email",
    auth: "oauth",
    lists: true,
    callbackRoute: "mailchimpcallback",
    callbackParams: ["code"],
    credentials: [],
    actions: [
      ...tagActions(TAG_BY_NAME, AUDIENCE),
      action("moveList", [AUDIENCE], "Move to audience"),
      DELETE_CONTACT,
    ],
  },
  GETRESPONSE: {
    type: "GETRESPONSE",
    label: "GetResponse",
    category: "email",
    auth: "oauth",
    lists: true,
    callbackRoute: "getresponsecallback",
    callbackParams: ["code"],
    credentials: [],
    actions: [
      action("addTag", [TAG_BY_NAME]),
      action("moveList", [GETRESPONSE_LIST]),
      DELETE_CONTACT,
    ],
  },
  DRIP: {
    type: "DRIP",
    label: "Drip",
    category: "email",
    auth: "oauth",
    lists: true,
    callbackRoute: "dripcallback",
    callbackParams: ["code"],
    credentials: [],
    actions: [
      ...tagActions(TAG_BY_NAME),
      action("addToCampaign", [
        pick("campaignName", "Email series", "campaigns", { noun: "an email series" }),
      ]),
      action("addToWorkflow", [WORKFLOW]),
      DELETE_CONTACT,
    ],
  },
  CONSTANTCONTACT: {
    type: "CONSTANTCONTACT",
    label: "Constant Contact",
    category: "email",
    auth: "oauth",
    lists: true,
    callbackRoute: "constantcontactcallback",
    callbackParams: ["code"],
    credentials: [],
    actions: [action("addTag", [TAG_BY_NAME]), action("moveList", [LIST]), DELETE_CONTACT],
  },
  CAMPAIGNMONITOR: {
    type: "CAMPAIGNMONITOR",
    label: "Campaign Monitor",
    category: "email",
    auth: "oauth",
    lists: true,
    callbackRoute: "campaignmonitorcallback",
    callbackParams: ["code"],
    credentials: [],
    actions: [action("moveList", [LIST]), DELETE_CONTACT],
  },
  CONVERTKIT: {
    type: "CONVERTKIT",
    label: "Kit (ConvertKit)",
    category: "email",
    auth: "credentials",
    lists: true,
    // Kit's current API (v4) takes one v4 API key in the X-Kit-Api-Key header; the v3 key and
    // secret pair belongs to the legacy API.
    credentials: [secretCredential("api_key", "API key (v4)")],
    actions: [...tagActions(TAG_BY_NAME), action("addToSequence", [SEQUENCE])],
  },
  SENDLANE: {
    type: "SENDLANE",
    label: "Sendlane",
    category: "email",
    auth: "credentials",
    lists: true,
    // Sendlane's current API (v2) takes one API access token as a Bearer token; the v1 API key,
    // hash key and subdomain belong to the retired v1 API.
    credentials: [secretCredential("api_key", "API access token")],
    actions: [...tagActions(TAG_BY_NAME), action("moveList", [LIST])],
  },
  KLAVIYO: {
    type: "KLAVIYO",
    label: "Klaviyo",
    category: "email",
    auth: "credentials",
    lists: true,
    // Klaviyo's server API takes the private key only; the public key (site ID) is for its
    // browser-side client API, which this server never calls.
    credentials: [secretCredential("private_api_key", "Private API key")],
    actions: [action("moveList", [LIST])],
  },
  ICONTACT: {
    type: "ICONTACT",
    label: "iContact",
    category: "email",
    auth: "credentials",
    lists: true,
    credentials: [
      credential("api_app_id", "Application ID"),
      credential("api_username", "API username"),
      secretCredential("api_password", "API password"),
      credential("account_id", "Account ID"),
    ],
    actions: [action("moveList", [LIST]), DELETE_CONTACT],
  },
  MAILERLITE: {
    type: "MAILERLITE",
    label: "MailerLite",
    category: "email",
    auth: "credentials",
    lists: true,
    credentials: [secretCredential("api_key", "API key")],
    actions: [
      action("addToGroup", [GROUP]),
      action("removeFromGroup", [GROUP]),
      DELETE_CONTACT,
    ],
  },
  MAROPOST: {
    type: "MAROPOST",
    label: "Maropost",
    category: "email",
    auth: "credentials",
    lists: true,
    credentials: [credential("account_id", "Account ID"), secretCredential("access_token", "Auth token")],
    actions: [...tagActions(TAG_BY_NAME), action("moveList", [LIST])],
  },
} as const satisfies Partial<Record<IntegrationKind, IntegrationEntry>>;
