import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { RoomTimingSchema } from "../schemas/room.js";
import { GeneralSettingSchema } from "../schemas/timelineSetting/general.js";
import { roomControlOf } from "./roomControlOf.js";
import { roomTimingOf } from "./roomTimingOf.js";
import { roomViewAt } from "./roomViewAt.js";

const START = Date.parse("2026-03-08T17:00:00Z");
const MIN = 60_000;
const general = (input: Record<string, unknown>) => v.parse(GeneralSettingSchema, { replay: { enabled: true }, ...input });
const timingOf = (input: Record<string, unknown>, control?: { startedAt: number | null; endedAt: number | null }) =>
  roomTimingOf({ general: general(input), startsAt: START, timeZone: "UTC", programSeconds: 3600, control: control ?? null });

describe("hand-run events (issue 13)", () => {
  it("reads the control from webinarType and manualControl", () => {
    expect(roomControlOf({ webinarType: "automatic", manualControl: { enabled: false } })).toBe("automatic");
    expect(roomControlOf({ webinarType: "semi-automatic" })).toBe("semi-automatic");
    expect(roomControlOf({ webinarType: "manual" })).toBe("manual");
    expect(roomControlOf({ webinarType: "automatic", manualControl: { enabled: true } })).toBe("manual");
  });

  it("an automatic event has no control and ignores a stored start", () => {
    const timing = timingOf({}, { startedAt: START + 5 * MIN, endedAt: null });
    expect(timing.control).toBeUndefined();
    expect(timing.startsAt).toBe(START);
    expect(v.parse(RoomTimingSchema, timing)).toEqual(timing);
  });

  it("a semi-automatic event waits past its scheduled start until the host starts it, then ends with the program", () => {
    const waiting = timingOf({ webinarType: "semi-automatic" });
    expect(v.parse(RoomTimingSchema, waiting)).toEqual(waiting);
    expect(roomViewAt(waiting, START - 20 * MIN)).toMatchObject({ phase: "confirmation", nextChangeAt: START - 15 * MIN });
    expect(roomViewAt(waiting, START - 10 * MIN)).toMatchObject({ phase: "waiting", nextChangeAt: null });
    expect(roomViewAt(waiting, START + 30 * MIN)).toMatchObject({ phase: "waiting", nextChangeAt: null, positionSeconds: 0 });
    // Past the scheduled end it is still the waiting room, and the live part is not over.
    const late = START + 3 * 3600_000;
    expect(roomViewAt(waiting, late)).toMatchObject({ phase: "waiting", opensAt: START - 15 * MIN, startsAt: late, endsAt: late + 3_600_000 });

    const startedAt = START + 7 * MIN;
    const started = timingOf({ webinarType: "semi-automatic" }, { startedAt, endedAt: null });
    expect(started.startsAt).toBe(startedAt);
    expect(roomViewAt(started, startedAt + 10_000)).toMatchObject({ phase: "live", positionSeconds: 10, endsAt: startedAt + 3_600_000 });
    expect(roomViewAt(started, startedAt + 3_600_000).phase).toBe("replay");
  });

  it("a manual event stays live past the program until the host ends it", () => {
    const startedAt = START + 2 * MIN;
    // (replay off: with it on, an arrival this late would get the replay by the arrival rule)
    const open = timingOf({ webinarType: "manual", replay: { enabled: false } }, { startedAt, endedAt: null });
    const late = startedAt + 90 * MIN;
    const view = roomViewAt(open, late);
    expect(view.phase).toBe("live");
    expect(view.endsAt).toBeGreaterThan(late);
    expect(view.nextChangeAt).toBe(view.endsAt);

    const endedAt = startedAt + 10 * MIN;
    const ended = timingOf({ manualControl: { enabled: true } }, { startedAt, endedAt });
    expect(roomViewAt(ended, endedAt - 1000)).toMatchObject({ phase: "live", endsAt: endedAt });
    expect(roomViewAt(ended, endedAt)).toMatchObject({ phase: "replay", endsAt: endedAt });
    const noReplay = roomTimingOf({ general: v.parse(GeneralSettingSchema, { webinarType: "manual" }), startsAt: START, timeZone: "UTC", control: { startedAt, endedAt } });
    expect(roomViewAt(noReplay, endedAt + 1).phase).toBe("ended");
  });
});
