import { ApiError } from "@cuepoint/sdk";
import { describe, expect, it } from "vitest";
import { formErrorsFrom, issueErrors, ruleMessage } from "./formErrors.js";

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

describe("issueErrors", () => {
  it("keeps the first message of each top-level field, by plain or object path keys", () => {
    const issues = [
      { message: "Enter the host.", path: [{ key: "host" }] },
      { message: "Second host message.", path: ["host"] },
      { message: "Port must be a whole number.", path: ["port", 0] },
      { message: "About the whole form." },
    ];
    expect(issueErrors(issues)).toEqual({ host: "Enter the host.", port: "Port must be a whole number." });
  });
});
