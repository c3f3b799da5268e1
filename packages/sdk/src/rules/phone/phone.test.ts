import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { OptionalPhoneSchema, PHONE_MESSAGE, PhoneRule, checkPhone, isPhone } from "./phone.js";

describe("checkPhone", () => {
  it.each(["+1 (555) 010-1234", "0612 34 56 78", "+44.20.7946.0958", "555", "112"])("accepts %s", (phone) => {
    expect(checkPhone(phone)).toEqual({ ok: true });
    expect(isPhone(phone)).toBe(true);
  });

  it.each([
    ["", "Enter a phone number."],
    ["call me", PHONE_MESSAGE],
    ["555-CALL", PHONE_MESSAGE],
    ["++1 555", PHONE_MESSAGE],
    ["12", PHONE_MESSAGE], // 3 characters minimum
    ["1 5", "A phone number needs at least 3 digits."],
    ["(1) -", "A phone number needs at least 3 digits."],
    ["1".repeat(41), PHONE_MESSAGE],
  ])("rejects %j", (phone, message) => {
    expect(checkPhone(phone)).toEqual({ ok: false, message });
    expect(isPhone(phone)).toBe(false);
  });

  it("is false for non-strings", () => {
    expect(isPhone(5550101)).toBe(false);
  });
});

describe("PhoneRule and OptionalPhoneSchema", () => {
  it("report the rule's message", () => {
    expect(v.safeParse(v.pipe(v.string(), PhoneRule), "call me").issues?.[0]?.message).toBe(PHONE_MESSAGE);
  });
  it("forgive surrounding spaces and take an empty phone", () => {
    expect(v.parse(OptionalPhoneSchema, " +1 555 0101 ")).toBe("+1 555 0101");
    expect(v.parse(OptionalPhoneSchema, "   ")).toBe("");
    expect(v.safeParse(OptionalPhoneSchema, "call me").issues?.[0]?.message).toBe(PHONE_MESSAGE);
  });
});
