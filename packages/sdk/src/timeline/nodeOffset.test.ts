import { describe, expect, it } from "vitest";
import { compareNodes, createNodeComparator, exactClockTime, nodeOffset, nodeOffsetMinutes } from "./nodeOffset.js";

const exact = (days: number, isAfter: 1 | -1, hours: number, minutes: number, amPm?: "AM" | "PM") => ({
  days,
  hours,
  minutes,
  amPm,
  isAfter,
  isExact: true,
});

describe("exactClockTime", () => {
  it("maps 12 AM to 0 and 12 PM to 12", () => {
    expect(exactClockTime(exact(0, 1, 12, 0, "AM"))).toEqual({ hour: 0, minute: 0 });
    expect(exactClockTime(exact(0, 1, 12, 15, "PM"))).toEqual({ hour: 12, minute: 15 });
    expect(exactClockTime(exact(0, 1, 1, 5, "PM"))).toEqual({ hour: 13, minute: 5 });
    expect(exactClockTime(exact(0, 1, 11, 59, "AM"))).toEqual({ hour: 11, minute: 59 });
  });

  it("reads a 24-hour clock when amPm is blank", () => {
    expect(exactClockTime({ ...exact(0, 1, 17, 30), amPm: "" })).toEqual({ hour: 17, minute: 30 });
  });

  it("refuses out-of-range clock values", () => {
    expect(() => exactClockTime(exact(0, 1, 0, 0, "AM"))).toThrow(/1–12/);
    expect(() => exactClockTime(exact(0, 1, 13, 0, "PM"))).toThrow(/1–12/);
    expect(() => exactClockTime(exact(0, 1, 24, 0))).toThrow(/0–23/);
    expect(() => exactClockTime(exact(0, 1, 9, 60, "AM"))).toThrow(/0–59/);
  });
});

describe("nodeOffset", () => {
  it("signs relative days and elapsed minutes", () => {
    expect(nodeOffset({ days: 1, hours: 2, minutes: 30, isAfter: -1 })).toEqual({
      kind: "relative",
      days: -1,
      minutes: -150,
    });
    expect(nodeOffset({ days: "0", hours: "4", minutes: "", isAfter: "1" })).toEqual({
      kind: "relative",
      days: 0,
      minutes: 240,
    });
  });

  it("never returns -0", () => {
    const offset = nodeOffset({ days: 0, hours: 0, minutes: 0, isAfter: -1 });
    expect(offset.kind === "relative" && Object.is(offset.minutes, 0) && Object.is(offset.days, 0)).toBe(true);
  });

  it("gives exact nodes a day and a wall time", () => {
    expect(nodeOffset(exact(1, -1, 9, 0, "AM"))).toEqual({ kind: "exact", days: -1, wallTime: { hour: 9, minute: 0 } });
  });
});

describe("nodeOffsetMinutes", () => {
  it("is the naive signed total for relative nodes", () => {
    expect(nodeOffsetMinutes({ days: 1, hours: 2, minutes: 30, isAfter: -1 })).toBe(-1590);
    expect(nodeOffsetMinutes({ days: 2, hours: 0, minutes: 5, isAfter: 1 })).toBe(2885);
    expect(nodeOffsetMinutes({ days: 0, hours: 0, minutes: 15, isAfter: -1 })).toBe(-15);
  });

  it("places exact nodes by clock time, from the event's minute of day when given", () => {
    expect(nodeOffsetMinutes(exact(1, -1, 9, 0, "AM"))).toBe(-1440 + 540);
    expect(nodeOffsetMinutes(exact(0, 1, 9, 45, "AM"), { eventMinuteOfDay: 600 })).toBe(-15);
  });
});

describe("compareNodes", () => {
  it("orders by day, then time within the day", () => {
    const dayBefore5pm = { id: "5pm", ...exact(1, -1, 5, 0, "PM") };
    const dayBefore9am = { id: "9am", ...exact(1, -1, 9, 0, "AM") };
    const fifteenBefore = { id: "-15", days: 0, hours: 0, minutes: 15, isAfter: -1 as const };
    const lateSameDay = { id: "+30h", days: 0, hours: 30, minutes: 0, isAfter: 1 as const };
    const nextDay = { id: "+1d", days: 1, hours: 0, minutes: 0, isAfter: 1 as const };
    const sorted = [nextDay, lateSameDay, dayBefore5pm, fifteenBefore, dayBefore9am].sort(compareNodes);
    expect(sorted.map((n) => n.id)).toEqual(["9am", "5pm", "-15", "+30h", "+1d"]);
  });

  it("places exact nodes among relative ones with the event time", () => {
    const nineAm = { id: "9am", ...exact(0, 1, 9, 0, "AM") };
    const fifteenBefore = { id: "-15", days: 0, hours: 0, minutes: 15, isAfter: -1 as const };
    expect([nineAm, fifteenBefore].sort(createNodeComparator({ eventMinuteOfDay: 8 * 60 })).map((n) => n.id)).toEqual([
      "-15",
      "9am",
    ]);
    expect([fifteenBefore, nineAm].sort(createNodeComparator({ eventMinuteOfDay: 10 * 60 })).map((n) => n.id)).toEqual([
      "9am",
      "-15",
    ]);
  });
});
