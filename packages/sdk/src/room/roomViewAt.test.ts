import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { GeneralSettingSchema } from "../schemas/timelineSetting/general.js";
import { RoomViewSchema } from "../schemas/room.js";
import { roomTimingOf } from "./roomTimingOf.js";
import { roomViewAt } from "./roomViewAt.js";
import type { RoomTiming } from "./types.js";

const MIN = 60_000;
const START = Date.parse("2026-06-10T17:00:00Z");

/** A one-hour program, the spec's default join/replay start (15 minutes). */
function timing(replay: Partial<RoomTiming["replay"]> = {}, overrides: Partial<RoomTiming> = {}): RoomTiming {
  const base = roomTimingOf({
    general: v.parse(GeneralSettingSchema, {}),
    startsAt: START,
    timeZone: "America/New_York",
    programSeconds: 3600,
  });
  return { ...base, replay: { ...base.replay, ...replay }, ...overrides };
}

const replayOneDay = { enabled: true, days: 1 };
const END = START + 3600_000;

describe("roomViewAt: the phases at their boundary instants", () => {
  const t = timing(replayOneDay);
  const phase = (now: number, entry?: "join" | "replay") => roomViewAt(t, now, entry).phase;

  it("shows the confirmation page until the room opens, then the waiting room until the start", () => {
    expect(phase(START - 15 * MIN - 1)).toBe("confirmation");
    expect(phase(START - 15 * MIN)).toBe("waiting");
    expect(phase(START - 1)).toBe("waiting");
  });

  it("is live from exactly the start until just before the end", () => {
    expect(phase(START)).toBe("live");
    // An arrival at END - 1 is late (the arrival rule); a room that lets everyone in shows it live.
    const open = timing(replayOneDay, { replayStartMinutes: 60 });
    expect(roomViewAt(open, END - 1)).toMatchObject({ phase: "live", positionSeconds: 3599.999 });
    expect(roomViewAt(open, END).phase).toBe("replay");
    expect(phase(END)).toBe("replay");
  });

  it("keeps the replay until just before replayUntil, then it has expired", () => {
    const until = END + 24 * 60 * MIN;
    expect(roomViewAt(t, END).replayUntil).toBe(until);
    expect(phase(until - 1)).toBe("replay");
    expect(phase(until)).toBe("expired");
  });

  it("gives every bound and the next change of each phase", () => {
    const bounds = { opensAt: START - 15 * MIN, startsAt: START, endsAt: END, replayUntil: END + 24 * 60 * MIN };
    expect(roomViewAt(t, START - 60 * MIN)).toEqual({ phase: "confirmation", ...bounds, positionSeconds: 0, nextChangeAt: bounds.opensAt });
    expect(roomViewAt(t, START - MIN)).toMatchObject({ phase: "waiting", nextChangeAt: START });
    expect(roomViewAt(t, START + 10 * MIN)).toMatchObject({ phase: "live", positionSeconds: 600, nextChangeAt: END });
    expect(roomViewAt(t, END)).toMatchObject({ phase: "replay", positionSeconds: 0, nextChangeAt: bounds.replayUntil });
    expect(roomViewAt(t, bounds.replayUntil)).toMatchObject({ phase: "expired", nextChangeAt: null });
  });

  it("answers views the wire schema accepts", () => {
    for (const now of [START - 60 * MIN, START - MIN, START + 1234, END, END + 48 * 60 * MIN]) {
      expect(() => v.parse(RoomViewSchema, roomViewAt(t, now))).not.toThrow();
    }
  });

  it("treats both links alike", () => {
    for (const now of [START - 60 * MIN, START - MIN, START + MIN, START + 20 * MIN, END, END + 48 * 60 * MIN]) {
      expect(roomViewAt(t, now, "replay")).toEqual(roomViewAt(t, now, "join"));
    }
  });
});

describe("roomViewAt: the arrival rule (load replay instead)", () => {
  it("sends an arrival more than replayStart minutes after the start to the replay", () => {
    const t = timing(replayOneDay);
    expect(roomViewAt(t, START + 15 * MIN).phase).toBe("live");
    expect(roomViewAt(t, START + 15 * MIN + 1)).toMatchObject({ phase: "replay", positionSeconds: 0, nextChangeAt: END + 24 * 60 * MIN });
  });

  it("lets a late arrival into the live room when there is no replay", () => {
    const t = timing({ enabled: false });
    expect(roomViewAt(t, START + 40 * MIN)).toMatchObject({ phase: "live", positionSeconds: 2400 });
  });

  it("keeps a page already in the room there until the end: its next change is the end", () => {
    const t = timing(replayOneDay);
    expect(roomViewAt(t, START + MIN).nextChangeAt).toBe(END);
  });

  it("reads replayStart 0 literally: any arrival after the start's instant gets the replay", () => {
    const t = timing(replayOneDay, { replayStartMinutes: 0 });
    expect(roomViewAt(t, START).phase).toBe("live");
    expect(roomViewAt(t, START + 1).phase).toBe("replay");
  });
});

describe("roomViewAt: replay disabled, no expiry, joinStart 0", () => {
  it("ends for good when there is no replay", () => {
    const t = timing({ enabled: false });
    expect(roomViewAt(t, END)).toMatchObject({ phase: "ended", replayUntil: null, nextChangeAt: null });
    expect(roomViewAt(t, END + 365 * 24 * 60 * MIN).phase).toBe("ended");
  });

  it("never expires a replay with a 0/0/0 window", () => {
    const t = timing({ enabled: true });
    expect(roomViewAt(t, END)).toMatchObject({ phase: "replay", replayUntil: null, nextChangeAt: null });
    expect(roomViewAt(t, END + 10 * 365 * 24 * 60 * MIN).phase).toBe("replay");
  });

  it("adds hours and minutes of elapsed time to the end", () => {
    const t = timing({ enabled: true, hours: 2, minutes: 30 });
    expect(roomViewAt(t, END).replayUntil).toBe(END + 150 * MIN);
  });

  it("goes straight from the confirmation page to the room when joinStart is 0", () => {
    const t = timing({}, { joinStartMinutes: 0 });
    expect(roomViewAt(t, START - 1)).toMatchObject({ phase: "confirmation", opensAt: START, nextChangeAt: START });
    expect(roomViewAt(t, START).phase).toBe("live");
  });

  it("goes straight from the waiting room to the replay when the live part is empty", () => {
    const t = timing({ enabled: true }, { liveSeconds: 0 });
    expect(roomViewAt(t, START).phase).toBe("replay");
  });
});
