import * as v from "valibot";

/** Comparison operators an audience condition may use. */
export const ConditionOperatorSchema = /* @__PURE__ */ v.picklist(["eq", "neq", "gt", "gte", "lt", "lte"]);

/**
 * Who belongs to a segment, as data rather than code so the server, the dashboard and the
 * scheduler read the same rule. `field` names a registrant attribute (`attendedHour` for the
 * default segments; custom audiences may test others, such as a tag set by an inbound webhook).
 */
export const AudienceConditionSchema = /* @__PURE__ */ v.object({
  field: /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.string(),
    /* @__PURE__ */ v.nonEmpty("Condition field is required"),
  ),
  op: ConditionOperatorSchema,
  value: /* @__PURE__ */ v.union([/* @__PURE__ */ v.number(), /* @__PURE__ */ v.string()]),
});

/**
 * An audience segment (user group) that timeline actions target. `condition` is `null` for a
 * segment that takes everyone (Registrants).
 *
 * @example
 * v.parse(AudienceSegmentSchema, { id: "b1", name: "Buyers",
 *   condition: { field: "tag", op: "eq", value: "buyer" } });
 */
export const AudienceSegmentSchema = /* @__PURE__ */ v.object({
  id: /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.string(),
    /* @__PURE__ */ v.nonEmpty("Segment id is required"),
  ),
  name: /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.string(),
    /* @__PURE__ */ v.nonEmpty("Segment name is required"),
  ),
  condition: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.nullable(AudienceConditionSchema), null),
});

export type AudienceCondition = v.InferOutput<typeof AudienceConditionSchema>;
export type AudienceSegment = v.InferOutput<typeof AudienceSegmentSchema>;

/**
 * The three segments every timeline starts with (spec §3): Registrants (id "3", everyone),
 * Attendee (id "a1", attended hours above 0) and Non-Attendee (id "a2", attended hours equal to 0).
 * A fresh array each call, so callers may change it.
 *
 * @example
 * defaultAudienceSegments().map((s) => s.id); // ["3", "a1", "a2"]
 */
/* @__NO_SIDE_EFFECTS__ */
export function defaultAudienceSegments(): AudienceSegment[] {
  return [
    { id: "3", name: "Registrants", condition: null },
    { id: "a1", name: "Attendee", condition: { field: "attendedHour", op: "gt", value: 0 } },
    { id: "a2", name: "Non-Attendee", condition: { field: "attendedHour", op: "eq", value: 0 } },
  ];
}
