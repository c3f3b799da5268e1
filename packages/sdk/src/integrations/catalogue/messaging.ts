import { action } from "../actionPresentation.js";
import { accountType, credential, input, pick, secretCredential, text, textarea } from "../builders.js";
import type { IntegrationKind } from "../kinds.js";
import { AUDIO_FILE, SEND_MMS, SEND_SMS, TAG_BY_ID, tagActions } from "../sharedActions.js";
import type { IntegrationEntry } from "../types.js";

const REPLY_TO = text("replyTo", "Reply-to number", { placeholder: "+15551234567" });
/** Drop Cowboy's `pool_id`: its API has no call listing pools, so the host types the pool's ID. */
const POOL_ID = text("poolName", "Number pool ID", { placeholder: "From Drop Cowboy's pools" });

/**
 * Text, voice, chat and push messaging.
 *
 * - TWILIO: Account SID (`sid`) + Auth token (`token`) typed in, or Twilio Connect, which returns
 *   to `twiliocallback` with the connected AccountSid.
 * - SALESMESSAGE (Salesmsg): OAuth; texts a number from one of the team's inboxes (Salesmsg's
 *   "teams", each with its sending number), read from the service
 *   (apps/server/src/integrations/services/salesmessage/README.md).
 * - DROPCOWBOY, the voicemail-drop service: Team ID (`team_id`) + secret, as Drop Cowboy
 *   documents them (API v1, headers `x-team-id` / `x-secret`). Drops a ringless voicemail
 *   (`sendRvm`: a brand of the team's Trust Center, read from `GET /v1/brand`, and an audio file
 *   of the media library) and sends SMS (`sendsms`: reply-to number, number pool ID). No
 *   `sendVoice`: Drop Cowboy's API documents `POST /v1/rvm` and `POST /v1/sms` only, no voice
 *   call (apps/server/src/integrations/services/dropcowboy/README.md).
 * - CLICKSEND, the voice-broadcast service: username (`api_username`) + API key (`key`);
 *   `accountType` picks the Global (intl) or US account. Sends SMS. No voice action: ClickSend's
 *   voice API only speaks text (TTS) and cannot play an audio file of the media library, which is
 *   what spec §5's voice broadcast sends (apps/server/src/integrations/services/clicksend/README.md).
 * - MANYCHAT, the chat-marketing service: API key; tags, text, media and flows.
 * - SLACK: OAuth; posts a message to a channel of the workspace.
 * - ONESIGNAL, the push-notification service: App ID (`app_id`) + REST API key
 *   (`rest_api_key`); sends one of the app's templates.
 */
export const messagingIntegrations = {
  TWILIO: {
    type: "TWILIO",
    label: "Twilio",
    category: "sms",
    auth: "credentials",
    callbackRoute: "twiliocallback",
    callbackParams: ["AccountSid"],
    credentials: [credential("sid", "Account SID"), secretCredential("token", "Auth token")],
    actions: [SEND_SMS, SEND_MMS],
  },
  SALESMESSAGE: {
    type: "SALESMESSAGE",
    label: "Salesmsg",
    category: "sms",
    auth: "oauth",
    callbackRoute: "salesmessagecallback",
    callbackParams: ["code"],
    lists: true,
    credentials: [],
    actions: [action("sendsms", [textarea("smsText", "SMS text"), pick("teamId", "Sending inbox", "inboxes")])],
  },
  DROPCOWBOY: {
    type: "DROPCOWBOY",
    label: "Drop Cowboy",
    category: "voice",
    auth: "credentials",
    lists: true,
    credentials: [credential("team_id", "Team ID"), secretCredential("secret", "Secret")],
    actions: [
      action("sendRvm", [
        pick("brandId", "Brand", "brands"),
        AUDIO_FILE,
        { ...POOL_ID, required: false },
        { ...REPLY_TO, required: false },
      ]),
      action("sendsms", [textarea("smsText", "SMS text", { placeholder: "Up to 160 characters" }), REPLY_TO, POOL_ID]),
    ],
  },
  CLICKSEND: {
    type: "CLICKSEND",
    label: "ClickSend",
    category: "voice",
    auth: "credentials",
    credentials: [
      credential("api_username", "Username"),
      secretCredential("key", "API key"),
      accountType([
        { value: "intl", label: "Global" },
        { value: "us", label: "US" },
      ]),
    ],
    actions: [SEND_SMS],
  },
  MANYCHAT: {
    type: "MANYCHAT",
    label: "ManyChat",
    category: "chat",
    auth: "credentials",
    lists: true,
    credentials: [secretCredential("api_key", "API key")],
    actions: [
      ...tagActions(TAG_BY_ID),
      action("sendText", [textarea("message", "Message text")]),
      action("sendMedia", [
        input("type", "Media type", "select", {
          options: [
            { value: "image", label: "Image" },
            { value: "video", label: "Video" },
            { value: "audio", label: "Audio" },
            { value: "file", label: "File" },
          ],
        }),
        input("file", "File address", "url", { placeholder: "https://example.com/offer.png" }),
      ]),
      action("sendFlow", [pick("flowName", "Flow", "flows")]),
    ],
  },
  SLACK: {
    type: "SLACK",
    label: "Slack",
    category: "chat",
    auth: "oauth",
    lists: true,
    callbackRoute: "slackcallback",
    callbackParams: ["code"],
    credentials: [],
    actions: [
      action("sendMessage", [pick("channel", "Channel", "channels"), textarea("message", "Message")]),
    ],
  },
  ONESIGNAL: {
    type: "ONESIGNAL",
    label: "OneSignal",
    category: "push",
    auth: "credentials",
    lists: true,
    credentials: [credential("app_id", "App ID"), secretCredential("rest_api_key", "REST API key")],
    actions: [action("sendNotification", [pick("template", "Template", "templates")])],
  },
} as const satisfies Partial<Record<IntegrationKind, IntegrationEntry>>;
