import * as v from "valibot";
import { credentialSchemaFor, type IntegrationKind } from "@cuepoint/sdk";
import { badRequest, HttpError } from "../http/errors.js";
import { describeIssue } from "../http/input.js";
import { ServiceError } from "./serviceCall.js";

/**
 * A kind's credential form, checked with the SDK's `credentialSchemaFor(kind)` (never a copy of
 * its rules): 400 naming the field under `prefix` (`blocks.api_key`). Unknown fields are dropped,
 * and an emptied optional field ("") means "not set" and is left out.
 */
export function parseCredentials(
  kind: IntegrationKind,
  fields: Record<string, unknown>,
  prefix?: string,
): Record<string, string | number> {
  const result = v.safeParse(credentialSchemaFor(kind), fields, { abortPipeEarly: true });
  if (!result.success) {
    const { message, field } = describeIssue(result.issues[0]);
    throw badRequest(message, prefix && field ? `${prefix}.${field}` : field);
  }
  const output = result.output as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(output).filter(
      (entry): entry is [string, string | number] =>
        (typeof entry[1] === "string" && entry[1] !== "") || typeof entry[1] === "number",
    ),
  );
}

/** Same values, whatever the key order. */
export const sameValues = (a: Record<string, unknown>, b: Record<string, unknown>): boolean => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => String(a[key] ?? "") === String(b[key] ?? ""));
};

/**
 * Runs a call to a service and turns its refusal into an answer: 422 when the service said no
 * (bad credentials, unknown list), 502 when it could not be reached or failed; the message is
 * the service's own words (spec §8: "server message returned").
 */
export async function throughService<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asHttpError(error);
  }
}

export function asHttpError(error: unknown): unknown {
  if (error instanceof ServiceError) return new HttpError(error.reason === "refused" ? 422 : 502, error.message);
  return error;
}
