import * as v from "valibot";
import {
  checkRegistrationField,
  REGISTRATION_CUSTOM_FIELD_PREFIX,
  RegistrationRequestSchema,
  TimeZoneSchema,
  type CustomFormField,
} from "@cuepoint/sdk";
import type { OpenSession } from "../formSnapshot.js";
import type { ParsedRegistration } from "../registerVisitor.js";

const BUILT_IN = new Set(["name", "email", "phone"]);

/** The name a field posts under in the no-script form: built-ins as they are, custom fields as `field_<name>`. */
export const postedName = (field: Pick<CustomFormField, "name">): string =>
  BUILT_IN.has(field.name) ? field.name : `${REGISTRATION_CUSTOM_FIELD_PREFIX}${field.name}`;

/** The SMS consent box's posted name (the request's `smsConsent`), shown after a phone field. */
export const SMS_CONSENT = "smsConsent";

/** What was typed, by posted name, to show again beside the errors. */
export type TypedValues = Record<string, string>;
/** Errors by posted name (`eventId` for the session, `""` for the form as a whole). */
export type FormErrors = Record<string, string>;

/** The values of an urlencoded body, one text per name (the last wins, as a form sends one). */
export function typedValues(body: Record<string, string | File | (string | File)[]>): TypedValues {
  const values: TypedValues = {};
  for (const [name, value] of Object.entries(body)) {
    const last = Array.isArray(value) ? value.at(-1) : value;
    if (typeof last === "string") values[name] = last;
  }
  return values;
}

/** An error field of the API's wording (`fields.company`, `eventId`, `email`) as a posted name. */
export const postedNameOfApiField = (field: string | undefined): string =>
  field === undefined ? "" : field.startsWith("fields.") ? postedName({ name: field.slice("fields.".length) }) : field;

/**
 * Reads a no-script post against the form: every field's error at once (the SDK's per-field rule,
 * as the widget checks them), the chosen session for multi-option forms, then the SDK's request
 * schema on what is left. Answers the request the public registration takes, or the errors.
 *
 * @example
 * const read = readPostedForm(form.fields, "one-time", sessions, values);
 * if (!read.ok) showAgain(read.errors);
 */
export function readPostedForm(
  fields: readonly CustomFormField[],
  type: "one-time" | "multi-option",
  sessions: readonly OpenSession[],
  values: TypedValues,
): { ok: true; request: ParsedRegistration } | { ok: false; errors: FormErrors } {
  const errors: FormErrors = {};
  const answers: Record<string, string> = {};
  for (const field of fields) {
    const name = postedName(field);
    const checked = checkRegistrationField(field, values[name]);
    if (!checked.ok) errors[name] = checked.message;
    else if (!BUILT_IN.has(field.name)) answers[field.name] = checked.value;
  }
  if (type === "multi-option" && !sessions.some(({ event }) => event.id === values.eventId)) {
    errors.eventId = "Choose a session to register for.";
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = v.safeParse(RegistrationRequestSchema, {
    name: values.name ?? "",
    email: values.email ?? "",
    phone: values.phone ?? "",
    fields: answers,
    ...(values.eventId && { eventId: values.eventId }),
    // The browser's zone (set by the page's script); one the SDK does not know is left out, not an error.
    ...(values.timeZone && v.is(TimeZoneSchema, values.timeZone) && { timeZone: values.timeZone }),
    smsConsent: values[SMS_CONSENT] === "true" || values[SMS_CONSENT] === "on",
  });
  if (parsed.success) return { ok: true, request: parsed.output };
  for (const issue of parsed.issues) {
    errors[postedNameOfApiField(v.getDotPath(issue) ?? undefined)] ??= issue.message;
  }
  return { ok: false, errors };
}
