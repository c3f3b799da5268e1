import { describe, expect, it } from "vitest";
import { playbackPositionAt } from "./playbackPositionAt.js";
import type { RoomTiming } from "./types.js";

const START = Date.parse("2026-06-10T17:00:00Z");
const timing: RoomTiming = {
  startsAt: START,
  liveSeconds: 2700,
  joinStartMinutes: 15,
  replayStartMinutes: 15,
  replay: { enabled: false, days: 0, hours: 0, minutes: 0, expireOnMid: false },
  timeZone: "UTC",
};

describe("playbackPositionAt", () => {
  it("is the seconds since the start, milliseconds kept", () => {
    expect(playbackPositionAt(timing, START + 600_000)).toBe(600);
    expect(playbackPositionAt(timing, START + 1_500)).toBe(1.5);
  });

  it("is clamped to 0 before the start and to the live length from the end on", () => {
    expect(playbackPositionAt(timing, START)).toBe(0);
    expect(playbackPositionAt(timing, START - 3_600_000)).toBe(0);
    expect(playbackPositionAt(timing, START + 2_700_000)).toBe(2700);
    expect(playbackPositionAt(timing, START + 9_999_999)).toBe(2700);
  });
});
