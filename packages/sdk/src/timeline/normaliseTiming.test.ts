import { describe, expect, it } from "vitest";
import { isBlank, normaliseTiming, toCount } from "./normaliseTiming.js";

describe("normaliseTiming", () => {
  it("reads numeric strings and blanks", () => {
    expect(normaliseTiming({ days: "2", hours: "", minutes: " 30 ", isAfter: "-1" })).toEqual({
      days: 2,
      hours: 0,
      minutes: 30,
      isAfter: -1,
      isExact: false,
      amPm: undefined,
    });
  });

  it("reads isExact and amPm in their wire spellings", () => {
    const timing = normaliseTiming({ days: 1, hours: 9, minutes: 0, isAfter: 1, isExact: "true", amPm: "pm" });
    expect(timing.isExact).toBe(true);
    expect(timing.amPm).toBe("PM");
    expect(normaliseTiming({ isAfter: 1, isExact: 1 }).isExact).toBe(true);
    expect(normaliseTiming({ isAfter: 1, isExact: "0" }).isExact).toBe(false);
    expect(normaliseTiming({ isAfter: 1, isExact: null }).isExact).toBe(false);
  });

  it("refuses values that are not counts, directions or markers", () => {
    expect(() => normaliseTiming({ days: -1, isAfter: 1 })).toThrow(RangeError);
    expect(() => normaliseTiming({ minutes: "1.5", isAfter: 1 })).toThrow(/minutes/);
    expect(() => normaliseTiming({ hours: "ten", isAfter: 1 })).toThrow(/hours/);
    expect(() => normaliseTiming({ isAfter: 0 })).toThrow(/isAfter/);
    expect(() => normaliseTiming({})).toThrow(/isAfter/);
    expect(() => normaliseTiming({ isAfter: 1, amPm: "noon" })).toThrow(/amPm/);
  });
});

describe("toCount and isBlank", () => {
  it("treats unset as 0 and keeps 0", () => {
    expect(toCount(undefined, "x")).toBe(0);
    expect(toCount(null, "x")).toBe(0);
    expect(toCount("0", "x")).toBe(0);
    expect(() => toCount(Number.NaN, "x")).toThrow(RangeError);
  });

  it("knows blanks", () => {
    expect(isBlank("  ")).toBe(true);
    expect(isBlank(0)).toBe(false);
    expect(isBlank("0")).toBe(false);
  });
});
