import * as v from "valibot";
import { AutoresponderSettingSchema } from "./timelineSetting/autoresponder.js";
import { GeneralSettingSchema } from "./timelineSetting/general.js";
import { createRegistrationSettingSchema } from "./timelineSetting/registration.js";

/**
 * The general part of a new timeline (spec §3 "Timeline draft"): the fields the spec lists,
 * picked from the general settings so they carry the same rules and defaults (timeZone
 * America/Los_Angeles, visible true, userGroup the three default segments…).
 */
export const TimelineDraftGeneralSchema = /* @__PURE__ */ v.pick(GeneralSettingSchema, [
  "timelineName",
  "description",
  "deliveryPlatform",
  "webinarType",
  "eventType",
  "timeStamp",
  "timeZone",
  "visible",
  "templateType",
  "language",
  "userGroup",
  "presenters",
]);

/** Registration settings as in the master, except that a new draft lets visitors pick a session. */
export const TimelineDraftRegistrationSchema = /* @__PURE__ */ createRegistrationSettingSchema(
  "multi-option",
);

/**
 * A new timeline before it is saved: general, autoresponder and registration.
 *
 * @example
 * v.parse(TimelineDraftSchema, {}).registration.type; // "multi-option"
 */
export const TimelineDraftSchema = /* @__PURE__ */ v.object({
  general: /* @__PURE__ */ v.optional(TimelineDraftGeneralSchema, {}),
  autoresponder: /* @__PURE__ */ v.optional(AutoresponderSettingSchema, {}),
  registration: /* @__PURE__ */ v.optional(TimelineDraftRegistrationSchema, {}),
});

export type TimelineDraft = v.InferOutput<typeof TimelineDraftSchema>;
export type TimelineDraftInput = v.InferInput<typeof TimelineDraftSchema>;

/**
 * A new timeline with the spec's defaults, with `overrides` merged in section by section. Throws a
 * `ValiError` when an override is invalid.
 *
 * @example
 * const draft = createTimelineDraft({ general: { timelineName: "Spring launch" } });
 * draft.general.timeZone; // "America/Los_Angeles"
 * draft.general.userGroup.map((g) => g.name); // ["Registrants", "Attendee", "Non-Attendee"]
 */
/* @__NO_SIDE_EFFECTS__ */
export function createTimelineDraft(overrides: TimelineDraftInput = {}): TimelineDraft {
  return v.parse(TimelineDraftSchema, overrides);
}
