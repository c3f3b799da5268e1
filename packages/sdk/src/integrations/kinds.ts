/**
 * The integration kinds Cuepoint knows: the upper-case `type` of an integration on the wire
 * (spec §3 Integration). Every kind of the spec's OAuth callbacks (§2), action catalogues and
 * live-event platforms is here, plus the credential-only services the spec implies.
 */
export const INTEGRATION_KINDS = [
  // Live-event platforms (the first four are delivery platforms)
  "AEVENT",
  "ZOOM",
  "GOTOWEBINAR",
  "YOUTUBE",
  "WEBINAR",
  "OBVIO",
  "ZOOMAUTOCHAT",
  // Email marketing and sending
  "AWEBER",
  "MAILCHIMP",
  "GETRESPONSE",
  "DRIP",
  "CONSTANTCONTACT",
  "CAMPAIGNMONITOR",
  "CONVERTKIT",
  "SENDLANE",
  "KLAVIYO",
  "ICONTACT",
  "MAILERLITE",
  "MAROPOST",
  "SMTP",
  "MAILGUN",
  "AMAZONSES",
  // CRMs
  "ACTIVECAMPAIGN",
  "HUBSPOT",
  "INFUSIONSOFT",
  "ONTRAPORT",
  "MAUTIC",
  // Messaging: text, voice, chat, push
  "TWILIO",
  "SALESMESSAGE",
  "DROPCOWBOY",
  "CLICKSEND",
  "MANYCHAT",
  "SLACK",
  "ONESIGNAL",
  // Automation, calendar, spreadsheet, image, domain, ads
  "ZAPIER",
  "WEBHOOK",
  "GOOGLECALENDAR",
  "GOOGLESHEETS",
  "NIFTYIMAGE",
  "DOMAIN",
  "FACEBOOK",
] as const;

/**
 * An integration kind: the upper-case `type` of an integration.
 *
 * @example
 * const kind: IntegrationKind = "ZOOM";
 */
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

/** What an integration is for; the dashboard groups the add-integration screen by it. */
export const INTEGRATION_CATEGORIES = [
  "email",
  "sms",
  "crm",
  "webhook",
  "live",
  "calendar",
  "spreadsheet",
  "image",
  "domain",
  "voice",
  "chat",
  "push",
  "ads",
] as const;
export type IntegrationCategory = (typeof INTEGRATION_CATEGORIES)[number];

/**
 * How a host connects a kind: `oauth` through the provider's consent screen and a
 * `/{integration}callback` route, `credentials` through a form, `none` for nothing to enter.
 */
export type IntegrationAuth = "oauth" | "credentials" | "none";

/**
 * The kinds whose events a timeline can run live-event actions on (spec §3). ZOOMAUTOCHAT only
 * posts chat messages into a Zoom meeting, so it is not one of them.
 */
export const LIVE_EVENT_KINDS = [
  "WEBINAR",
  "ZOOM",
  "GOTOWEBINAR",
  "YOUTUBE",
  "OBVIO",
  "AEVENT",
] as const satisfies readonly IntegrationKind[];
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];
