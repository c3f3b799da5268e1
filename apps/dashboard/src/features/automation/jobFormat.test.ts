import { describe, expect, it } from "vitest";
import { formatInZone, toneOf } from "./jobFormat.js";

describe("formatInZone", () => {
  it("names the zone beside the time", () => {
    expect(formatInZone("2026-05-09T16:00:00Z", "America/Los_Angeles")).toBe("May 9, 2026, 9:00 AM PDT");
    expect(formatInZone("2026-01-09T16:00:00Z", "Europe/Berlin")).toBe("Jan 9, 2026, 5:00 PM GMT+1");
  });

  it("shows a dash for no time and the text for an unreadable one", () => {
    expect(formatInZone(null, "UTC")).toBe("—");
    expect(formatInZone("soon", "UTC")).toBe("soon");
  });

  it("colours sent and failed only", () => {
    expect([toneOf("sent"), toneOf("dead"), toneOf("failed"), toneOf("pending")]).toEqual(["success", "danger", "danger", undefined]);
  });
});
