import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { FormNumberSchema, IdSchema } from "./requests/fields.js";
import { findInputProblem, numberProblem, text, textProblem, TEXT_LIMITS } from "./text.js";

const LONE_HIGH = String.fromCharCode(0xd800);
const LONE_LOW = String.fromCharCode(0xdc00);

describe("text that can be stored", () => {
  it("refuses a NUL and unpaired surrogates, keeps pairs and everything else", () => {
    expect(textProblem("a\u0000b")).toBe("contains a NUL character (\\u0000), which text cannot hold");
    expect(textProblem(`a${LONE_HIGH}b`)).toBe("contains a broken character (an unpaired UTF-16 surrogate)");
    expect(textProblem(`a${LONE_LOW}`)).toBe("contains a broken character (an unpaired UTF-16 surrogate)");
    expect(textProblem(`${LONE_LOW}${LONE_HIGH}`)).toBeDefined();
    for (const fine of ["", "Café", "😀 emoji pair", "\u0001 control", "日本語"]) expect(textProblem(fine)).toBeUndefined();
  });

  it("refuses numbers no field means", () => {
    expect(numberProblem(1e308)).toBe("is too large (at most 9007199254740991)");
    expect(numberProblem(Number.POSITIVE_INFINITY)).toBe("must be a finite number");
    expect(numberProblem(-(2 ** 53))).toBeDefined();
    expect(numberProblem(2 ** 53 - 1)).toBeUndefined();
    expect(numberProblem(0.5)).toBeUndefined();
  });

  it("finds the first problem anywhere in a request value, with its field", () => {
    expect(findInputProblem({ name: "Ann", blocks: { "-1": [{ model: { message: "a\u0000" } }] } })).toEqual({
      field: "blocks.-1.0.model.message",
      message: '"blocks.-1.0.model.message" contains a NUL character (\\u0000), which text cannot hold.',
    });
    expect(findInputProblem({ fields: { [`k${LONE_HIGH}`]: "x" } })?.field).toBe("fields");
    expect(findInputProblem({ attendedSeconds: 1e308 })?.field).toBe("attendedSeconds");
    expect(findInputProblem({ file: new File(["x"], "a\u0000.mp4") })).toEqual({
      field: "file",
      message: 'The file name of "file" contains a NUL character (\\u0000), which text cannot hold.',
    });
    expect(findInputProblem({ ok: ["fine", 1, true, null, { deep: "yes" }] })).toBeUndefined();
  });

  it("text(max) refuses what cannot be stored and what is too long", () => {
    const Name = text(TEXT_LIMITS.name);
    expect(v.is(Name, "x".repeat(200))).toBe(true);
    expect(v.safeParse(Name, "x".repeat(201)).issues?.[0]?.message).toBe("Use at most 200 characters.");
    expect(v.safeParse(Name, "a\u0000").issues?.[0]?.message).toBe("The text contains a NUL character (\\u0000), which text cannot hold.");
  });

  it("request numbers stay within a PostgreSQL integer, ids within safe integers", () => {
    expect(v.parse(FormNumberSchema, "2147483647")).toBe(2147483647);
    expect(v.is(FormNumberSchema, 2147483648)).toBe(false);
    expect(v.is(FormNumberSchema, "1e308")).toBe(false);
    expect(v.is(FormNumberSchema, -2147483648)).toBe(false);
    expect(v.is(IdSchema, 1e308)).toBe(false);
    expect(v.is(IdSchema, 42)).toBe(true);
  });
});
