import { replayUntilOf } from "./replayUntilOf.js";
import type { RoomEntry, RoomPhase, RoomTiming, RoomView } from "./types.js";

const MINUTE = 60_000;

/**
 * Which page a registrant sees at `now` (epoch ms), arriving through `entry` (default "join").
 *
 * - `now < opensAt` (`startsAt - joinStart` minutes) → `confirmation`;
 * - `opensAt <= now < startsAt` → `waiting`;
 * - `startsAt <= now < endsAt` (`startsAt + liveSeconds`) → `live`, except the arrival rule: with
 *   the replay enabled, an arrival MORE than `replayStart` minutes after the start gets `replay`
 *   ("load replay instead"; exactly `replayStart` minutes in is still live). The answer is the
 *   arrival's view: a page already showing the live room stays in it until `endsAt`, because its
 *   `nextChangeAt` is `endsAt` and the widget only re-evaluates then;
 * - `now >= endsAt`: replay enabled and before `replayUntil` (or no expiry) → `replay`; replay
 *   enabled and at or past `replayUntil` → `expired`; no replay → `ended`.
 *
 * Both links follow the same rules: the replay link used before the end leads to the waiting or
 * live room (it never opens the recording ahead of the live position, except by the arrival rule).
 *
 * `positionSeconds` is the live position (seconds since the start, clamped to [0, liveSeconds]) in
 * the `live` phase and 0 in every other (a replay starts at the beginning, with free seeking).
 *
 * @throws RangeError on an unknown time zone (read only for `expireOnMid`).
 * @example
 * const timing = roomTimingOf({ general, startsAt: Date.parse("2026-03-08T17:00:00Z"), timeZone: "UTC", programSeconds: 3600 });
 * roomViewAt(timing, Date.parse("2026-03-08T17:10:00Z")).phase; // "live" (position 600)
 * roomViewAt(timing, Date.parse("2026-03-08T17:20:00Z")).phase; // "replay" when replay is enabled
 */
export function roomViewAt(timing: RoomTiming, now: number, entry: RoomEntry = "join"): RoomView {
  void entry; // both links follow the same rules (see above); kept so callers state which one was used
  const { startsAt } = timing;
  const opensAt = startsAt - timing.joinStartMinutes * MINUTE;
  const endsAt = startsAt + Math.round(timing.liveSeconds * 1000); // whole ms, as on the wire
  const replayUntil = replayUntilOf(timing);
  const view = (phase: RoomPhase, nextChangeAt: number | null, positionSeconds = 0): RoomView => ({
    phase,
    opensAt,
    startsAt,
    endsAt,
    replayUntil,
    positionSeconds,
    nextChangeAt,
  });
  const replayOrClosed = () => {
    if (!timing.replay.enabled) return view("ended", null);
    return replayUntil !== null && now >= replayUntil ? view("expired", null) : view("replay", replayUntil);
  };

  if (now < opensAt) return view("confirmation", opensAt);
  if (now < startsAt) return view("waiting", startsAt);
  if (now < endsAt) {
    const late = now - startsAt > timing.replayStartMinutes * MINUTE;
    if (late && timing.replay.enabled) return replayOrClosed();
    return view("live", endsAt, (now - startsAt) / 1000);
  }
  return replayOrClosed();
}
