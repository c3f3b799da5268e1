import * as v from "valibot";
import { expect } from "vitest";

/**
 * Parses `input`, asserts that it fails, and returns the dot path of the first issue, so tests can
 * check that a bad field is named (`"general.timeZone"`), not just that parsing failed.
 */
export function issuePath(schema: v.GenericSchema, input: unknown): string | null {
  const result = v.safeParse(schema, input);
  expect(result.success, "expected the input to be rejected").toBe(false);
  const issue = result.issues?.[0];
  return issue ? v.getDotPath(issue) : null;
}
