import { addCalendarDays, zonedToUtc, zonedWallTime } from "../timeline/zonedTime.js";
import type { RoomTiming } from "./types.js";

const MINUTE = 60_000;

/**
 * The first local midnight in `timeZone` at or after `instant` (strictly after when `inclusive` is
 * false). A midnight that a DST change skips becomes the first instant of that day (see `zonedToUtc`).
 */
function midnightFrom(instant: number, timeZone: string, inclusive: boolean): number {
  const wall = zonedWallTime(new Date(instant), timeZone);
  const atMidnight = wall.hour === 0 && wall.minute === 0 && wall.second === 0 && instant % 1000 === 0;
  if (atMidnight && inclusive) return instant;
  return zonedToUtc({ ...addCalendarDays(wall, 1), hour: 0, minute: 0 }, timeZone).getTime();
}

/** `days` calendar days after `instant`, at the same wall-clock time in `timeZone` (a gap moves forward). */
function addDays(instant: number, days: number, timeZone: string): number {
  if (days === 0) return instant;
  const wall = zonedWallTime(new Date(instant), timeZone);
  const moved = zonedToUtc({ ...wall, ...addCalendarDays(wall, days) }, timeZone).getTime();
  return moved + (((instant % 1000) + 1000) % 1000);
}

/**
 * When the replay expires, epoch ms; null when there is no replay or it never expires.
 *
 * - The window starts at the end of the live part (`startsAt + liveSeconds`): `days` calendar days
 *   later at the same wall-clock time in the event's zone (so "1 day" is the same time tomorrow,
 *   also across a DST change, as timeline nodes move), then `hours` and `minutes` of elapsed time.
 * - With `expireOnMid` the expiry moves to the next midnight in the event's zone at or after the
 *   window's end, so the replay closes at the end of a calendar day there (DST-aware).
 * - A window of 0/0/0 never expires, unless `expireOnMid` is on: then the replay lasts until the
 *   midnight after the end (the end of the event's day, "until midnight").
 *
 * @throws RangeError on an unknown time zone (only read with `expireOnMid`).
 * @example
 * replayUntilOf({ ...timing, replay: { enabled: true, days: 1, hours: 0, minutes: 0, expireOnMid: true } });
 * // an event ending 2026-03-07 21:00 in New York: 2026-03-09T04:00:00.000Z (00:00 EDT, March 9)
 */
export function replayUntilOf(timing: RoomTiming): number | null {
  const { replay, timeZone } = timing;
  if (!replay.enabled) return null;
  const endsAt = timing.startsAt + Math.round(timing.liveSeconds * 1000);
  if (replay.days + replay.hours + replay.minutes <= 0) {
    return replay.expireOnMid ? midnightFrom(endsAt, timeZone, false) : null;
  }
  const until = addDays(endsAt, replay.days, timeZone) + (replay.hours * 60 + replay.minutes) * MINUTE;
  return replay.expireOnMid ? midnightFrom(until, timeZone, true) : until;
}
