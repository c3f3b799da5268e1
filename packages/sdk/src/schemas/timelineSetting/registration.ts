import * as v from "valibot";
import { checkFormFields } from "../../rules/registration/checkFormFields.js";
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
  "date",
  "select",
  "radio",
  "checkbox",
  "hidden",
]);

/**
 * A custom field of the registration form (registration.customForms; the spec names the list
 * only). `name` is the key the answer is stored under in the lead's custom fields; `options` are
 * the choices of a select or radio field (the rules' `CHOICE_FIELD_TYPES`); a `date` answer is
 * `YYYY-MM-DD`.
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

/**
 * The custom fields of a form (a template's `fields`, a timeline's `customForms`), checked by the
 * SDK's {@link checkFormFields}: each field with its own `name` (a registration's answers are
 * stored by field name, so two alike would overwrite each other), and each select or radio field
 * with its options (at least one, each once, none blank). A problem is reported at `N.name` or
 * `N.options` (`fields.N.…` in a form request, `registration.customForms.N.…` in a setting).
 *
 * @example
 * v.safeParse(CustomFormFieldsSchema, [{ name: "company" }, { name: "company" }]).issues?.[0]
 * // message 'Two fields are named "company": give each field its own name.', path 1.name
 */
export const CustomFormFieldsSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.array(CustomFormFieldSchema),
  /* @__PURE__ */ v.rawCheck<CustomFormField[]>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = checkFormFields(dataset.value);
    if (!problem) return;
    const field = dataset.value[problem.index] as CustomFormField;
    addIssue({
      message: problem.message,
      input: field[problem.key],
      path: [
        { type: "array", origin: "value", input: dataset.value, key: problem.index, value: field },
        { type: "object", origin: "value", input: field, key: problem.key, value: field[problem.key] },
      ],
    });
  }),
);

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
    customForms: v.optional(CustomFormFieldsSchema, () => []),
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
