import * as v from "valibot";
import { EmailRule } from "../../rules/email/email.js";
import { OptionalPhoneSchema } from "../../rules/phone/phone.js";
import { REGISTRATION_NAME_MAX_LENGTH } from "../../rules/registration/checkRegistrationAnswers.js";
import { CustomFormFieldSchema, RegistrationTypeSchema } from "../timelineSetting/registration.js";
import { TimeZoneSchema } from "../fields.js";
import { text, TEXT_LIMITS } from "../text.js";
import { FormBooleanSchema, jsonField } from "./fields.js";

/** An answer to a custom field, as JSON carries it (the server stores it as text). */
const FieldValueSchema = /* @__PURE__ */ v.union([
  /* @__PURE__ */ text(TEXT_LIMITS.short),
  /* @__PURE__ */ v.number(),
  /* @__PURE__ */ v.boolean(),
]);

/**
 * `POST /public/timelines/{id}/registrations`: a visitor's registration. `email` passes the SDK's
 * email rule (surrounding spaces forgiven); `phone` the phone rule when given; `fields` holds the
 * custom fields' answers by field name (checked against the form with `checkRegistrationAnswers`);
 * `eventId` is the chosen session (multi-option forms). `timeZone` is the registrant's IANA zone (the
 * SDK's `TimeZoneSchema`; the engine keeps text messages out of quiet hours in it) and `smsConsent`
 * their agreement to text messages (without it the engine sends them none). JSON, or multipart with
 * `fields` as JSON text and `smsConsent` as `"true"`/`"false"`/`"1"`/`"0"`.
 *
 * @example
 * v.parse(RegistrationRequestSchema, { email: " ann@example.com " });
 * // { name: "", email: "ann@example.com", phone: "", fields: {} }
 * v.parse(RegistrationRequestSchema, { email: "ann@example.com", timeZone: "Europe/Paris", smsConsent: "true" });
 * // { …, timeZone: "Europe/Paris", smsConsent: true }
 */
export const RegistrationRequestSchema = /* @__PURE__ */ v.object({
  name: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.pipe(
      /* @__PURE__ */ v.string(),
      /* @__PURE__ */ v.trim(),
      /* @__PURE__ */ v.maxLength(
        REGISTRATION_NAME_MAX_LENGTH,
        `The name can be at most ${REGISTRATION_NAME_MAX_LENGTH} characters long.`,
      ),
    ),
    "",
  ),
  email: /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string("Enter an email address."), /* @__PURE__ */ v.trim(), EmailRule),
  phone: /* @__PURE__ */ v.optional(OptionalPhoneSchema, ""),
  fields: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ jsonField(/* @__PURE__ */ v.record(/* @__PURE__ */ v.string(), FieldValueSchema)),
    () => ({}),
  ),
  eventId: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.trim())),
  timeZone: /* @__PURE__ */ v.optional(TimeZoneSchema),
  smsConsent: /* @__PURE__ */ v.optional(FormBooleanSchema),
});
export type RegistrationRequest = v.InferInput<typeof RegistrationRequestSchema>;
export type ParsedRegistrationRequest = v.InferOutput<typeof RegistrationRequestSchema>;

/** A session a visitor can register for: a UTC instant and the event's IANA time zone. */
export const RegistrationSessionSchema = /* @__PURE__ */ v.object({
  eventId: /* @__PURE__ */ v.string(),
  name: /* @__PURE__ */ v.string(),
  startTime: /* @__PURE__ */ v.string(),
  timeZone: /* @__PURE__ */ v.string(),
});
export type RegistrationSession = v.InferOutput<typeof RegistrationSessionSchema>;

/**
 * The answer of `GET /public/timelines/{id}/registration` (under `success`): what a registration
 * form shows. `fields` are name, email and phone, then the custom fields; `sessions` the open
 * sessions, soonest first (one-time forms: only the next); `open` is false when registration is
 * closed or no session is left; `whitelist.allowed` says whether the asking page may register.
 *
 * @example
 * const { success: form } = await client.registration.config(timelineId);
 * v.parse(RegistrationConfigSchema, form).sessions[0]?.startTime; // "2026-03-08T17:00:00.000Z"
 */
export const RegistrationConfigSchema = /* @__PURE__ */ v.object({
  timelineId: /* @__PURE__ */ v.string(),
  name: /* @__PURE__ */ v.string(),
  type: RegistrationTypeSchema,
  open: /* @__PURE__ */ v.boolean(),
  timeZone: /* @__PURE__ */ v.string(),
  fields: /* @__PURE__ */ v.array(CustomFormFieldSchema),
  sessions: /* @__PURE__ */ v.array(RegistrationSessionSchema),
  whitelist: /* @__PURE__ */ v.object({ enabled: /* @__PURE__ */ v.boolean(), allowed: /* @__PURE__ */ v.boolean() }),
});
export type RegistrationConfig = v.InferOutput<typeof RegistrationConfigSchema>;

/**
 * The answer of `POST /public/timelines/{id}/registrations` (under `success`): the registrant, the
 * session taken, and the registrant's own join and replay links. `created` is false when this email
 * had already registered for this session (the same registrant is answered).
 */
export const RegistrationResultSchema = /* @__PURE__ */ v.object({
  registrantId: /* @__PURE__ */ v.string(),
  eventId: /* @__PURE__ */ v.string(),
  startTime: /* @__PURE__ */ v.string(),
  timeZone: /* @__PURE__ */ v.string(),
  joinUrl: /* @__PURE__ */ v.string(),
  replayUrl: /* @__PURE__ */ v.string(),
  created: /* @__PURE__ */ v.boolean(),
});
export type RegistrationResult = v.InferOutput<typeof RegistrationResultSchema>;
