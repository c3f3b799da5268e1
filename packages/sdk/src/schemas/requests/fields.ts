import * as v from "valibot";
import { INT4_MAX, TEXT_LIMITS } from "../text.js";

/**
 * Field pieces shared by the request schemas. Multipart ("form") calls carry every field as text,
 * so these accept both the JSON value and its multipart spelling and give the server one shape:
 * `v.parse(Schema, Object.fromEntries(await request.formData()))` works as well as
 * `v.parse(Schema, await request.json())`.
 */

/** An identifier: a non-empty string, or a number (multipart always gives a string). */
export const IdSchema = v.union([
  v.pipe(v.string(), v.nonEmpty("This ID is required."), v.maxLength(TEXT_LIMITS.name, "This ID is too long.")),
  v.pipe(v.number(), v.safeInteger("This ID must be a whole number.")),
]);

/** A required, non-empty string of at most `max` characters (a name unless told: `TEXT_LIMITS`). */
export const requiredText = /* @__NO_SIDE_EFFECTS__ */ (message = "This field is required.", max: number = TEXT_LIMITS.name) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(message), v.maxLength(max, `Use at most ${max.toLocaleString("en-US")} characters.`));

/** A boolean, also spelled `"true"`/`"false"`/`"1"`/`"0"` in multipart bodies. */
export const FormBooleanSchema = v.union([
  v.boolean(),
  v.pipe(
    v.picklist(["true", "false", "1", "0"]),
    v.transform((value) => value === "true" || value === "1"),
  ),
]);

/**
 * A number, also spelled as decimal text in multipart bodies and query strings, within the range
 * of a PostgreSQL `integer` column (every such field is stored in one or compared with one).
 */
export const FormNumberSchema = v.pipe(
  v.union([
    v.number(),
    v.pipe(
      v.string(),
      v.regex(/^-?\d{1,16}(\.\d{1,16})?$/, "Expected a number."),
      v.transform(Number),
    ),
  ]),
  v.minValue(-INT4_MAX, `Use a number from ${(-INT4_MAX).toLocaleString("en-US")} to ${INT4_MAX.toLocaleString("en-US")}.`),
  v.maxValue(INT4_MAX, `Use a number from ${(-INT4_MAX).toLocaleString("en-US")} to ${INT4_MAX.toLocaleString("en-US")}.`),
);

/**
 * A structured field (the `blocks` of integrations and timelines): the value itself in a JSON
 * body, or its JSON text in a multipart body.
 */
export const jsonField = /* @__NO_SIDE_EFFECTS__ */ <const TSchema extends v.GenericSchema>(schema: TSchema) =>
  v.union([schema, v.pipe(v.string(), v.parseJson(), schema)]);

/** A free-form object of named values (credentials, user fields the server decides on). */
export const RecordSchema = v.record(v.string(), v.unknown());

/** A body with only `webinarTimeline` (the ID of a master timeline). */
export const WebinarTimelineRequestSchema = v.object({ webinarTimeline: IdSchema });
export type WebinarTimelineRequest = v.InferInput<typeof WebinarTimelineRequestSchema>;

/** A body with only `integrationID`. */
export const IntegrationIdRequestSchema = v.object({ integrationID: IdSchema });
export type IntegrationIdRequest = v.InferInput<typeof IntegrationIdRequestSchema>;
