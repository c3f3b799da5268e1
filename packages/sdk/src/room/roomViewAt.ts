import { replayUntilOf } from "./replayUntilOf.js";
import type { RoomControlState, RoomEntry, RoomPhase, RoomTiming, RoomView } from "./types.js";

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
 * A hand-run event (`timing.control`, issue 13) waits for the host: until `startedAt` the room is
 * the confirmation page, then the waiting room from `opensAt` on with no `nextChangeAt` (even past
 * the scheduled start, which then reads as now; the host's start reaches the page through the
 * channel). Once started,
 * `startsAt` is the host's start and the rules above apply, with the live part ending at the
 * host's `endedAt` (`manual`; until then it stays open: `endsAt` is at least a minute ahead, and
 * the page asks again then) or with the program (`semi-automatic`).
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
  const { control } = timing;
  if (control) return controlledViewAt(timing, control, now, entry);
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

/** An open manual event's live part reaches at least this far past now (ms). */
const OPEN_END_MS = 60_000;

function controlledViewAt(timing: RoomTiming, control: RoomControlState, now: number, entry: RoomEntry): RoomView {
  const clock = { ...timing, control: undefined };
  if (control.startedAt === null) {
    // Not started: the start is not before now (so the live part is never over while waiting).
    const opensAt = timing.startsAt - timing.joinStartMinutes * 60_000;
    const view = roomViewAt({ ...clock, startsAt: Math.max(timing.startsAt, now) }, now, entry);
    if (now < opensAt) return { ...view, opensAt, phase: "confirmation", positionSeconds: 0, nextChangeAt: opensAt };
    return { ...view, opensAt, phase: "waiting", positionSeconds: 0, nextChangeAt: null };
  }
  const startsAt = control.startedAt;
  let liveMs = Math.round(timing.liveSeconds * 1000);
  if (control.endedAt !== null) liveMs = control.mode === "manual" ? control.endedAt - startsAt : Math.min(liveMs, control.endedAt - startsAt);
  else if (control.mode === "manual") liveMs = Math.max(liveMs, now - startsAt + OPEN_END_MS);
  return roomViewAt({ ...clock, startsAt, liveSeconds: Math.max(0, liveMs) / 1000 }, now, entry);
}
