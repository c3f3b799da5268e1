import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { BannerContentSchema, bannerHeadings, createBannerContent } from "./banner.js";
import { issuePath } from "./test-support/issuePath.js";

describe("BannerContentSchema", () => {
  it("fills the spec's defaults", () => {
    expect(createBannerContent()).toEqual({
      color: "#2B67AA",
      mobileHeading: "",
      fullHeading: "",
      buttonTitle: "",
      link: "",
      connectedHeading: "",
      connectedMobileHeading: "",
    });
  });

  it("keeps configured content", () => {
    const content = {
      color: "#ff0000",
      mobileHeading: "New!",
      fullHeading: "New: evergreen replays",
      buttonTitle: "Read more",
      link: "https://example.com/news",
      connectedHeading: "",
      connectedMobileHeading: "",
    };
    expect(v.parse(BannerContentSchema, content)).toEqual(content);
  });

  it("names a bad colour or link", () => {
    expect(issuePath(BannerContentSchema, { color: "blue" })).toBe("color");
    expect(issuePath(BannerContentSchema, { link: "javascript:alert(1)" })).toBe("link");
  });
});

describe("bannerHeadings", () => {
  const demo = {
    fullHeading: "Nothing here sends real messages.",
    mobileHeading: "Demo",
    connectedHeading: "Your connected integrations send real messages.",
    connectedMobileHeading: "Demo: messages are real",
  };

  it("gives an account with a connected integration the connected headings", () => {
    expect(bannerHeadings(demo, { connected: false })).toEqual({ full: "Nothing here sends real messages.", mobile: "Demo" });
    expect(bannerHeadings(demo, { connected: true })).toEqual({
      full: "Your connected integrations send real messages.",
      mobile: "Demo: messages are real",
    });
  });

  it("keeps the usual headings for a banner without connected ones, and falls back to the full heading on mobile", () => {
    const plain = { fullHeading: "Maintenance on Sunday" };
    expect(bannerHeadings(plain, { connected: true })).toEqual({ full: "Maintenance on Sunday", mobile: "Maintenance on Sunday" });
    expect(bannerHeadings({ ...demo, connectedMobileHeading: "" }, { connected: true }).mobile).toBe(demo.connectedHeading);
    expect(bannerHeadings(undefined, { connected: true })).toEqual({ full: "", mobile: "" });
  });
});
