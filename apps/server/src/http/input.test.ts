import type * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  ChangePlanRequestSchema,
  CreateTokenRequestSchema,
  LoginRequestSchema,
  UpdateUserRequestSchema,
} from "@cuepoint/sdk";
import { HttpError } from "./errors.js";
import { parseInput } from "./input.js";

const problem = (schema: v.GenericSchema, value: unknown) => {
  try {
    parseInput(schema, value);
    return undefined;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, message: error.message, field: error.field };
  }
};

describe("parseInput", () => {
  it("passes the SDK schema's output through (multipart spellings decoded)", () => {
    expect(parseInput(LoginRequestSchema, { email: " a@b.co ", password: "x", remember: "true" })).toEqual({
      email: "a@b.co",
      password: "x",
      remember: true,
    });
  });

  it("reports the SDK rule's message and the dotted field path", () => {
    expect(problem(UpdateUserRequestSchema, { profile: { theme: "neon" } })).toMatchObject({
      status: 400,
      field: "profile.theme",
    });
    expect(problem(UpdateUserRequestSchema, { email: "a@b" })).toEqual({
      status: 400,
      field: "email",
      message: "The email address must end in a 2 to 10 letter suffix, like .com or .co.uk.",
    });
    expect(problem(CreateTokenRequestSchema, { name: "x", scopes: ["a", 3] })).toMatchObject({ field: "scopes.1" });
  });

  it("names a missing field, also inside a union", () => {
    expect(problem(ChangePlanRequestSchema, { frequency: "monthly" })).toEqual({
      status: 400,
      field: "plan",
      message: '"plan" is required.',
    });
    expect(problem(LoginRequestSchema, { password: "x" })).toMatchObject({
      field: "email",
      message: '"email" is required.',
    });
  });

  it("says which type was expected", () => {
    expect(problem(CreateTokenRequestSchema, { name: "x", scopes: "account:read" })).toEqual({
      status: 400,
      field: "scopes",
      message: '"scopes" has the wrong type: Expected Array but received "account:read".',
    });
  });
});
