import { describe, expect, it } from "vitest";
import { bannerVisible } from "./Banner.js";

const content = { fullHeading: "Maintenance on Sunday", mobileHeading: "Maintenance" };
const at = (routeName: string, url = "http://x/#/", dismissed: string | null = null) => ({ routeName, url, dismissed });

describe("bannerVisible (spec §2, §4)", () => {
  it("shows a configured full heading", () => {
    expect(bannerVisible(content, at("index___en-US"))).toBe(true);
  });
  it("needs a full heading", () => {
    expect(bannerVisible({ mobileHeading: "Only short" }, at("index___en-US"))).toBe(false);
    expect(bannerVisible(undefined, at("index___en-US"))).toBe(false);
  });
  it("stays hidden once that same heading was dismissed, and returns for a new one", () => {
    expect(bannerVisible(content, at("index___en-US", undefined, "Maintenance on Sunday"))).toBe(false);
    expect(bannerVisible(content, at("index___en-US", undefined, "An older heading"))).toBe(true);
  });
  it("is hidden on the timeline editor and on any URL containing callback", () => {
    expect(bannerVisible(content, at("timelines-id___en-US"))).toBe(false);
    expect(bannerVisible(content, at("timelines___en-US"))).toBe(true);
    expect(bannerVisible(content, at("zoomcallback___en-US", "http://x/#/zoomcallback?code=1"))).toBe(false);
    expect(bannerVisible(content, at("leads___en-US", "http://x/#/leads?q=callback"))).toBe(false);
  });
});
