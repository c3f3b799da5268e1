import type { IntegrationKind } from "../kinds.js";
import type { ActionKey } from "../vocabulary.js";

/**
 * Per kind, the catalogue actions this release carries out through the kind's service: the
 * server's registry (`apps/server/src/integrations/services/index.ts`) has an executor for each,
 * and for nothing else (a server test checks both directions). The dashboard offers only these
 * (and the room's actions below), the server refuses to save any other (`checkActionRuns`), and
 * the dry run never says another would be sent.
 *
 * One line per kind; a service adds its line when its action works end to end.
 */
export const RUNNING_ACTIONS: Readonly<Partial<Record<IntegrationKind, readonly ActionKey[]>>> = {
  ACTIVECAMPAIGN: ["addTag", "removeTag", "moveList", "addToAutomation", "delete"],
  AEVENT: ["encore", "addEvent", "deleteSystemWide"],
  AMAZONSES: ["sendMail"],
  AWEBER: ["addTag", "removeTag", "moveList", "delete"],
  CAMPAIGNMONITOR: ["moveList", "delete"],
  CLICKSEND: ["sendsms"],
  CONSTANTCONTACT: ["addTag", "moveList", "delete"],
  CONVERTKIT: ["addTag", "removeTag", "addToSequence"],
  DROPCOWBOY: ["sendRvm", "sendsms"],
  DRIP: ["addTag", "removeTag", "addToCampaign", "addToWorkflow", "delete"],
  GETRESPONSE: ["addTag", "moveList", "delete"],
  FACEBOOK: ["addToAudience"],
  GOOGLECALENDAR: ["sendInvite"],
  GOOGLESHEETS: ["addRow"],
  GOTOWEBINAR: ["encore", "addEvent", "deleteSystemWide"],
  HUBSPOT: ["moveList", "addToWorkflow", "delete"],
  ICONTACT: ["moveList", "delete"],
  INFUSIONSOFT: ["addTag", "removeTag", "achieveGoal", "addToSequence", "delete"],
  KLAVIYO: ["moveList"],
  MAILCHIMP: ["addTag", "removeTag", "moveList", "delete"],
  MAILERLITE: ["addToGroup", "removeFromGroup", "delete"],
  MAILGUN: ["sendMail"],
  MANYCHAT: ["addTag", "removeTag", "sendText", "sendMedia", "sendFlow"],
  MAROPOST: ["addTag", "removeTag", "moveList"],
  MAUTIC: ["addTag", "removeTag", "moveList", "addToCampaign", "delete"],
  OBVIO: ["encore", "addEvent", "deleteSystemWide"],
  ONESIGNAL: ["sendNotification"],
  ONTRAPORT: ["addTag", "removeTag", "addToCampaign", "addToSequence", "delete"],
  SALESMESSAGE: ["sendsms"],
  SENDLANE: ["addTag", "removeTag", "moveList"],
  SLACK: ["sendMessage"],
  SMTP: ["sendMail"],
  TWILIO: ["sendsms", "sendmms"],
  WEBHOOK: ["sendWebhook"],
  WEBINAR: ["encore", "addEvent", "deleteSystemWide"],
  YOUTUBE: ["encore", "addEvent", "deleteSystemWide"],
  ZAPIER: ["sendWebhook"],
  ZOOM: ["encore", "addEvent", "deleteSystemWide"],
};

/**
 * The live-event actions the event's room plays from its live script (the chat message, the
 * call-to-action, the subject change), without an executor of the engine.
 */
export const ROOM_ACTIONS: readonly ActionKey[] = ["livechat", "cta", "changesubject"];

/**
 * The kinds whose attendees watch in Cuepoint's own room, so the room's actions reach them:
 * Cuepoint Events, and YouTube Live (its broadcast is embedded in Cuepoint's room, which keeps its
 * chat, offers and attendance: the server's delivery/youtube/). On Zoom, GoTo Webinar, an embedded third-party room or Obvio the attendees are
 * in the vendor's room, where Cuepoint cannot post a chat line or an offer (Zoom's REST API has no
 * call that writes into a running meeting's chat, so Zoom auto-chat does not run either).
 */
export const ROOM_KINDS: readonly IntegrationKind[] = ["AEVENT", "YOUTUBE"];
