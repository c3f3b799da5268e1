import * as v from "valibot";
import { BareDomainSchema } from "../fields.js";

/** One-time: the next scheduled session; multi-option: the visitor picks a session. */
export const RegistrationTypeSchema = /* @__PURE__ */ v.picklist(["one-time", "multi-option"]);

/** Input kinds a custom registration field may take. */
export const CustomFieldTypeSchema = /* @__PURE__ */ v.picklist([
  "text",
  "textarea",
  "email",
  "phone",
  "number",
  "select",
  "checkbox",
  "hidden",
]);

/**
 * A custom field of the registration form (registration.customForms; the spec names the list
 * only). `name` is the key the answer is stored under in the lead's custom fields; `options` are
 * the choices of a select.
 */
export const CustomFormFieldSchema = /* @__PURE__ */ v.object({
  name: /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.string(),
    /* @__PURE__ */ v.nonEmpty("Field name is required"),
  ),
  label: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  type: /* @__PURE__ */ v.optional(CustomFieldTypeSchema, "text"),
  required: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
  options: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.array(/* @__PURE__ */ v.string())),
});

/** When enabled, only registrations coming from these bare domains are accepted. */
export const WhitelistSchema = /* @__PURE__ */ v.object({
  enabled: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
  domains: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.array(BareDomainSchema), () => []),
});

/**
 * The registration section of a timeline's setting, with `type` defaulting to `defaultType`: the
 * master uses 'one-time' ({@link RegistrationSettingSchema}), a new draft 'multi-option'.
 *
 * @example
 * const DraftRegistration = createRegistrationSettingSchema("multi-option");
 */
/* @__NO_SIDE_EFFECTS__ */
export function createRegistrationSettingSchema(defaultType: RegistrationType) {
  return v.object({
    customForms: v.optional(v.array(CustomFormFieldSchema), () => []),
    block: v.optional(v.boolean(), false),
    registrationStart: v.optional(v.pipe(v.number(), v.integer()), 0),
    registrationSubject: v.optional(v.string(), ""),
    registrationBody: v.optional(v.string(), ""),
    customeEnable: v.optional(v.boolean(), false),
    type: v.optional(RegistrationTypeSchema, defaultType),
    isInnerPageEnabled: v.optional(v.boolean(), false),
    setupType: v.optional(v.pipe(v.string(), v.nonEmpty("setupType is required")), "page"),
    whitelist: v.optional(WhitelistSchema, {}),
  });
}

/**
 * The registration section of a timeline's setting (spec §3 "Registration settings"). `type`
 * defaults to 'one-time' here, as in the master; a new draft uses 'multi-option'
 * (see timelineDraft.ts). `setupType` defaults to 'page'; the spec lists no other values, so any
 * non-empty string is taken. `customeEnable` keeps the wire's spelling and switches on
 * `customForms`. `block` closes registration. `registrationStart` is the window in minutes,
 * relative to the start, during which the form keeps offering the current session (negative:
 * it closes before the start).
 *
 * @example
 * v.parse(RegistrationSettingSchema, {}).type; // "one-time"
 */
export const RegistrationSettingSchema = /* @__PURE__ */ createRegistrationSettingSchema("one-time");

export type RegistrationSetting = v.InferOutput<typeof RegistrationSettingSchema>;
export type RegistrationType = v.InferOutput<typeof RegistrationTypeSchema>;
export type CustomFormField = v.InferOutput<typeof CustomFormFieldSchema>;
