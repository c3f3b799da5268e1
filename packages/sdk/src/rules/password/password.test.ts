import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../constants.js";
import { PASSWORD_REQUIREMENTS, PasswordSchema, checkPassword, passwordProblems } from "./password.js";

/** A valid password of exactly `length` characters. */
const validOfLength = (length: number) => `Aa1!${"x".repeat(length - 4)}`;

describe("checkPassword", () => {
  it.each([
    ["exactly the minimum length", validOfLength(PASSWORD_MIN_LENGTH)],
    ["exactly the maximum length", validOfLength(PASSWORD_MAX_LENGTH)],
    ["a typical password", "Webinar#2024"],
    ["non-ASCII letters", "Ééééé#2024"],
    ["a symbol outside ASCII as the special character", "Webinar€2024"],
  ])("accepts %s", (_, password) => {
    expect(checkPassword(password)).toEqual({ ok: true });
    expect(passwordProblems(password)).toEqual([]);
  });

  it.each([
    [validOfLength(PASSWORD_MIN_LENGTH - 1), "Password needs at least 8 characters (it has 7)."],
    [validOfLength(PASSWORD_MAX_LENGTH + 1), "Password can have at most 100 characters (it has 101)."],
    ["Webinar#year", "Password needs at least one digit."],
    ["WEBINAR#2024", "Password needs at least one lowercase letter."],
    ["webinar#2024", "Password needs at least one uppercase letter."],
    ["Webinar2024", "Password needs at least one special character (like ! @ # $)."],
    ["Webinar #2024", "Password can't contain spaces or other whitespace."],
    ["Webinar\t#2024", "Password can't contain spaces or other whitespace."],
    ["webinar2024", "Password needs at least one uppercase letter and one special character (like ! @ # $)."],
    ["", "Password needs at least 8 characters (it has 0). It also needs at least one digit, one lowercase letter, one uppercase letter and one special character (like ! @ # $)."],
    ["Ab 1!", "Password needs at least 8 characters (it has 5). Remove any spaces."],
  ])("rejects %j", (password, message) => {
    expect(checkPassword(password)).toEqual({ ok: false, message });
  });

  it("counts an emoji as one character", () => {
    expect(checkPassword("Aa1😀xyz").ok).toBe(false); // 7 characters, 8 UTF-16 units
    expect(checkPassword("Aa1😀xyzw").ok).toBe(true);
  });
});

describe("passwordProblems", () => {
  it("lists every unmet requirement in checklist order", () => {
    expect(passwordProblems("secret").map((problem) => problem.requirement)).toEqual([
      "minLength",
      "digit",
      "uppercase",
      "special",
    ]);
    expect(passwordProblems(" ".repeat(101)).map((problem) => problem.requirement)).toEqual([
      "maxLength",
      "digit",
      "lowercase",
      "uppercase",
      "special",
      "noWhitespace",
    ]);
  });

  it("every problem is one of the checklist's requirements", () => {
    const known = PASSWORD_REQUIREMENTS.map((item) => item.requirement);
    for (const problem of passwordProblems(" ".repeat(101))) expect(known).toContain(problem.requirement);
  });
});

describe("PasswordSchema", () => {
  it("parses a valid password and reports the rule's message otherwise", () => {
    expect(v.parse(PasswordSchema, "Webinar#2024")).toBe("Webinar#2024");
    expect(v.safeParse(PasswordSchema, "webinar#2024").issues?.[0]?.message).toBe(
      "Password needs at least one uppercase letter.",
    );
  });
});
