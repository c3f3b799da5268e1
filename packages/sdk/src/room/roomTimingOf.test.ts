import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { GeneralSettingSchema } from "../schemas/timelineSetting/general.js";
import { roomTimingOf } from "./roomTimingOf.js";

const START = Date.parse("2026-06-10T17:00:00Z");

describe("roomTimingOf", () => {
  it("takes the program's length when there is a video, and the settings' minutes and replay window", () => {
    const general = v.parse(GeneralSettingSchema, {
      joinStart: 30,
      replayStart: 10,
      replay: { enabled: true, replayDays: 2, replayHours: 3, replayMinutes: 4, expireOnMid: true },
    });
    expect(roomTimingOf({ general, startsAt: new Date(START), timeZone: "Europe/Paris", programSeconds: 2712.5 })).toEqual({
      startsAt: START,
      liveSeconds: 2712.5,
      joinStartMinutes: 30,
      replayStartMinutes: 10,
      replay: { enabled: true, days: 2, hours: 3, minutes: 4, expireOnMid: true },
      timeZone: "Europe/Paris",
    });
  });

  it("falls back to scheduleLength hours without a program", () => {
    const general = v.parse(GeneralSettingSchema, { scheduleLength: 1.5 });
    for (const programSeconds of [undefined, null, 0, Number.NaN]) {
      expect(roomTimingOf({ general, startsAt: START, timeZone: "UTC", programSeconds }).liveSeconds).toBe(5400);
    }
  });

  it("uses the spec's defaults: join and replay start 15, no replay", () => {
    const timing = roomTimingOf({ general: v.parse(GeneralSettingSchema, {}), startsAt: START, timeZone: "UTC" });
    expect(timing).toMatchObject({ liveSeconds: 3600, joinStartMinutes: 15, replayStartMinutes: 15, replay: { enabled: false } });
  });

  it("refuses an invalid start", () => {
    const general = v.parse(GeneralSettingSchema, {});
    expect(() => roomTimingOf({ general, startsAt: new Date("nope"), timeZone: "UTC" })).toThrow(RangeError);
  });
});
