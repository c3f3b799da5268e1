import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { issuePath } from "../test-support/issuePath.js";
import { RescheduleWebinarRequestSchema } from "./index.js";

describe("RescheduleWebinarRequestSchema", () => {
  const message = (input: unknown) => v.safeParse(RescheduleWebinarRequestSchema, input).issues?.[0].message;

  it("takes an instant in UTC or with an offset, seconds and fractions optional, and an IANA zone", () => {
    for (const startTime of [
      "2026-05-11T17:00:00Z",
      "2026-05-11T17:00Z",
      "2026-05-11T10:00-07:00",
      "2026-05-11T19:00:00.000+02:00",
      "2028-02-29T09:30:00+05:30",
    ]) {
      expect(v.parse(RescheduleWebinarRequestSchema, { webinarID: "w1", startTime })).toEqual({ webinarID: "w1", startTime });
    }
    expect(
      v.parse(RescheduleWebinarRequestSchema, { webinarID: 7, startTime: "2026-05-11T17:00:00Z", timeZone: "Europe/Paris" }),
    ).toEqual({ webinarID: 7, startTime: "2026-05-11T17:00:00Z", timeZone: "Europe/Paris" });
  });

  it("refuses a local time without offset, a date that does not exist and other text, on startTime", () => {
    for (const startTime of [
      "2026-05-11T10:00",
      "2026-05-11",
      "2026-02-30T10:00:00Z",
      "2027-02-29T10:00:00Z",
      "2026-13-01T10:00:00Z",
      "2026-05-11T24:00:00Z",
      "2026-05-11T10:60:00Z",
      "2026-05-11T10:00:00+24:00",
      "2026-05-11T10:00:00+0200",
      "tomorrow",
    ]) {
      expect(issuePath(RescheduleWebinarRequestSchema, { webinarID: "w1", startTime })).toBe("startTime");
    }
    expect(message({ webinarID: "w1", startTime: "2026-05-11T10:00" })).toBe(
      "Expected a date and time with its UTC offset, such as 2026-05-11T17:00:00Z.",
    );
    expect(message({ webinarID: "w1", startTime: "" })).toBe("Enter the new date and time.");
  });

  it("refuses an unknown zone on timeZone, and a missing webinarID", () => {
    expect(issuePath(RescheduleWebinarRequestSchema, { webinarID: "w1", startTime: "2026-05-11T17:00:00Z", timeZone: "Mars/Olympus" })).toBe(
      "timeZone",
    );
    expect(message({ webinarID: "w1", startTime: "2026-05-11T17:00:00Z", timeZone: "Mars/Olympus" })).toBe("Unknown IANA time zone");
    expect(issuePath(RescheduleWebinarRequestSchema, { webinarID: "", startTime: "2026-05-11T17:00:00Z" })).toBe("webinarID");
  });
});
