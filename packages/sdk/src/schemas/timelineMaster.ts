import * as v from "valibot";
import { TimestampSchema } from "./fields.js";
import { TimelineMasterSettingSchema } from "./timelineSetting/master.js";

/** A timeline is active or in the trash, whence it can be restored (spec §4). */
export const TimelineStatusSchema = /* @__PURE__ */ v.picklist(["active", "trash"]);

/**
 * A stored timeline (spec §3 "Timeline master"). The spec gives only its `setting`; we add what a
 * stored, listed timeline needs:
 *
 * - `id`: the timeline's id (what calls send as `webinarTimeline`);
 * - `timelineName`: its name, the spec's wire name (copy sends `webinarTimeline, timelineName`);
 *   `setting.general.timelineName` carries the same name inside the setting;
 * - `status`: active or trash (default active); `shared`: whether it was shared (default false);
 * - `created_at`, `updated_at`: ISO timestamps.
 *
 * @example
 * v.parse(TimelineMasterSchema, { id: "t_1", timelineName: "Launch",
 *   created_at: "2024-01-01T00:00:00Z", updated_at: "2024-01-02T00:00:00Z" }).setting.general.webinarType;
 * // "automatic"
 */
export const TimelineMasterSchema = /* @__PURE__ */ v.object({
  id: /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.nonEmpty("id is required")),
  timelineName: /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.string(),
    /* @__PURE__ */ v.trim(),
    /* @__PURE__ */ v.nonEmpty("Timeline name is required"),
  ),
  setting: /* @__PURE__ */ v.optional(TimelineMasterSettingSchema, {}),
  status: /* @__PURE__ */ v.optional(TimelineStatusSchema, "active"),
  shared: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});

export type TimelineStatus = v.InferOutput<typeof TimelineStatusSchema>;
export type TimelineMaster = v.InferOutput<typeof TimelineMasterSchema>;
