import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { BannerContentSchema, createBannerContent } from "./banner.js";
import { issuePath } from "./test-support/issuePath.js";

describe("BannerContentSchema", () => {
  it("fills the spec's defaults", () => {
    expect(createBannerContent()).toEqual({
      color: "#2B67AA",
      mobileHeading: "",
      fullHeading: "",
      buttonTitle: "",
      link: "",
    });
  });

  it("keeps configured content", () => {
    const content = {
      color: "#ff0000",
      mobileHeading: "New!",
      fullHeading: "New: evergreen replays",
      buttonTitle: "Read more",
      link: "https://example.com/news",
    };
    expect(v.parse(BannerContentSchema, content)).toEqual(content);
  });

  it("names a bad colour or link", () => {
    expect(issuePath(BannerContentSchema, { color: "blue" })).toBe("color");
    expect(issuePath(BannerContentSchema, { link: "javascript:alert(1)" })).toBe("link");
  });
});
