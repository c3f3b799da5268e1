import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { GeneralSettingSchema } from "../schemas/timelineSetting/general.js";
import { liveSecondsOf } from "./liveSecondsOf.js";
import { roomTimingOf } from "./roomTimingOf.js";

const general = (input: object) => v.parse(GeneralSettingSchema, input);

describe("liveSecondsOf (when an event ends)", () => {
  it("lasts the program when there is one, whatever the settings say", () => {
    expect(liveSecondsOf(general({ scheduleLength: 2, manualControl: { enabled: true, duration: 45 } }), 1830)).toBe(1830);
  });

  it("without a program: the manual duration when the host runs the event by hand, else scheduleLength hours", () => {
    for (const program of [undefined, null, 0, -5, Number.NaN]) {
      expect(liveSecondsOf(general({ scheduleLength: 2, manualControl: { enabled: true, duration: 45 } }), program)).toBe(2700);
      expect(liveSecondsOf(general({ scheduleLength: 2, manualControl: { enabled: false, duration: 45 } }), program)).toBe(7200);
      expect(liveSecondsOf(general({ scheduleLength: 1.5, manualControl: { enabled: true, duration: 0 } }), program)).toBe(5400);
    }
  });

  it("reads a stored setting without a usable length as the default hour", () => {
    expect(liveSecondsOf({ scheduleLength: 0 })).toBe(3600);
    expect(liveSecondsOf({ scheduleLength: Number.NaN, manualControl: { enabled: true, duration: Number.NaN } })).toBe(3600);
  });

  it("is the room's live part (roomTimingOf), so the room and everything else end at the same instant", () => {
    const manual = general({ manualControl: { enabled: true, duration: 45 } });
    const timing = roomTimingOf({ general: manual, startsAt: 0, timeZone: "UTC" });
    expect(timing.liveSeconds).toBe(liveSecondsOf(manual));
    expect(timing.liveSeconds).toBe(2700);
  });
});
