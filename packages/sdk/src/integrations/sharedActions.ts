import { action } from "./actionPresentation.js";
import { input, pick, text, textarea } from "./builders.js";
import type { ActionDefinition, ActionField } from "./types.js";

/*
 * Fields and actions several kinds share; each kind's catalogue file composes them.
 */

/** A tag chosen by id (CRMs, chat marketing). */
export const TAG_BY_ID: ActionField = pick("tagName", "Tag", "tags");
/** A tag chosen by name: email-marketing services identify tags by their (lower-cased) name. */
export const TAG_BY_NAME: ActionField = pick("tagName", "Tag", "tags", { match: "name" });
export const LIST: ActionField = pick("listName", "List", "lists");
export const CAMPAIGN: ActionField = pick("campaignName", "Campaign", "campaigns");
export const WORKFLOW: ActionField = pick("workflowName", "Workflow", "workflows");
export const SEQUENCE: ActionField = pick("sequenceName", "Sequence", "sequences");
export const AUDIO_FILE: ActionField = input("audiofile", "Audio file", "audio", { list: "audios" });
export const PHONE_NUMBER: ActionField = text("phonenumber", "Sender phone number", {
  placeholder: "+15551234567",
});

export const DELETE_CONTACT: ActionDefinition = action("delete");

/** Add and remove a tag, with any fields that come first (AWeber and Mailchimp need the list). */
/* @__NO_SIDE_EFFECTS__ */
export function tagActions(tag: ActionField, ...before: ActionField[]): ActionDefinition[] {
  return [action("addTag", [...before, tag]), action("removeTag", [...before, tag])];
}

export const SEND_MAIL: ActionDefinition = action("sendMail", [
  text("emailFrom", "From email", { placeholder: "events@example.com" }),
  text("nameFrom", "From name", { required: false }),
  text("emailSubject", "Email subject"),
  textarea("message", "Email body"),
]);

export const SEND_SMS: ActionDefinition = action("sendsms", [
  textarea("smsText", "SMS text"),
  PHONE_NUMBER,
]);

/** MMS image source: an image of the media library, or a personalised NiftyImage. */
export const SEND_MMS: ActionDefinition = action("sendmms", [
  textarea("mmsText", "MMS text", { required: false }),
  { ...PHONE_NUMBER, required: false },
  input("type", "Image source", "select", {
    options: [
      { value: "image", label: "Image from the media library" },
      { value: "niftyimage", label: "Personalised NiftyImage" },
    ],
  }),
  input("image", "Image", "image"),
]);

export const SEND_WEBHOOK: ActionDefinition = action("sendWebhook", [
  input("webhook", "Webhook address", "url", { placeholder: "https://example.com/hook" }),
]);

/** A chat message posted into the live event, shown as sent by `from`. */
export const LIVECHAT: ActionDefinition = action("livechat", [
  text("from", "Sender name", { required: false }),
  textarea("message", "Chat message"),
]);

/**
 * The live-event actions of every live-event kind. The room plays `livechat`, `cta` and
 * `changesubject`; the engine carries out the other three on the registrant
 * (apps/server/src/integrations/services/liveevent/README.md): `encore` moves them to the event's
 * encore session (a replay the next day at the same time), `addEvent` registers them for the next
 * open session of the timeline `timelineID` (of the same account), `deleteSystemWide` removes
 * them from every timeline of the account.
 */
export const LIVE_ACTIONS: readonly ActionDefinition[] = [
  LIVECHAT,
  action("cta", [text("headline", "Headline"), text("subheadline", "Subheadline")]),
  action("changesubject", [text("subject", "New subject")]),
  action("encore"),
  action("addEvent", [text("timelineID", "Timeline to register for", { placeholder: "The timeline's id" })]),
  action("deleteSystemWide"),
];
