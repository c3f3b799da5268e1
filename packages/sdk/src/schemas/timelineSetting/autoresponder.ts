import * as v from "valibot";
import { MultiEventSettingSchema } from "../multiEventSetting.js";
import { text as limitedText, TEXT_LIMITS } from "../text.js";

/** The autoresponder's enable flags travel as the strings 'true' and 'false' (spec §3). */
export const StringFlagSchema = /* @__PURE__ */ v.picklist(["true", "false"]);

/* @__NO_SIDE_EFFECTS__ */
function flag() {
  return v.optional(StringFlagSchema, "false");
}

/* @__NO_SIDE_EFFECTS__ */
function text(max: number = TEXT_LIMITS.body) {
  return v.optional(limitedText(max), "");
}

/** How long before the start the spec's reminder goes when the setting names no time (peers' default too). */
export const DEFAULT_REMINDER_MINUTES = 60;
/** The latest a reminder may go before the start: 30 days. */
export const MAX_REMINDER_MINUTES = 30 * 24 * 60;
/** The spec's reminder plus at most this many more. */
export const MAX_EXTRA_REMINDERS = 9;

/* @__NO_SIDE_EFFECTS__ */
function minutesBefore() {
  return v.optional(
    v.pipe(
      v.number("Give the minutes before the start as a number."),
      v.integer("Give whole minutes."),
      v.minValue(0, "A reminder goes before the start: 0 minutes or more."),
      v.maxValue(MAX_REMINDER_MINUTES, `A reminder goes at most ${MAX_REMINDER_MINUTES / 1440} days before the start.`),
    ),
    DEFAULT_REMINDER_MINUTES,
  );
}

/* @__NO_SIDE_EFFECTS__ */
function integrationId() {
  return v.optional(limitedText(TEXT_LIMITS.name), "");
}

/**
 * One more reminder beside the spec's (`reminders[]`): its own id (the job's key
 * `autoresponder:reminder:<id>`, so moving or removing it moves or cancels its waiting mails),
 * flag, minutes before the start, subject, body and sending integration.
 *
 * @example
 * v.parse(ExtraReminderSchema, { id: "r1", enabled: "true", minutes: 1440, title: "Tomorrow", body: "Hi {first_name}" });
 */
export const ExtraReminderSchema = /* @__PURE__ */ v.object({
  id: /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.regex(/^[A-Za-z0-9_-]{1,40}$/, "Use 1 to 40 letters, digits, - or _ for a reminder's id.")),
  enabled: /* @__PURE__ */ flag(),
  minutes: /* @__PURE__ */ minutesBefore(),
  title: /* @__PURE__ */ text(TEXT_LIMITS.title),
  body: /* @__PURE__ */ text(),
  integrationID: /* @__PURE__ */ integrationId(),
});
export type ExtraReminder = v.InferOutput<typeof ExtraReminderSchema>;

/**
 * The autoresponder section of a timeline's setting (spec §3 "Autoresponder"): the messages sent
 * around each event. Enable flags are named after their message (`webinar`, `confirmation`,
 * `reminder`, `nonattendee`, `attendee`) and default to the string 'false'; texts are
 * `<message>Title` and `<message>Body`. `integrations` lists the integrationIDs that send them;
 * `multiEvents` holds the per-event settings (subject, body…) of a multi-event timeline.
 *
 * Beyond the spec (which fixes one reminder and one integration list): `reminderMinutes`, how long
 * before the start the spec's reminder goes (default 60); `reminders`, more reminders at their own
 * times (`ExtraReminderSchema`, ids unique); `<message>IntegrationID`, the SMTP integration that
 * sends that message ("" = the first SMTP one of `integrations`, else the account's only one).
 *
 * @example
 * v.parse(AutoresponderSettingSchema, { confirmation: "true" }).reminder; // "false"
 */
export const AutoresponderSettingSchema = /* @__PURE__ */ v.object({
  integrations: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.array(/* @__PURE__ */ v.string()), () => []),
  webinar: /* @__PURE__ */ flag(),
  confirmation: /* @__PURE__ */ flag(),
  reminder: /* @__PURE__ */ flag(),
  nonattendee: /* @__PURE__ */ flag(),
  attendee: /* @__PURE__ */ flag(),
  multiEvents: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.array(MultiEventSettingSchema), () => []),
  confirmationTitle: /* @__PURE__ */ text(TEXT_LIMITS.title),
  confirmationBody: /* @__PURE__ */ text(),
  nonattendeeTitle: /* @__PURE__ */ text(TEXT_LIMITS.title),
  nonattendeeBody: /* @__PURE__ */ text(),
  reminderTitle: /* @__PURE__ */ text(TEXT_LIMITS.title),
  reminderBody: /* @__PURE__ */ text(),
  attendeeTitle: /* @__PURE__ */ text(TEXT_LIMITS.title),
  attendeeBody: /* @__PURE__ */ text(),
  reminderMinutes: /* @__PURE__ */ minutesBefore(),
  reminders: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.pipe(
      /* @__PURE__ */ v.array(ExtraReminderSchema),
      /* @__PURE__ */ v.maxLength(MAX_EXTRA_REMINDERS, `Add at most ${MAX_EXTRA_REMINDERS + 1} reminders in all.`),
      /* @__PURE__ */ v.check((list) => new Set(list.map((r) => r.id)).size === list.length, "Each reminder needs its own id."),
    ),
    () => [],
  ),
  confirmationIntegrationID: /* @__PURE__ */ integrationId(),
  reminderIntegrationID: /* @__PURE__ */ integrationId(),
  attendeeIntegrationID: /* @__PURE__ */ integrationId(),
  nonattendeeIntegrationID: /* @__PURE__ */ integrationId(),
});

export type AutoresponderSetting = v.InferOutput<typeof AutoresponderSettingSchema>;
