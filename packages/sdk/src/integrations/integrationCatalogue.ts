import { crmIntegrations } from "./catalogue/crm.js";
import { emailMarketingIntegrations } from "./catalogue/emailMarketing.js";
import { emailSendingIntegrations } from "./catalogue/emailSending.js";
import { liveIntegrations } from "./catalogue/live.js";
import { messagingIntegrations } from "./catalogue/messaging.js";
import { serviceIntegrations } from "./catalogue/services.js";
import { INTEGRATION_KINDS, type IntegrationKind } from "./kinds.js";
import type { ActionDefinition, IntegrationEntry } from "./types.js";

/**
 * The integration catalogue: one entry per kind, the single source the dashboard's forms, the
 * server's adapters and validation, and the widgets read.
 *
 * @example
 * integrationCatalogue.MAILGUN.credentials.map((c) => c.name); // ["api_key", "domain", "accountType"]
 */
export const integrationCatalogue: Readonly<Record<IntegrationKind, IntegrationEntry>> = {
  ...liveIntegrations,
  ...emailMarketingIntegrations,
  ...emailSendingIntegrations,
  ...crmIntegrations,
  ...messagingIntegrations,
  ...serviceIntegrations,
};

/**
 * Whether a string is a known kind, exactly as written on the wire (upper-case).
 *
 * @example
 * isIntegrationKind("ZOOM"); // true
 */
export function isIntegrationKind(type: string): type is IntegrationKind {
  return (INTEGRATION_KINDS as readonly string[]).includes(type);
}

/**
 * The catalogue entry of an integration type, matched case-insensitively; undefined when the type
 * is unknown.
 *
 * @example
 * getIntegrationKind("zoom")?.label; // "Zoom"
 * getIntegrationKind("nope"); // undefined
 */
export function getIntegrationKind(type: string): IntegrationEntry | undefined {
  const upper = type.trim().toUpperCase();
  return isIntegrationKind(upper) ? integrationCatalogue[upper] : undefined;
}

/**
 * The actions a kind offers (empty for unknown kinds and for kinds without actions).
 *
 * @example
 * actionsFor("WEBHOOK").map((a) => a.key); // ["sendWebhook"]
 */
export function actionsFor(kind: string): readonly ActionDefinition[] {
  return getIntegrationKind(kind)?.actions ?? [];
}

/**
 * Whether the server reads a kind's lists (`POST /{kind}/getlists`); false for unknown kinds.
 * Hosts skip the call, and show a plain id input, where it is false.
 *
 * @example
 * hasServiceLists("MAILCHIMP"); // true
 * hasServiceLists("CLICKSEND"); // false
 */
export function hasServiceLists(kind: string): boolean {
  return getIntegrationKind(kind)?.lists === true;
}

/**
 * Whether an integration of the kind can be added (and checked, and its credentials edited) with
 * typed credentials: every kind with a credential form, including an OAuth kind that also takes a
 * token typed in instead of its sign-in (HubSpot's private-app token). False for a sign-in-only kind.
 *
 * @example
 * connectsWithCredentials("TWILIO"); // true
 * connectsWithCredentials("HUBSPOT"); // true: a private-app token, or the sign-in
 * connectsWithCredentials("MAILCHIMP"); // false: the sign-in only
 */
export function connectsWithCredentials(kind: IntegrationKind): boolean {
  const entry = integrationCatalogue[kind];
  return entry.auth !== "oauth" || entry.credentials.length > 0;
}

/**
 * The path segment of a kind's API calls (`/{kind}/getlists`, `/{kind}/addtag` ...): the
 * lower-case type, except where the API names it otherwise (FACEBOOK is `fbaudience`).
 *
 * @example
 * apiPathFor("MAILCHIMP"); // "mailchimp"
 */
export function apiPathFor(kind: IntegrationKind): string {
  return integrationCatalogue[kind].apiPath ?? kind.toLowerCase();
}
