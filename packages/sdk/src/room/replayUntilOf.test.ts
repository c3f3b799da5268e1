import { describe, expect, it } from "vitest";
import { replayUntilOf } from "./replayUntilOf.js";
import type { RoomTiming } from "./types.js";

const NY = "America/New_York";

/** An event that ends at `endsAt` (a one-hour program) in New York, with a replay window. */
function timing(endsAt: string, replay: Partial<RoomTiming["replay"]>, timeZone = NY): RoomTiming {
  return {
    startsAt: Date.parse(endsAt) - 3600_000,
    liveSeconds: 3600,
    joinStartMinutes: 15,
    replayStartMinutes: 15,
    replay: { enabled: true, days: 0, hours: 0, minutes: 0, expireOnMid: false, ...replay },
    timeZone,
  };
}
const iso = (epoch: number | null) => (epoch === null ? null : new Date(epoch).toISOString());

describe("replayUntilOf", () => {
  it("is null without a replay, and for a 0/0/0 window without expireOnMid", () => {
    expect(replayUntilOf(timing("2026-06-10T18:00:00Z", { enabled: false, days: 3 }))).toBeNull();
    expect(replayUntilOf(timing("2026-06-10T18:00:00Z", {}))).toBeNull();
  });

  it("moves whole days as calendar days at the same wall time across spring-forward (March)", () => {
    // Ends Saturday 2026-03-07 23:30 EST; one day later is Sunday 23:30 EDT, 23 hours later.
    const t = timing("2026-03-08T04:30:00Z", { days: 1 });
    expect(iso(replayUntilOf(t))).toBe("2026-03-09T03:30:00.000Z");
  });

  it("moves to the next New York midnight with expireOnMid across spring-forward", () => {
    // Same event: Sunday 23:30 EDT → Monday 00:00 EDT (04:00Z; a fixed offset would say 05:00Z).
    const t = timing("2026-03-08T04:30:00Z", { days: 1, expireOnMid: true });
    expect(iso(replayUntilOf(t))).toBe("2026-03-09T04:00:00.000Z");
  });

  it("moves to the next New York midnight with expireOnMid across fall-back (November)", () => {
    // Ends Sunday 2026-11-01 00:30 EDT; +1 h is 01:30 EDT; that day's end is Monday 00:00 EST (05:00Z).
    const t = timing("2026-11-01T04:30:00Z", { hours: 1, expireOnMid: true });
    expect(iso(replayUntilOf(t))).toBe("2026-11-02T05:00:00.000Z");
    // One calendar day from Saturday 2026-10-31 20:00 EDT is Sunday 20:00 EST: 25 hours later.
    expect(iso(replayUntilOf(timing("2026-11-01T00:00:00Z", { days: 1 })))).toBe("2026-11-02T01:00:00.000Z");
  });

  it("keeps a window that ends exactly at midnight there (at or after)", () => {
    // Ends 2026-06-10 22:00 EDT; +2 h is exactly 00:00 EDT June 11.
    const t = timing("2026-06-11T02:00:00Z", { hours: 2, expireOnMid: true });
    expect(iso(replayUntilOf(t))).toBe("2026-06-11T04:00:00.000Z");
  });

  it("with expireOnMid alone, lasts until the midnight after the end", () => {
    expect(iso(replayUntilOf(timing("2026-06-10T18:00:00Z", { expireOnMid: true })))).toBe("2026-06-11T04:00:00.000Z");
    // An event ending exactly at midnight still gets a day, not zero seconds.
    expect(iso(replayUntilOf(timing("2026-06-11T04:00:00Z", { expireOnMid: true })))).toBe("2026-06-12T04:00:00.000Z");
  });

  it("takes the first instant of the day when DST skips its midnight (Santiago, September)", () => {
    // Ends 2026-09-05 20:00 -04; that night 00:00 does not happen in Santiago: the day starts at 01:00 -03.
    const t = timing("2026-09-06T00:00:00Z", { minutes: 1, expireOnMid: true }, "America/Santiago");
    expect(iso(replayUntilOf(t))).toBe("2026-09-06T04:00:00.000Z");
  });

  it("reads midnight in the event's zone, not the runtime's", () => {
    const t = timing("2026-06-10T18:00:00Z", { minutes: 1, expireOnMid: true }, "Asia/Tokyo");
    // 18:01Z is 03:01 June 11 in Tokyo; the next midnight there is June 12 00:00 JST (15:00Z June 11).
    expect(iso(replayUntilOf(t))).toBe("2026-06-11T15:00:00.000Z");
  });

  it("refuses an unknown zone when it needs one", () => {
    expect(() => replayUntilOf(timing("2026-06-10T18:00:00Z", { days: 1 }, "Mars/Olympus"))).toThrow(RangeError);
  });
});
