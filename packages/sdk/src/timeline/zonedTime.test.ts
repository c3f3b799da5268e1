import { describe, expect, it } from "vitest";
import { addCalendarDays, zonedToUtc, zonedWallTime } from "./zonedTime.js";

const LA = "America/Los_Angeles";
const iso = (date: Date) => date.toISOString();

describe("zonedWallTime", () => {
  it("reads the wall clock in the zone", () => {
    expect(zonedWallTime(new Date("2026-03-08T17:00:00Z"), LA)).toEqual({
      year: 2026,
      month: 3,
      day: 8,
      hour: 10,
      minute: 0,
      second: 0,
    });
    expect(zonedWallTime(new Date("2026-05-10T04:15:00Z"), "Asia/Kathmandu")).toMatchObject({ day: 10, hour: 10, minute: 0 });
  });

  it("reads midnight as hour 0", () => {
    expect(zonedWallTime(new Date("2026-01-01T08:00:00Z"), LA)).toMatchObject({ day: 1, hour: 0, minute: 0 });
  });

  it("refuses unknown zones and invalid dates", () => {
    expect(() => zonedWallTime(new Date("2026-01-01T00:00:00Z"), "Mars/Olympus")).toThrow(RangeError);
    expect(() => zonedWallTime(new Date("nope"), LA)).toThrow(RangeError);
  });
});

describe("zonedToUtc", () => {
  it("resolves ordinary wall times", () => {
    expect(iso(zonedToUtc({ year: 2026, month: 1, day: 15, hour: 10, minute: 0 }, LA))).toBe("2026-01-15T18:00:00.000Z");
    expect(iso(zonedToUtc({ year: 2026, month: 7, day: 15, hour: 10, minute: 0 }, LA))).toBe("2026-07-15T17:00:00.000Z");
    expect(iso(zonedToUtc({ year: 2026, month: 7, day: 15, hour: 10, minute: 0 }, "UTC"))).toBe("2026-07-15T10:00:00.000Z");
  });

  it("moves gap times forward by the gap (LA 02:30 → 03:30 PDT)", () => {
    expect(iso(zonedToUtc({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, LA))).toBe("2026-03-08T10:30:00.000Z");
    expect(iso(zonedToUtc({ year: 2026, month: 3, day: 8, hour: 2, minute: 0 }, LA))).toBe("2026-03-08T10:00:00.000Z");
  });

  it("takes the earlier instant of an ambiguous time (LA 01:30 → PDT)", () => {
    expect(iso(zonedToUtc({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, LA))).toBe("2026-11-01T08:30:00.000Z");
    // The first minute after the repeated hour is unambiguous again.
    expect(iso(zonedToUtc({ year: 2026, month: 11, day: 1, hour: 2, minute: 0 }, LA))).toBe("2026-11-01T10:00:00.000Z");
  });

  it("handles a 30-minute gap and overlap (Australia/Lord_Howe)", () => {
    const zone = "Australia/Lord_Howe";
    // 2026-10-04 02:00 → 02:30: 02:15 does not exist and becomes 02:45 (+11:00).
    expect(iso(zonedToUtc({ year: 2026, month: 10, day: 4, hour: 2, minute: 15 }, zone))).toBe("2026-10-03T15:45:00.000Z");
    // 2026-04-05 02:00 → 01:30: 01:45 happens twice; the earlier is still +11:00.
    expect(iso(zonedToUtc({ year: 2026, month: 4, day: 5, hour: 1, minute: 45 }, zone))).toBe("2026-04-04T14:45:00.000Z");
  });

  it("round-trips every half hour of a DST-change day where the wall time exists once", () => {
    for (let t = Date.parse("2026-11-01T06:00:00Z"); t < Date.parse("2026-11-02T06:00:00Z"); t += 30 * 60_000) {
      const wall = zonedWallTime(new Date(t), LA);
      const back = zonedToUtc(wall, LA).getTime();
      // Inside the repeated hour only the earlier instant comes back.
      expect(back === t || back === t - 3_600_000).toBe(true);
      if (wall.hour !== 1) expect(back).toBe(t);
    }
  });

  it("refuses impossible wall times", () => {
    expect(() => zonedToUtc({ year: 2026, month: 2, day: 29, hour: 0, minute: 0 }, LA)).toThrow(RangeError);
    expect(() => zonedToUtc({ year: 2026, month: 1, day: 1, hour: 24, minute: 0 }, LA)).toThrow(RangeError);
    expect(() => zonedToUtc({ year: 2026, month: 13, day: 1, hour: 0, minute: 0 }, LA)).toThrow(RangeError);
    expect(iso(zonedToUtc({ year: 2028, month: 2, day: 29, hour: 0, minute: 0 }, "UTC"))).toBe("2028-02-29T00:00:00.000Z");
  });
});

describe("addCalendarDays", () => {
  it("crosses months and years", () => {
    expect(addCalendarDays({ year: 2026, month: 3, day: 1 }, -1)).toEqual({ year: 2026, month: 2, day: 28 });
    expect(addCalendarDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(addCalendarDays({ year: 2026, month: 1, day: 1 }, 45)).toEqual({ year: 2026, month: 2, day: 15 });
  });
});
