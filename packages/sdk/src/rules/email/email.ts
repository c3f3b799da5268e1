import * as v from "valibot";
import { fail, pass, type RuleResult } from "../result.js";
import { ruleAction } from "../ruleAction.js";

/** The longest address SMTP can carry (RFC 5321 path limit minus the angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

/*
 * Spec §5: "a general address pattern with a 2 to 10 letter suffix". Our reading:
 * - local part: the RFC 5322 "atext" characters, dot-separated (no leading, trailing or double dot);
 * - domain: one or more labels of letters, digits and inner hyphens, each followed by a dot;
 * - suffix (the last label): 2 to 10 ASCII letters only, so `.com` and `.photography` (11) differ.
 * Quoted local parts and IP-literal domains are not accepted: no sign-up form needs them.
 */
const LOCAL = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*";
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?";
const EMAIL_PATTERN = /* @__PURE__ */ new RegExp(`^${LOCAL}@(?:${LABEL}\\.)+[A-Za-z]{2,10}$`);
const SUFFIX_PATTERN = /\.[A-Za-z]{2,10}$/;

/**
 * Checks an email address against spec §5 and says what to fix. The value is not trimmed: trim in
 * the form (e.g. `v.trim()` before {@link EmailRule}) if pasted spaces should be forgiven.
 *
 * @example
 * checkEmail("ana@example.com"); // { ok: true }
 * checkEmail("ana@example.c");
 * // { ok: false, message: "The email address must end in a 2 to 10 letter suffix, like .com or .co.uk." }
 */
export function checkEmail(value: string): RuleResult {
  if (value.length === 0) return fail("Enter an email address.");
  if (/\s/.test(value)) return fail("Remove the spaces from the email address.");
  const at = value.split("@").length - 1;
  if (at === 0) return fail("An email address needs an @, like name@example.com.");
  if (at > 1) return fail("An email address can contain only one @.");
  if (value.length > EMAIL_MAX_LENGTH) {
    return fail(`An email address can be at most ${EMAIL_MAX_LENGTH} characters long.`);
  }
  if (!SUFFIX_PATTERN.test(value)) {
    return fail("The email address must end in a 2 to 10 letter suffix, like .com or .co.uk.");
  }
  if (!EMAIL_PATTERN.test(value)) return fail("Enter a valid email address, like name@example.com.");
  return pass();
}

/**
 * True when `value` is a string that passes {@link checkEmail}.
 *
 * @example
 * isEmail("ana@example.com"); // true
 * isEmail(42); // false
 */
export function isEmail(value: unknown): value is string {
  return typeof value === "string" && checkEmail(value).ok;
}

/**
 * The email rule as a valibot pipe piece, for composing: `v.pipe(v.string(), v.trim(), EmailRule)`.
 *
 * @example
 * v.is(v.pipe(v.string(), EmailRule), "ana@example.com"); // true
 */
export const EmailRule = /* @__PURE__ */ ruleAction(checkEmail);

/**
 * A string that is an email address (spec §5), failing with {@link checkEmail}'s message.
 *
 * @example
 * v.safeParse(EmailSchema, "ana@").success; // false
 */
export const EmailSchema = /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string("Enter an email address."), EmailRule);
