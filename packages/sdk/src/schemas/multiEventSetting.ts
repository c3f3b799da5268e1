import * as v from "valibot";
import { WEBINAR_TYPES } from "../constants.js";
import { OptionalVideoLengthSchema } from "./fields.js";
import { CountdownSchema } from "./timelineSetting/countdown.js";

/**
 * The settings of one event of a multi-event timeline (spec §3 "Multi-event setting"), tied to
 * its day key as the multi-event nodes are.
 *
 * The spec says only "video and countdown options"; we give each event the same video fields as
 * the timeline's general settings (`videoFile`, `secondaryVideo`, `webinarVideoLength`) and the same
 * `countdown` object, so an event can override the timeline's own.
 *
 * `dayKey` is an opaque, non-empty key that groups this event's nodes (general.multiEvents.nodes).
 *
 * @example
 * v.parse(MultiEventSettingSchema, { dayKey: "day-1", eventName: "Day 1: Foundations" });
 */
export const MultiEventSettingSchema = /* @__PURE__ */ v.object({
  dayKey: /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.string(),
    /* @__PURE__ */ v.nonEmpty("dayKey is required"),
  ),
  eventName: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  visible: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), true),
  registrationSubject: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  registrationBody: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  webinarType: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.picklist(WEBINAR_TYPES), "automatic"),
  /** An encore replays an earlier event of the series. */
  isEncore: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
  videoFile: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  secondaryVideo: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  webinarVideoLength: /* @__PURE__ */ v.optional(OptionalVideoLengthSchema, ""),
  countdown: /* @__PURE__ */ v.optional(CountdownSchema, {}),
});

export type MultiEventSetting = v.InferOutput<typeof MultiEventSettingSchema>;
