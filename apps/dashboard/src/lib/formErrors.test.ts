import { ApiError } from "@cuepoint/sdk";
import { describe, expect, it } from "vitest";
import { formErrorsFrom, ruleMessage } from "./formErrors.js";

describe("formErrorsFrom", () => {
  it("puts a server error with a field inline", () => {
    const error = new ApiError("Give the token a name.", 400, { message: "Give the token a name.", field: "name" });
    expect(formErrorsFrom(error)).toEqual({ fields: { name: "Give the token a name." } });
  });
  it("makes anything else a form-level message", () => {
    expect(formErrorsFrom(new ApiError("Wrong password.", 422, { message: "Wrong password." }))).toEqual({ fields: {}, form: "Wrong password." });
    expect(formErrorsFrom("boom")).toEqual({ fields: {}, form: "Something went wrong. Try again." });
  });
  it("reads SDK rule results", () => {
    expect(ruleMessage({ ok: true })).toBeUndefined();
    expect(ruleMessage({ ok: false, message: "Enter an email address." })).toBe("Enter an email address.");
  });
});
