import { describe, expect, it } from "vitest";
import { checkReschedule, localInputValue, startTimeOf } from "./rescheduleForm.js";

const webinar = { webinarID: "w1", timeZone: "America/Los_Angeles" };

describe("the reschedule dialog's values", () => {
  it("shows the start on the webinar zone's wall clock and reads it back in that zone", () => {
    expect(localInputValue("2026-05-10T17:00:00Z", "America/Los_Angeles")).toBe("2026-05-10T10:00");
    expect(localInputValue("2026-05-10T17:00:00Z", "Asia/Kolkata")).toBe("2026-05-10T22:30");
    expect(startTimeOf("2026-05-11T10:00", "America/Los_Angeles")).toBe("2026-05-11T17:00:00.000Z");
    // 02:30 does not exist on 8 March 2026 in Los Angeles: it moves forward by the gap, as events do.
    expect(startTimeOf("2026-03-08T02:30", "America/Los_Angeles")).toBe("2026-03-08T10:30:00.000Z");
    expect(startTimeOf("", "America/Los_Angeles")).toBeUndefined();
    expect(startTimeOf("2026-05-11T10:00", "Mars/Olympus")).toBeUndefined();
  });

  it("sends the instant, and the zone only when it changed", () => {
    expect(checkReschedule(webinar, "2026-05-11T10:00", "America/Los_Angeles")).toEqual({
      ok: true,
      body: { webinarID: "w1", startTime: "2026-05-11T17:00:00.000Z" },
    });
    expect(checkReschedule(webinar, "2026-05-11T10:00", "Europe/Paris")).toEqual({
      ok: true,
      body: { webinarID: "w1", startTime: "2026-05-11T08:00:00.000Z", timeZone: "Europe/Paris" },
    });
  });

  it("names the field to fix with the SDK schema's message", () => {
    expect(checkReschedule(webinar, "", "America/Los_Angeles")).toEqual({ ok: false, errors: { startTime: "Enter the new date and time." } });
    expect(checkReschedule(webinar, "2026-02-30T10:00", "America/Los_Angeles")).toMatchObject({ ok: false, errors: { startTime: expect.any(String) } });
    expect(checkReschedule(webinar, "2026-05-11T10:00", "Mars/Olympus")).toEqual({ ok: false, errors: { timeZone: "Unknown IANA time zone" } });
  });
});
