import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  ColorModeSchema,
  DEFAULT_LOCALE_CONFIG,
  LocaleConfigSchema,
  PersonalAccessTokenSchema,
  PurchaseSchema,
  ResourceStatusSchema,
  TemplateFormSchema,
} from "./account.js";
import { issuePath } from "./test-support/issuePath.js";

describe("ResourceStatusSchema", () => {
  it("parses usage and defaults additional actions to 0", () => {
    expect(v.parse(ResourceStatusSchema, { actions: 120, webinar_hours: 3.5, recurring_timelines: 2 })).toEqual({
      actions: 120,
      webinar_hours: 3.5,
      recurring_timelines: 2,
      additional_actions: 0,
    });
  });

  it("names the wrong field", () => {
    expect(issuePath(ResourceStatusSchema, { actions: "120", webinar_hours: 0, recurring_timelines: 0 })).toBe(
      "actions",
    );
    expect(issuePath(ResourceStatusSchema, { actions: 1, webinar_hours: -1, recurring_timelines: 0 })).toBe(
      "webinar_hours",
    );
  });
});

describe("PurchaseSchema", () => {
  it("takes action packs of at least one", () => {
    expect(v.parse(PurchaseSchema, { type: "actions", quantity: 5000 })).toEqual({ type: "actions", quantity: 5000 });
    expect(issuePath(PurchaseSchema, { type: "hours", quantity: 1 })).toBe("type");
    expect(issuePath(PurchaseSchema, { type: "actions", quantity: 0 })).toBe("quantity");
    expect(issuePath(PurchaseSchema, { type: "actions", quantity: 1.5 })).toBe("quantity");
  });
});

describe("PersonalAccessTokenSchema", () => {
  it("parses a token and defaults its optional dates to null", () => {
    expect(v.parse(PersonalAccessTokenSchema, { id: "tok_1", name: "CI", scopes: ["webinars:read"] })).toEqual({
      id: "tok_1",
      name: "CI",
      scopes: ["webinars:read"],
      last_used_at: null,
      expires_at: null,
    });
  });

  it("names the wrong field", () => {
    expect(issuePath(PersonalAccessTokenSchema, { id: "tok_1", name: "CI", scopes: "all" })).toBe("scopes");
    expect(
      issuePath(PersonalAccessTokenSchema, { id: "tok_1", name: "CI", scopes: [], expires_at: "soon" }),
    ).toBe("expires_at");
  });
});

describe("TemplateFormSchema", () => {
  it("keeps the fields the spec does not show", () => {
    const form = { id: "f_1", name: "Short", fields: [{ name: "email" }], layout: "one-column" };
    expect(v.parse(TemplateFormSchema, form)).toEqual(form);
    expect(issuePath(TemplateFormSchema, { name: "No id" })).toBe("id");
  });
});

describe("ColorModeSchema", () => {
  it("defaults to the system preference", () => {
    expect(v.parse(ColorModeSchema, {})).toEqual({ preference: "system", value: "light", unknown: false, forced: false });
    expect(issuePath(ColorModeSchema, { preference: "sepia" })).toBe("preference");
    expect(issuePath(ColorModeSchema, { value: "system" })).toBe("value");
  });
});

describe("LocaleConfigSchema", () => {
  it("defaults the direction to left-to-right", () => {
    expect(v.parse(LocaleConfigSchema, { code: "en-US", iso: "en-US" })).toEqual({
      code: "en-US",
      iso: "en-US",
      dir: "ltr",
    });
    expect(issuePath(LocaleConfigSchema, { code: "en-US", iso: "en-US", dir: "up" })).toBe("dir");
  });

  it("has en-US as the default locale", () => {
    expect(DEFAULT_LOCALE_CONFIG).toEqual({ code: "en-US", iso: "en-US", dir: "ltr" });
    expect(v.parse(LocaleConfigSchema, DEFAULT_LOCALE_CONFIG)).toEqual(DEFAULT_LOCALE_CONFIG);
  });
});
