import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { issuePath } from "../test-support/issuePath.js";
import { RegistrationSettingSchema } from "./registration.js";

describe("RegistrationSettingSchema", () => {
  it("fills the master's defaults: one-time, page setup, whitelist off", () => {
    expect(v.parse(RegistrationSettingSchema, {})).toEqual({
      customForms: [],
      block: false,
      registrationStart: 0,
      registrationSubject: "",
      registrationBody: "",
      customeEnable: false,
      type: "one-time",
      isInnerPageEnabled: false,
      setupType: "page",
      whitelist: { enabled: false, domains: [] },
    });
  });

  it("keeps custom fields and whitelisted domains", () => {
    const registration = v.parse(RegistrationSettingSchema, {
      customeEnable: true,
      customForms: [
        { name: "company", label: "Company", required: true },
        { name: "plan", type: "select", options: ["a", "b"] },
      ],
      whitelist: { enabled: true, domains: ["example.com", "pages.example.org"] },
      type: "multi-option",
    });
    expect(registration.customForms).toEqual([
      { name: "company", label: "Company", type: "text", required: true },
      { name: "plan", label: "", type: "select", required: false, options: ["a", "b"] },
    ]);
    expect(registration.whitelist.domains).toEqual(["example.com", "pages.example.org"]);
    expect(registration.type).toBe("multi-option");
  });

  it("names the wrong field", () => {
    expect(issuePath(RegistrationSettingSchema, { type: "recurring" })).toBe("type");
    expect(
      issuePath(RegistrationSettingSchema, { whitelist: { domains: ["example.com", "https://bad.com"] } }),
    ).toBe("whitelist.domains.1");
    expect(issuePath(RegistrationSettingSchema, { customForms: [{ label: "No name" }] })).toBe("customForms.0.name");
    expect(issuePath(RegistrationSettingSchema, { setupType: "" })).toBe("setupType");
    expect(issuePath(RegistrationSettingSchema, { customeEnable: "false" })).toBe("customeEnable");
  });
});
