import { action } from "../actionPresentation.js";
import { accountType, credential, input, pick, secretCredential, text, textarea } from "../builders.js";
import type { IntegrationKind } from "../kinds.js";
import { AUDIO_FILE, SEND_MMS, SEND_SMS, TAG_BY_ID, tagActions } from "../sharedActions.js";
import type { IntegrationEntry } from "../types.js";

const REPLY_TO = text("replyTo", "Reply-to number", { placeholder: "+15551234567" });
const POOL = pick("poolName", "Number pool", "numberPools");

/**
 * Text, voice, chat and push messaging.
 *
 * - TWILIO: Account SID (`sid`) + Auth token (`token`) typed in, or Twilio Connect, which returns
 *   to `twiliocallback` with the connected AccountSid.
 * - SALESMESSAGE (Salesmsg): OAuth; the connection check only. No sendsms: Salesmsg's public
 *   reference, as far as it could be read, does not document how to text a phone number (which
 *   number sends, how a conversation with a new contact is opened), and Cuepoint does not send
 *   through guessed endpoints (apps/server/src/integrations/services/salesmessage/README.md).
 * - DROPCOWBOY, the voicemail-drop service: Team ID (`team_id`) + secret, as Drop Cowboy
 *   documents them; sends ringless voicemail (rvm), voice and SMS from a number pool.
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
    credentials: [],
    actions: [],
  },
  DROPCOWBOY: {
    type: "DROPCOWBOY",
    label: "Drop Cowboy",
    category: "voice",
    auth: "credentials",
    credentials: [credential("team_id", "Team ID"), secretCredential("secret", "Secret")],
    actions: [
      action("sendRvm", [AUDIO_FILE, { ...POOL, required: false }]),
      action("sendVoice", [REPLY_TO, POOL, { ...AUDIO_FILE, required: false }]),
      action("sendsms", [textarea("smsText", "SMS text"), REPLY_TO, POOL]),
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
