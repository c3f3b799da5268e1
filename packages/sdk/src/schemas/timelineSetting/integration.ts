import * as v from "valibot";

/**
 * One linked integration's options for this timeline. Options beyond `enabled` vary by kind (a
 * list, a tag, a calendar…), as the integrations' credential fields do, so they are kept as sent.
 */
export const TimelineIntegrationSchema = /* @__PURE__ */ v.looseObject({
  enabled: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), true),
});

/**
 * The integration section of a timeline's setting. The spec names the section without its
 * fields; we key it by integrationID, one entry per integration linked to the timeline. Empty by
 * default.
 *
 * @example
 * v.parse(IntegrationSettingSchema, { i_42: { listID: "l_1" } });
 * // { i_42: { enabled: true, listID: "l_1" } }
 */
export const IntegrationSettingSchema = /* @__PURE__ */ v.record(
  /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.nonEmpty("integrationID is required")),
  TimelineIntegrationSchema,
);

export type TimelineIntegration = v.InferOutput<typeof TimelineIntegrationSchema>;
export type IntegrationSetting = v.InferOutput<typeof IntegrationSettingSchema>;
