import { describe, expect, it } from "vitest";
import { formatCount, formatWhen } from "./format.js";

describe("formatWhen", () => {
  it("names the zone of the time it shows", () => {
    expect(formatWhen("2026-03-01T17:00:00Z", "Europe/Paris")).toBe("Mar 1, 2026, 6:00 PM GMT+1");
    expect(formatWhen("2026-07-01T17:00:00Z", "America/New_York")).toBe("Jul 1, 2026, 1:00 PM EDT");
  });

  it("falls back to the browser's zone, still named, for an unknown zone", () => {
    const text = formatWhen("2026-03-01T17:00:00Z", "Mars/Olympus");
    expect(text).toMatch(/^Mar 1, 2026, \d{1,2}:00\s[AP]M \S+/);
  });

  it("shows a dash for nothing and the text of an unreadable instant", () => {
    expect([formatWhen(undefined), formatWhen("soon")]).toEqual(["—", "soon"]);
  });
});

describe("formatCount", () => {
  it("separates thousands and says Unlimited for -1", () => {
    expect([formatCount(35000), formatCount(-1)]).toEqual(["35,000", "Unlimited"]);
  });
});
