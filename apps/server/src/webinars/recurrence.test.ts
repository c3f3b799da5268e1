import { zonedWallTime } from "@cuepoint/sdk";
import { describe, expect, it } from "vitest";
import { MAX_OCCURRENCES, occurrences, RecurrenceError } from "./recurrence.js";

const LA = "America/Los_Angeles";
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const far = new Date("2100-01-01T00:00:00Z");
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
const localTimes = (dates: Date[], zone: string) =>
  dates.map((date) => {
    const wall = zonedWallTime(date, zone);
    return `${wall.month}/${wall.day} ${wall.hour}:${String(wall.minute).padStart(2, "0")}`;
  });

describe("occurrences", () => {
  it("is one instant for a single event, read in its zone", () => {
    expect(iso(occurrences("2026-07-01T18:00", "Europe/Paris", undefined, far))).toEqual(["2026-07-01T16:00:00.000Z"]);
  });

  it("keeps a daily 10:00 at 10:00 local across the November DST change", () => {
    const dates = occurrences("2026-10-30T10:00", LA, { days: EVERY_DAY, until: "2026-11-02" }, far);
    expect(iso(dates)).toEqual([
      "2026-10-30T17:00:00.000Z",
      "2026-10-31T17:00:00.000Z",
      "2026-11-01T18:00:00.000Z",
      "2026-11-02T18:00:00.000Z",
    ]);
    expect(localTimes(dates, LA)).toEqual(["10/30 10:00", "10/31 10:00", "11/1 10:00", "11/2 10:00"]);
  });

  it("runs weekly on the chosen weekdays, from the first one on or after the start", () => {
    // 2026-03-02 is a Monday; Tuesdays and Thursdays, four events, across the March DST change.
    const dates = occurrences("2026-03-02T09:30", LA, { days: [2, 4], count: 4 }, far);
    expect(localTimes(dates, LA)).toEqual(["3/3 9:30", "3/5 9:30", "3/10 9:30", "3/12 9:30"]);
    expect(iso(dates).at(-1)).toBe("2026-03-12T16:30:00.000Z");
  });

  it("repeats every N minutes or hours by elapsed time, on the chosen days only", () => {
    const dates = occurrences(
      "2026-05-01T22:00",
      "UTC",
      { days: [5], every: { value: 90, unit: "minutes" }, count: 10 },
      far,
    );
    // Friday 22:00 and 23:30 only, then nothing until the next Friday.
    expect(localTimes(dates, "UTC").slice(0, 3)).toEqual(["5/1 22:00", "5/1 23:30", "5/8 1:00"]);
    expect(dates).toHaveLength(10);
    const hourly = occurrences(
      "2026-05-01T08:00",
      "UTC",
      { days: EVERY_DAY, every: { value: 2, unit: "hours" }, until: "2026-05-01" },
      far,
    );
    expect(localTimes(hourly, "UTC")).toEqual([
      "5/1 8:00",
      "5/1 10:00",
      "5/1 12:00",
      "5/1 14:00",
      "5/1 16:00",
      "5/1 18:00",
      "5/1 20:00",
      "5/1 22:00",
    ]);
  });

  it("stops at the horizon when the series has no end, and at the cap", () => {
    const horizon = new Date("2026-05-10T00:00:00Z");
    expect(occurrences("2026-05-01T12:00", "UTC", { days: EVERY_DAY }, horizon)).toHaveLength(9);
    expect(
      occurrences("2026-05-01T12:00", "UTC", { days: EVERY_DAY, every: { value: 5, unit: "minutes" } }, far),
    ).toHaveLength(MAX_OCCURRENCES);
  });

  it("refuses patterns that give too many events, none, or end before they start", () => {
    const fail = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return error instanceof RecurrenceError ? error.field : "other";
      }
      return "none";
    };
    expect(fail(() => occurrences("2026-05-01T12:00", "UTC", { days: EVERY_DAY, until: "2028-01-01" }, far))).toBe(
      "recurring.until",
    );
    expect(fail(() => occurrences("2026-05-01T12:00", "UTC", { days: EVERY_DAY, count: 501 }, far))).toBe(
      "recurring.count",
    );
    expect(fail(() => occurrences("2026-05-01T12:00", "UTC", { days: [0], until: "2026-04-01" }, far))).toBe(
      "recurring.until",
    );
    // Every 7 days from a Friday never lands on a Sunday.
    expect(
      fail(() =>
        occurrences(
          "2026-05-01T12:00",
          "UTC",
          { days: [0], every: { value: 168, unit: "hours" }, until: "2027-01-01" },
          far,
        ),
      ),
    ).toBe("recurring.days");
  });
});
