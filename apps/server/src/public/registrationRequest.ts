import * as v from "valibot";
import { checkEmail, EmailRule, jsonField, type CustomFormField } from "@cuepoint/sdk";
import { badRequest } from "../http/errors.js";
import { BUILT_IN_NAMES } from "./registrationForm.js";

// SDK gap: the SDK has no phone rule; this one is local until it does.
const PHONE = /^\+?[0-9()\-.\s]{3,40}$/;
const PhoneSchema = v.pipe(
  v.string(),
  v.trim(),
  v.check(
    (value) => value === "" || (PHONE.test(value) && /\d{3}/.test(value.replace(/\D/g, ""))),
    "Enter a phone number: digits, spaces and + ( ) - . only.",
  ),
);

const FieldValueSchema = v.union([v.string(), v.number(), v.boolean()]);
const MAX_VALUE_LENGTH = 2000;

// SDK gap: no RegistrationRequest schema (nor client method) for the public registration yet; this
// is the body the server accepts, to move into packages/sdk/src/schemas/requests/ as is.
/**
 * `POST /public/timelines/{id}/registrations`: a visitor's registration. `email` passes the SDK's
 * email rule (surrounding spaces forgiven); `fields` holds the custom fields' answers by field
 * name; `eventId` is the chosen session (multi-option forms). JSON, or multipart with `fields` as
 * JSON text.
 */
export const RegistrationRequestSchema = v.object({
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, "The name can be at most 200 characters long.")), ""),
  email: v.pipe(v.string("Enter an email address."), v.trim(), EmailRule),
  phone: v.optional(PhoneSchema, ""),
  fields: v.optional(jsonField(v.record(v.string(), FieldValueSchema)), {}),
  eventId: v.optional(v.pipe(v.string(), v.trim())),
});
export type RegistrationRequest = v.InferOutput<typeof RegistrationRequestSchema>;

const isBlank = (value: string) => value === "";

/**
 * Checks a registration against the form: required built-in fields (name, phone when the form
 * requires them) and the custom fields' answers by type. Answers are kept as text under the
 * field's name; answers to fields the form does not have are dropped. Throws 400 naming the field
 * (`name`, `phone`, `fields.<name>`).
 *
 * @example
 * checkAnswers(form, { name: "Ann", email: "ann@example.com", phone: "", fields: { company: "ACME" } });
 * // { company: "ACME" }
 */
export function checkAnswers(form: readonly CustomFormField[], body: RegistrationRequest): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const field of form) {
    const label = field.label || field.name;
    if (BUILT_IN_NAMES.has(field.name)) {
      const value = field.name === "name" ? body.name : field.name === "phone" ? body.phone : body.email;
      if (field.required && isBlank(value)) throw badRequest(`"${label}" is required.`, field.name);
      continue;
    }
    const raw = body.fields[field.name];
    let value = raw === undefined ? "" : String(raw).trim();
    const where = `fields.${field.name}`;
    if (field.type === "checkbox") {
      value = value === "true" || value === "1" || value === "on" ? "true" : "false";
      if (field.required && value !== "true") throw badRequest(`Tick "${label}" to register.`, where);
    } else if (isBlank(value)) {
      if (field.required) throw badRequest(`"${label}" is required.`, where);
      continue;
    }
    if (value.length > MAX_VALUE_LENGTH)
      throw badRequest(`"${label}" can be at most ${MAX_VALUE_LENGTH} characters long.`, where);
    if (field.type === "email") {
      const check = checkEmail(value);
      if (!check.ok) throw badRequest(check.message, where);
    } else if (field.type === "number" && !/^-?\d+(\.\d+)?$/.test(value)) {
      throw badRequest(`"${label}" must be a number.`, where);
    } else if (field.type === "phone" && !v.is(PhoneSchema, value)) {
      throw badRequest(`"${label}": enter a phone number with digits, spaces and + ( ) - . only.`, where);
    } else if (field.type === "select" && field.options && !field.options.includes(value)) {
      throw badRequest(`"${label}" must be one of: ${field.options.join(", ")}.`, where);
    }
    answers[field.name] = value;
  }
  return answers;
}
