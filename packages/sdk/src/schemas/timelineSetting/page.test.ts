import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { issuePath } from "../test-support/issuePath.js";
import { PageSettingSchema } from "./page.js";

const ownPage = { type: "default", url: "" };

describe("PageSettingSchema", () => {
  it("defaults every page to the product's own page", () => {
    expect(v.parse(PageSettingSchema, {})).toEqual({
      confirmation: ownPage,
      registration: ownPage,
      countdown: ownPage,
      replay: ownPage,
      pixel: { enabled: false, code: "" },
      cta: { enabled: false, headline: "", subheadline: "", buttonTitle: "", link: "" },
      join: ownPage,
      builder: "",
    });
  });

  it("keeps a custom page with its URL", () => {
    const page = v.parse(PageSettingSchema, { replay: { type: "custom", url: "https://example.com/replay" } });
    expect(page.replay).toEqual({ type: "custom", url: "https://example.com/replay" });
  });

  it("names the wrong field", () => {
    expect(issuePath(PageSettingSchema, { replay: { type: "custom" } })).toBe("replay.url");
    expect(issuePath(PageSettingSchema, { join: { url: "not a url" } })).toBe("join.url");
    expect(issuePath(PageSettingSchema, { confirmation: { type: "external" } })).toBe("confirmation.type");
    expect(issuePath(PageSettingSchema, { cta: { link: "ftp://example.com" } })).toBe("cta.link");
  });
});
