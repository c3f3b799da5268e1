import type { IntegrationKind } from "./kinds.js";

/**
 * The OAuth callback routes of spec §2, exactly: route name → the kind it connects and the query
 * parameters the provider returns. The dashboard mounts each at `/{route}`.
 *
 * @example
 * const { kind, params } = oauthCallbackRoutes.twiliocallback;
 * // kind "TWILIO", params ["AccountSid"]
 */
export const oauthCallbackRoutes = {
  youtubecallback: { kind: "YOUTUBE", params: ["code"] },
  gotocallback: { kind: "GOTOWEBINAR", params: ["code"] },
  zoomcallback: { kind: "ZOOM", params: ["code"] },
  zoomautochatcallback: { kind: "ZOOMAUTOCHAT", params: ["code"] },
  awebercallback: { kind: "AWEBER", params: ["code"] },
  getresponsecallback: { kind: "GETRESPONSE", params: ["code"] },
  mailchimpcallback: { kind: "MAILCHIMP", params: ["code"] },
  dripcallback: { kind: "DRIP", params: ["code"] },
  hubspotcallback: { kind: "HUBSPOT", params: ["code"] },
  constantcontactcallback: { kind: "CONSTANTCONTACT", params: ["code"] },
  slackcallback: { kind: "SLACK", params: ["code"] },
  googlecalendarcallback: { kind: "GOOGLECALENDAR", params: ["code"] },
  salesmessagecallback: { kind: "SALESMESSAGE", params: ["code"] },
  campaignmonitorcallback: { kind: "CAMPAIGNMONITOR", params: ["code"] },
  googlesheetscallback: { kind: "GOOGLESHEETS", params: ["code"] },
  twiliocallback: { kind: "TWILIO", params: ["AccountSid"] },
  infusionsoftcallback: { kind: "INFUSIONSOFT", params: ["code", "scope", "state"] },
  fbcallback: { kind: "FACEBOOK", params: ["code", "state"] },
} as const satisfies Record<string, { kind: IntegrationKind; params: readonly string[] }>;

/** A route name of spec §2's OAuth callback table. */
export type OAuthCallbackRoute = keyof typeof oauthCallbackRoutes;
