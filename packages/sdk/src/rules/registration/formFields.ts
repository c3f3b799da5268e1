import type { CustomFormField, RegistrationSetting } from "../../schemas/timelineSetting/registration.js";
import { isBuiltIn } from "./checkRegistrationAnswers.js";

const BUILT_IN: readonly CustomFormField[] = [
  { name: "name", label: "Name", type: "text", required: true },
  { name: "email", label: "Email", type: "email", required: true },
  { name: "phone", label: "Phone", type: "phone", required: false },
];

/**
 * The fields a timeline's registration form shows, in order: name, email and phone, then the
 * custom fields (`customForms`, only while `customeEnable` is on). A custom field named `name`,
 * `email` or `phone` adds no field: it changes the built-in one's label and whether it is
 * required (email stays required). The server answers these in the public registration config
 * and checks registrations against them (`checkRegistrationAnswers`).
 *
 * @example
 * registrationFormFields({ ...registration, customeEnable: true, customForms: [{ name: "phone", label: "Mobile", type: "phone", required: true }] });
 * // name, email, then phone labelled "Mobile" and required
 */
export function registrationFormFields(
  registration: Pick<RegistrationSetting, "customeEnable" | "customForms">,
): CustomFormField[] {
  const custom = registration.customeEnable ? registration.customForms : [];
  const builtIn = BUILT_IN.map((field) => {
    const override = custom.find((entry) => entry.name === field.name);
    if (!override) return field;
    return { ...field, label: override.label || field.label, required: field.name === "email" || override.required };
  });
  return [...builtIn, ...custom.filter((field) => !isBuiltIn(field.name))];
}
