import * as v from "valibot";
import { AutoresponderSettingSchema } from "./autoresponder.js";
import { GeneralSettingSchema } from "./general.js";
import { IntegrationSettingSchema } from "./integration.js";
import { PageSettingSchema } from "./page.js";
import { RegistrationSettingSchema } from "./registration.js";

/**
 * A timeline's whole setting (spec §3 "Timeline master"). Every section and field has a default,
 * so a partial object parses to a complete setting.
 *
 * @example
 * v.parse(TimelineMasterSettingSchema, { general: { timelineName: "Launch" } });
 */
export const TimelineMasterSettingSchema = /* @__PURE__ */ v.object({
  general: /* @__PURE__ */ v.optional(GeneralSettingSchema, {}),
  registration: /* @__PURE__ */ v.optional(RegistrationSettingSchema, {}),
  page: /* @__PURE__ */ v.optional(PageSettingSchema, {}),
  integration: /* @__PURE__ */ v.optional(IntegrationSettingSchema, () => ({})),
  autoresponder: /* @__PURE__ */ v.optional(AutoresponderSettingSchema, {}),
});

export type TimelineMasterSetting = v.InferOutput<typeof TimelineMasterSettingSchema>;
/** What `createMasterSetting` accepts: any part of a setting; the rest takes the defaults. */
export type TimelineMasterSettingInput = v.InferInput<typeof TimelineMasterSettingSchema>;

/**
 * A complete setting with the spec's defaults, with `overrides` merged in section by section.
 * Throws a `ValiError` when an override is invalid.
 *
 * @example
 * createMasterSetting().general.webinarType; // "automatic"
 * createMasterSetting({ registration: { type: "multi-option" } }).registration.setupType; // "page"
 */
/* @__NO_SIDE_EFFECTS__ */
export function createMasterSetting(overrides: TimelineMasterSettingInput = {}): TimelineMasterSetting {
  return v.parse(TimelineMasterSettingSchema, overrides);
}
