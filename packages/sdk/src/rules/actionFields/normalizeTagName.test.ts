import { describe, expect, it } from "vitest";
import { normalizeTagName } from "./normalizeTagName.js";

describe("normalizeTagName", () => {
  it("lower-cases and trims a tag name", () => {
    expect(normalizeTagName(" VIP Buyer ")).toBe("vip buyer");
    expect(normalizeTagName("Webinar-Attended")).toBe("webinar-attended");
  });
  it("leaves an already normal name alone", () => {
    expect(normalizeTagName("lead")).toBe("lead");
  });
});
