import type { Context } from "hono";
import { findInputProblem } from "@cuepoint/sdk";
import * as v from "valibot";
import { badRequest, HttpError } from "./errors.js";

/**
 * Reads a request body into a plain object for the SDK's request schemas: JSON as is, multipart
 * and url-encoded forms through `Object.fromEntries` (files stay `File`s; the schemas decode the
 * text spellings of booleans, numbers and JSON fields). No body reads as `{}`, so a missing field
 * is reported by name like any other.
 */
export async function readBody(c: Context): Promise<unknown> {
  const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "multipart/form-data" || type === "application/x-www-form-urlencoded") {
    try {
      return Object.fromEntries(await c.req.formData());
    } catch {
      throw badRequest("The form data of the request could not be read.");
    }
  }
  const text = await c.req.text();
  if (text.trim() === "") return {};
  if (type !== "application/json" && type !== "") {
    throw new HttpError(415, "Send the request body as JSON or multipart/form-data.");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("The request body is not valid JSON.");
  }
}

type Issue = v.BaseIssue<unknown>;

/**
 * The issue to report: the first one, but inside a union (login is "email and password, or an
 * access token") the most specific nested issue, which is the one that names a field.
 */
function deepestIssue(issue: Issue): Issue {
  let current = issue;
  while (!current.path && current.issues?.[0]) current = current.issues[0];
  return current;
}

/** A sentence for the person, with the field it concerns. SDK rules already speak that way. */
export function describeIssue(issue: Issue): { message: string; field: string | undefined } {
  const chosen = deepestIssue(issue);
  const field = v.getDotPath(chosen) ?? undefined;
  if (chosen.kind === "schema" && chosen.input === undefined && field) {
    return { message: `"${field}" is required.`, field };
  }
  if (chosen.kind === "schema" && field && chosen.message.startsWith("Invalid ")) {
    return { message: `"${field}" has the wrong type: ${chosen.message.replace(/^Invalid \w+: /, "")}.`, field };
  }
  return { message: chosen.message, field };
}

/**
 * Refuses a request value holding text that cannot be stored (a NUL, an unpaired surrogate) or a
 * number out of range anywhere in it, with a 400 naming the field: the SDK's `findInputProblem`,
 * run on every query, body and multipart field before its schema (free-form values included).
 */
export function assertStorableInput(value: unknown): void {
  const problem = findInputProblem(value);
  if (problem) throw badRequest(problem.message, problem.field || undefined);
}

/**
 * Parses `value` with an SDK schema, or throws a 400 naming the field and what to fix. Text that
 * cannot be stored is refused first, anywhere in the value (`assertStorableInput`).
 */
export function parseInput<TSchema extends v.GenericSchema>(schema: TSchema, value: unknown): v.InferOutput<TSchema> {
  assertStorableInput(value);
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  if (result.success) return result.output;
  const first = result.issues[0];
  const { message, field } = describeIssue(first);
  throw badRequest(message, field);
}
