import * as v from "valibot";
import { BUCKET_MAX, BUCKET_MIN } from "../constants.js";
import { integerBetween } from "./fields.js";

/** Half of the day for exact-time actions. */
export const AmPmSchema = /* @__PURE__ */ v.picklist(["AM", "PM"]);

/**
 * An action's model: the source-event fields the spec names, plus the action's own fields (tag
 * name, sms-text, webhook address, headline…), which vary by integration and action and are kept
 * as they come.
 */
export const TimelineNodeModelSchema = /* @__PURE__ */ v.objectWithRest(
  {
    eventName: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
    fromEventID: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
    fromEventName: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  },
  /* @__PURE__ */ v.unknown(),
);

/**
 * One timeline action (spec §3 "Timeline node"). `days`, `hours`, `minutes` are magnitudes and
 * `isAfter` the direction (1 after, -1 before); with `isExact`, `hours:minutes amPm` is a clock
 * time on that day. Nodes may be saved incomplete (spec §5 decides completeness), so the "what"
 * and "who" fields default to "" and the time to 0 minutes after.
 *
 * Ids (`id`, `nodeID`, `integrationID`, `groupID`, `templateID`) are strings everywhere in the SDK.
 *
 * @example
 * v.parse(TimelineNodeSchema, { days: 1, hours: 9, amPm: "AM", isAfter: -1, isExact: true,
 *   action: "sendMail", groupID: "3" });
 */
export const TimelineNodeSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.object({
  id: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  key: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  days: /* @__PURE__ */ v.optional(/* @__PURE__ */ integerBetween(0, BUCKET_MAX), 0),
  hours: /* @__PURE__ */ v.optional(/* @__PURE__ */ integerBetween(0, 23), 0),
  minutes: /* @__PURE__ */ v.optional(/* @__PURE__ */ integerBetween(0, 59), 0),
  /** Only for exact nodes: with AM/PM `hours` is 1–12; without it `hours` is a 24-hour clock. */
  amPm: /* @__PURE__ */ v.optional(AmPmSchema),
  isAfter: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.picklist([1, -1]), 1),
  isExact: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
  action: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  actionTitle: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  integrationID: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  /** Upper-case integration kind (ZOOM, SMTP, WEBHOOK…). */
  integrationType: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  groupID: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  groupName: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  templateID: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  model: /* @__PURE__ */ v.optional(TimelineNodeModelSchema, {}),
  nodeID: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  audiofile: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  }),
  /* @__PURE__ */ v.forward(
    /* @__PURE__ */ v.check(
      (node) => !(node.isExact && node.amPm && (node.hours < 1 || node.hours > 12)),
      "With AM/PM, the hour must be between 1 and 12",
    ),
    ["hours"],
  ),
);

export type TimelineNode = v.InferOutput<typeof TimelineNodeSchema>;
export type TimelineNodeModel = v.InferOutput<typeof TimelineNodeModelSchema>;

function isBucket(key: string): boolean {
  const day = Number(key);
  return day >= BUCKET_MIN && day <= BUCKET_MAX;
}

/**
 * A bucket key: a day offset written as a canonical integer string ("-45" … "45"; no "+1", "01"
 * or "-0", so each day has exactly one key).
 */
export const BucketKeySchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.string(),
  /* @__PURE__ */ v.regex(/^(?:0|-?[1-9]\d*)$/, "Bucket key must be an integer"),
  /* @__PURE__ */ v.check(isBucket, `Bucket key must be between ${BUCKET_MIN} and ${BUCKET_MAX}`),
);

/**
 * A timeline's actions grouped by day-offset bucket (the `blocks` of POST
 * /webinartimelineevent/set). Buckets may be left out; `createEmptyBlocks()` of the timeline module gives all 91.
 *
 * @example
 * v.parse(TimelineBlocksSchema, { "0": [{ minutes: 15, isAfter: -1, action: "sendMail" }] });
 */
export const TimelineBlocksSchema = /* @__PURE__ */ v.record(
  BucketKeySchema,
  /* @__PURE__ */ v.array(TimelineNodeSchema),
);

export type TimelineBlocks = v.InferOutput<typeof TimelineBlocksSchema>;
