import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { EMAIL_MAX_LENGTH, EmailSchema, checkEmail, isEmail } from "./email.js";

describe("checkEmail", () => {
  it.each([
    "ana@example.com",
    "ana.maria+webinars@mail.example.co.uk",
    "o'brien@example.ie",
    "x@a-b.io",
    "UPPER@EXAMPLE.COM",
    "ana@example.de", // 2-letter suffix, the shortest allowed
    "ana@example.technology", // 10-letter suffix, the longest allowed
  ])("accepts %s", (email) => {
    expect(checkEmail(email)).toEqual({ ok: true });
    expect(isEmail(email)).toBe(true);
  });

  it.each([
    ["", "Enter an email address."],
    ["ana @example.com", "Remove the spaces from the email address."],
    [" ana@example.com", "Remove the spaces from the email address."],
    ["ana.example.com", "An email address needs an @, like name@example.com."],
    ["ana@b@example.com", "An email address can contain only one @."],
    // 1-letter and 11-letter suffixes are outside 2..10
    ["ana@example.c", "The email address must end in a 2 to 10 letter suffix, like .com or .co.uk."],
    ["ana@example.photography", "The email address must end in a 2 to 10 letter suffix, like .com or .co.uk."],
    ["ana@example.c0m", "The email address must end in a 2 to 10 letter suffix, like .com or .co.uk."],
    ["ana@localhost", "The email address must end in a 2 to 10 letter suffix, like .com or .co.uk."],
    ["@example.com", "Enter a valid email address, like name@example.com."],
    ["ana@.com", "Enter a valid email address, like name@example.com."],
    ["ana..maria@example.com", "Enter a valid email address, like name@example.com."],
    [".ana@example.com", "Enter a valid email address, like name@example.com."],
    ["ana@-example.com", "Enter a valid email address, like name@example.com."],
    ["ana@example-.com", "Enter a valid email address, like name@example.com."],
    ["ana(x)@example.com", "Enter a valid email address, like name@example.com."],
  ])("rejects %j", (email, message) => {
    expect(checkEmail(email)).toEqual({ ok: false, message });
    expect(isEmail(email)).toBe(false);
  });

  it("rejects an address longer than the SMTP limit", () => {
    const email = `${"a".repeat(EMAIL_MAX_LENGTH - "@example.com".length + 1)}@example.com`;
    expect(checkEmail(email)).toEqual({
      ok: false,
      message: "An email address can be at most 254 characters long.",
    });
    expect(checkEmail(email.slice(1)).ok).toBe(true);
  });

  it.each([undefined, null, 42, {}])("isEmail(%j) is false for non-strings", (value) => {
    expect(isEmail(value)).toBe(false);
  });
});

describe("EmailSchema", () => {
  it("parses a valid address", () => {
    expect(v.parse(EmailSchema, "ana@example.com")).toBe("ana@example.com");
  });

  it("reports the rule's message", () => {
    const result = v.safeParse(EmailSchema, "ana@example.c");
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe(
      "The email address must end in a 2 to 10 letter suffix, like .com or .co.uk.",
    );
  });

  it("rejects a non-string with one issue, never running the rule on it", () => {
    const result = v.safeParse(EmailSchema, 42);
    expect(result.issues?.map((issue) => issue.message)).toEqual(["Enter an email address."]);
  });
});
