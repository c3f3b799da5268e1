import type { RoomTiming } from "./types.js";

/**
 * The simulated-live position at `now`: seconds since the start, clamped to [0, liveSeconds]
 * (0 before the start, `liveSeconds` from the end on). Everyone in the room sees this same moment;
 * a late joiner starts here, never at 0:00. Fractional: milliseconds are kept.
 *
 * @example
 * playbackPositionAt(timing, timing.startsAt + 600_000); // 600
 * playbackPositionAt(timing, timing.startsAt - 1); // 0
 */
export function playbackPositionAt(timing: RoomTiming, now: number): number {
  const seconds = (now - timing.startsAt) / 1000;
  return Math.min(Math.max(seconds, 0), Math.max(timing.liveSeconds, 0));
}
