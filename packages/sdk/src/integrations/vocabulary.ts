/**
 * The closed word lists of the integration catalogue: credential field names, action keys,
 * icons, cached list names and form field kinds. Wire names are the spec's (§3), kept exactly.
 */

/** Every credential field name of spec §3, as the server stores it on an integration. */
export const CREDENTIAL_FIELDS = [
  "api_key",
  "api_url",
  "api_secret",
  "aws_access_key_id",
  "aws_secret_access_key",
  "aws_region",
  "vendor_id",
  "domain",
  "defaultRedirect",
  "team_id",
  "secret",
  "api_app_id",
  "api_username",
  "api_password",
  "account_id",
  "private_api_key",
  "public_api_key",
  "api_pass",
  "api_domain",
  "accountType",
  "widgetID",
  "referenceID",
  "app_id",
  "rest_api_key",
  "username",
  "password",
  "subdomain",
  "hash_key",
  "address",
  "port",
  "fromEmail",
  "fromName",
  "sid",
  "token",
  "access_token",
  "key",
] as const;
export type CredentialFieldName = (typeof CREDENTIAL_FIELDS)[number];

/** The live-event actions of spec §3, offered on every live-event kind. */
export const LIVE_EVENT_ACTIONS = [
  "livechat",
  "cta",
  "changesubject",
  "encore",
  "addEvent",
  "deleteSystemWide",
] as const;
export type LiveEventAction = (typeof LIVE_EVENT_ACTIONS)[number];

/**
 * Every action key of the catalogue: the spec's (§3: addTag, removeTag, moveList, addToWorkflow,
 * delete, sendMail, sendsms, sendmms, sendWebhook and the live-event ones) and the ones the
 * services of the catalogue need besides.
 */
export const ACTION_KEYS = [
  "addTag",
  "removeTag",
  "moveList",
  "addToWorkflow",
  "delete",
  "sendMail",
  "sendsms",
  "sendmms",
  "sendWebhook",
  ...LIVE_EVENT_ACTIONS,
  "addToAutomation",
  "addToCampaign",
  "addToSequence",
  "addToGroup",
  "removeFromGroup",
  "achieveGoal",
  "sendVoice",
  "sendRvm",
  "sendText",
  "sendMedia",
  "sendFlow",
  "sendMessage",
  "sendNotification",
  "sendInvite",
  "addRow",
  "addToAudience",
] as const;
export type ActionKey = (typeof ACTION_KEYS)[number];

/** The icon names of spec §3; every catalogue action shows one of them. */
export const ACTION_ICONS = [
  "envelope",
  "tag-alt",
  "comment-dots",
  "folder-plus",
  "folder-times",
  "folder-upload",
  "folder",
  "refresh",
  "whatsapp",
  "airplay",
  "user-times",
  "user-exclamation",
  "expand-from-corner",
  "pause",
  "facebook-messenger-alt",
  "angle-left",
  "angle-left-b",
  "angle-right-b",
  "schedule",
  "calendar-alt",
  "exclamation-triangle",
  "link-h",
  "voicemail",
  "comments-alt",
  "dollar-sign-alt",
  "comment-alt-dots",
] as const;
export type ActionIcon = (typeof ACTION_ICONS)[number];

/**
 * The lists an action field picks from. Integration lists come from `POST /{kind}/getlists` and
 * are cached by the dashboard; `audios` are the user's audio media.
 */
export const LIST_NAMES = [
  "tags",
  "lists",
  "campaigns",
  "workflows",
  "automations",
  "sequences",
  "groups",
  "goals",
  "numberPools",
  "inboxes",
  "templates",
  "audios",
  "sheets",
  "worksheets",
  "flows",
  "channels",
  "calendars",
  "audiences",
  "brands",
] as const;
export type ListName = (typeof LIST_NAMES)[number];

/** How an action field is entered in the dashboard's action form. */
export const FIELD_KINDS = ["text", "textarea", "select", "audio", "image", "url", "number"] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];
