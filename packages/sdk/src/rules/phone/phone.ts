import * as v from "valibot";
import { fail, pass, type RuleResult } from "../result.js";
import { ruleAction } from "../ruleAction.js";

/** Characters a phone number may be written with, 3 to 40 of them. */
const PHONE_PATTERN = /^\+?[0-9()\-.\s]{3,40}$/;

/** The message of a phone number that is not one. */
export const PHONE_MESSAGE = "Enter a phone number: digits, spaces and + ( ) - . only.";

/*
 * The spec names a registrant's phone but gives no rule. Numbers are typed in every national
 * style ("+1 (555) 010-1234", "0612 34 56 78"), so this checks only what any of them is: an
 * optional leading +, then digits, spaces and ( ) - . — and at least three digits. Deciding
 * whether the number exists is the SMS service's job.
 */

/**
 * Checks a phone number as a visitor typed it (not trimmed: trim in the form first).
 *
 * @example
 * checkPhone("+1 (555) 010-1234"); // { ok: true }
 * checkPhone("call me"); // { ok: false, message: "Enter a phone number: digits, spaces and + ( ) - . only." }
 */
export function checkPhone(value: string): RuleResult {
  if (value.length === 0) return fail("Enter a phone number.");
  if (!PHONE_PATTERN.test(value)) return fail(PHONE_MESSAGE);
  if (value.replace(/\D/g, "").length < 3) return fail("A phone number needs at least 3 digits.");
  return pass();
}

/**
 * True when `value` is a string that passes {@link checkPhone}.
 *
 * @example
 * isPhone("0612 34 56 78"); // true
 * isPhone(612345678); // false
 */
export function isPhone(value: unknown): value is string {
  return typeof value === "string" && checkPhone(value).ok;
}

/**
 * The phone rule as a valibot pipe piece: `v.pipe(v.string(), v.trim(), PhoneRule)`.
 *
 * @example
 * v.is(v.pipe(v.string(), PhoneRule), "+44 20 7946 0958"); // true
 */
export const PhoneRule = /* @__PURE__ */ ruleAction(checkPhone);

/**
 * An optional phone number: trimmed, empty allowed, otherwise {@link checkPhone}'s rule.
 *
 * @example
 * v.parse(OptionalPhoneSchema, "  "); // ""
 * v.safeParse(OptionalPhoneSchema, "call me").success; // false
 */
export const OptionalPhoneSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.string("Enter a phone number."),
  /* @__PURE__ */ v.trim(),
  /* @__PURE__ */ ruleAction((value: string) => (value === "" ? pass() : checkPhone(value))),
);
