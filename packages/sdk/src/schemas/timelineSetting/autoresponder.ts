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

/**
 * The autoresponder section of a timeline's setting (spec §3 "Autoresponder"): the messages sent
 * around each event. Enable flags are named after their message (`webinar`, `confirmation`,
 * `reminder`, `nonattendee`, `attendee`) and default to the string 'false'; texts are
 * `<message>Title` and `<message>Body`. `integrations` lists the integrationIDs that send them;
 * `multiEvents` holds the per-event settings (subject, body…) of a multi-event timeline.
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
});

export type AutoresponderSetting = v.InferOutput<typeof AutoresponderSettingSchema>;
