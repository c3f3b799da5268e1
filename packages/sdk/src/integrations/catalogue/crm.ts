import { action } from "../actionPresentation.js";
import { credential, pick, secretCredential } from "../builders.js";
import type { IntegrationKind } from "../kinds.js";
import {
  CAMPAIGN,
  DELETE_CONTACT,
  LIST,
  SEQUENCE,
  TAG_BY_ID,
  TAG_BY_NAME,
  tagActions,
  WORKFLOW,
} from "../sharedActions.js";
import type { IntegrationEntry } from "../types.js";

/**
 * CRMs and marketing-automation services. Tags are chosen by id, except Mautic whose tags are
 * plain names.
 *
 * Credentials, as each service documents them: ActiveCampaign API URL + API key; Ontraport
 * App ID (`api_app_id`) + API key; Mautic (basic auth) instance address (`api_domain`) + username
 * + password (`api_pass`). HubSpot and Keap (Infusionsoft) connect through OAuth; HubSpot also takes a
 * private app's access token (`access_token`) typed in instead.
 */
export const crmIntegrations = {
  ACTIVECAMPAIGN: {
    type: "ACTIVECAMPAIGN",
    label: "ActiveCampaign",
    category: "crm",
    auth: "credentials",
    lists: true,
    credentials: [
      credential("api_url", "API URL", {
        format: "url",
        placeholder: "https://youraccount.api-us1.com",
      }),
      secretCredential("api_key", "API key"),
    ],
    actions: [
      ...tagActions(TAG_BY_ID),
      action("moveList", [LIST]),
      action("addToAutomation", [pick("automationName", "Automation", "automations")]),
      DELETE_CONTACT,
    ],
  },
  HUBSPOT: {
    type: "HUBSPOT",
    label: "HubSpot",
    category: "crm",
    auth: "oauth",
    callbackRoute: "hubspotcallback",
    callbackParams: ["code"],
    // Instead of the sign-in: a private app's access token (HubSpot's single-account access).
    credentials: [secretCredential("access_token", "Private-app access token")],
    actions: [action("moveList", [LIST]), action("addToWorkflow", [WORKFLOW]), DELETE_CONTACT],
  },
  INFUSIONSOFT: {
    type: "INFUSIONSOFT",
    label: "Keap (Infusionsoft)",
    category: "crm",
    auth: "oauth",
    lists: true,
    callbackRoute: "infusionsoftcallback",
    callbackParams: ["code", "scope", "state"],
    credentials: [],
    actions: [
      ...tagActions(TAG_BY_ID),
      action("achieveGoal", [pick("goalName", "API goal", "goals", { noun: "an API goal" })]),
      action("addToSequence", [
        pick("sequenceName", "Campaign sequence", "sequences", { noun: "a campaign sequence" }),
      ]),
      DELETE_CONTACT,
    ],
  },
  ONTRAPORT: {
    type: "ONTRAPORT",
    label: "Ontraport",
    category: "crm",
    auth: "credentials",
    lists: true,
    credentials: [credential("api_app_id", "App ID"), secretCredential("api_key", "API key")],
    actions: [
      ...tagActions(TAG_BY_ID),
      action("addToCampaign", [CAMPAIGN]),
      action("addToSequence", [SEQUENCE]),
      DELETE_CONTACT,
    ],
  },
  MAUTIC: {
    type: "MAUTIC",
    label: "Mautic",
    category: "crm",
    auth: "credentials",
    lists: true,
    credentials: [
      credential("api_domain", "Mautic address", {
        format: "url",
        placeholder: "https://mautic.example.com",
      }),
      credential("api_username", "Username"),
      secretCredential("api_pass", "Password"),
    ],
    actions: [
      ...tagActions(TAG_BY_NAME),
      action("moveList", [pick("listName", "Segment", "lists", { noun: "a segment" })], "Add to segment"),
      action("addToCampaign", [CAMPAIGN]),
      DELETE_CONTACT,
    ],
  },
} as const satisfies Partial<Record<IntegrationKind, IntegrationEntry>>;
