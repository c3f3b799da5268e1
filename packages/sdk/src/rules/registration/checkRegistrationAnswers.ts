import type { CustomFormField } from "../../schemas/timelineSetting/registration.js";
import { CHOICE_FIELD_TYPES } from "./checkFormFields.js";
import { checkEmail } from "../email/email.js";
import { checkPhone, PHONE_MESSAGE } from "../phone/phone.js";

/** The fields every registration form has; a custom field with one of these names changes it. */
export const BUILT_IN_REGISTRATION_FIELDS = ["name", "email", "phone"] as const;
/** Longest name a registrant may give. */
export const REGISTRATION_NAME_MAX_LENGTH = 200;
/** Longest answer to a custom field. */
export const REGISTRATION_ANSWER_MAX_LENGTH = 2000;

/** One field's check: the value as stored (trimmed text, checkboxes as "true"/"false"), or what to fix. */
export type RegistrationFieldResult =
  | { readonly ok: true; readonly value: string }
  | { readonly ok: false; readonly message: string };

/** The whole form's check: the custom answers by field name, or the first field to fix. */
export type RegistrationAnswersResult =
  | { readonly ok: true; readonly answers: Record<string, string> }
  | { readonly ok: false; readonly message: string; readonly field: string };

/** What a registration carries, as the request schema gives it (or as a form holds it). */
export interface RegistrationAnswersInput {
  name?: string;
  email?: string;
  phone?: string;
  fields?: Readonly<Record<string, string | number | boolean | undefined>>;
}

/**
 * Whether `name` is one of {@link BUILT_IN_REGISTRATION_FIELDS} (the package's, not exported from it).
 *
 * @example
 * isBuiltIn("email"); // true
 */
export const isBuiltIn = (name: string) => (BUILT_IN_REGISTRATION_FIELDS as readonly string[]).includes(name);
const bad = (message: string): RegistrationFieldResult => ({ ok: false, message });
const isChoice = (field: Pick<CustomFormField, "type">) => CHOICE_FIELD_TYPES.includes(field.type);

/** Whether `value` is a real day written `YYYY-MM-DD` (what `<input type="date">` sends). */
function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Checks one field of a registration form as the visitor filled it in: required fields, the
 * built-in email and phone rules, and the custom fields' types (number, date, phone, email, the
 * options of a select or radio field, checkbox). Widgets call it per field to show errors inline; the server calls
 * {@link checkRegistrationAnswers}, which uses it for every field.
 *
 * @example
 * checkRegistrationField({ name: "size", label: "Team size", type: "number", required: true }, "many");
 * // { ok: false, message: '"Team size" must be a number.' }
 * checkRegistrationField({ name: "newsletter", type: "checkbox", label: "", required: false }, true);
 * // { ok: true, value: "true" }
 */
export function checkRegistrationField(field: CustomFormField, raw: unknown): RegistrationFieldResult {
  const label = field.label || field.name;
  let value = raw === undefined || raw === null ? "" : String(raw).trim();
  if (field.type === "checkbox" && !isBuiltIn(field.name)) {
    value = value === "true" || value === "1" || value === "on" ? "true" : "false";
    if (field.required && value !== "true") return bad(`Tick "${label}" to register.`);
    return { ok: true, value };
  }
  if (value === "") {
    const email = field.name === "email" && checkEmail(value);
    if (email && !email.ok) return email; // an email address is always required
    return field.required ? bad(`"${label}" is required.`) : { ok: true, value };
  }
  const max = field.name === "name" ? REGISTRATION_NAME_MAX_LENGTH : REGISTRATION_ANSWER_MAX_LENGTH;
  if (value.length > max) {
    return bad(field.name === "name" ? `The name can be at most ${max} characters long.` : `"${label}" can be at most ${max} characters long.`);
  }
  if (field.name === "email" || field.type === "email") {
    const email = checkEmail(value);
    if (!email.ok) return email;
  } else if (field.name === "phone") {
    if (!checkPhone(value).ok) return bad(PHONE_MESSAGE);
  } else if (field.type === "phone" && !checkPhone(value).ok) {
    return bad(`"${label}": enter a phone number with digits, spaces and + ( ) - . only.`);
  } else if (field.type === "number" && !/^-?\d+(\.\d+)?$/.test(value)) {
    return bad(`"${label}" must be a number.`);
  } else if (field.type === "date" && !isCalendarDate(value)) {
    return bad(`"${label}" must be a date (YYYY-MM-DD).`);
  } else if (isChoice(field) && field.options && !field.options.includes(value)) {
    return bad(`"${label}" must be one of: ${field.options.join(", ")}.`);
  }
  return { ok: true, value };
}

/**
 * Checks a registration against its form (the config's `fields`): name, email and phone, then the
 * custom fields' answers. Answers to fields the form does not have are dropped. A failure names
 * the field as the API does: `name`, `email`, `phone` or `fields.<name>`; the server answers it
 * with a 400.
 *
 * @example
 * checkRegistrationAnswers(form, { name: "Ann", email: "ann@example.com", fields: { company: "ACME", x: "dropped" } });
 * // { ok: true, answers: { company: "ACME" } }
 * checkRegistrationAnswers(form, { email: "ann@example.com" });
 * // { ok: false, message: '"Name" is required.', field: "name" }
 */
export function checkRegistrationAnswers(
  form: readonly CustomFormField[],
  body: RegistrationAnswersInput,
): RegistrationAnswersResult {
  const answers: Record<string, string> = {};
  for (const field of form) {
    const builtIn = isBuiltIn(field.name);
    const raw = builtIn ? body[field.name as "name" | "email" | "phone"] : body.fields?.[field.name];
    const result = checkRegistrationField(field, raw);
    if (!result.ok) return { ok: false, message: result.message, field: builtIn ? field.name : `fields.${field.name}` };
    if (!builtIn && (result.value !== "" || field.type === "checkbox")) answers[field.name] = result.value;
  }
  return { ok: true, answers };
}
