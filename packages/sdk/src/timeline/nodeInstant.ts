import { nodeOffset } from "./nodeOffset.js";
import type { NodeTiming } from "./types.js";
import { addCalendarDays, zonedToUtc, zonedWallTime } from "./zonedTime.js";

/** The event a node is placed against. */
export type InstantContext = {
  /** The event's start: a Date, or an ISO string (read as UTC when it carries no offset). */
  start: Date | string;
  /** IANA zone whose wall clock relative nodes keep across days (the event's, or the registrant's). */
  timeZone: string;
  /** IANA zone of exact nodes (the timeline's `general.timeZone`); defaults to `timeZone`. */
  timelineTimeZone?: string;
};

const ZONE_SUFFIX = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;
const HAS_TIME = /\d[T ]\d{2}:\d{2}/;

/**
 * Reads an instant. Strings with a time but no offset ("2026-03-08 17:00:00", a common wire form)
 * are read as UTC, never in the runtime's local zone.
 *
 * @throws RangeError when the value is not a valid date.
 * @example
 * toInstant("2026-03-08 17:00:00").toISOString(); // "2026-03-08T17:00:00.000Z"
 */
export function toInstant(value: Date | string): Date {
  let date: Date;
  if (typeof value === "string") {
    const text = value.trim();
    const iso = HAS_TIME.test(text) && !ZONE_SUFFIX.test(text) ? `${text.replace(" ", "T")}Z` : text;
    date = new Date(iso);
  } else {
    date = new Date(value.getTime());
  }
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid event start ${JSON.stringify(value)}.`);
  return date;
}

/**
 * The UTC instant a node fires at.
 *
 * - Relative: take the event's wall-clock date and time in `timeZone`, move `days` calendar days
 *   keeping that wall time, then add the signed elapsed hours and minutes. A kept wall time that
 *   falls in a DST gap moves forward by the gap; an ambiguous one takes the earlier instant (see
 *   `zonedToUtc`). With `days` 0 the event instant itself is the base, so an event starting in a
 *   repeated hour is not moved.
 * - Exact: the event's local date in `timelineTimeZone`, moved `days` calendar days, at the exact
 *   clock time there (same gap and ambiguity handling).
 *
 * @throws RangeError on invalid timing, start or time zone.
 * @example
 * nodeInstant({ days: 1, hours: 0, minutes: 0, isAfter: -1 },
 *   { start: "2026-03-08T17:00:00Z", timeZone: "America/Los_Angeles" }).toISOString();
 * // "2026-03-07T18:00:00.000Z" (10:00 PST the day before a 10:00 PDT event)
 */
export function nodeInstant(node: NodeTiming, context: InstantContext): Date {
  const start = toInstant(context.start);
  const offset = nodeOffset(node);
  if (offset.kind === "exact") {
    const zone = context.timelineTimeZone ?? context.timeZone;
    const date = addCalendarDays(zonedWallTime(start, zone), offset.days);
    return zonedToUtc({ ...date, ...offset.wallTime }, zone);
  }
  let base = start.getTime();
  if (offset.days !== 0) {
    const wall = zonedWallTime(start, context.timeZone);
    const moved = zonedToUtc({ ...wall, ...addCalendarDays(wall, offset.days) }, context.timeZone);
    const milliseconds = ((base % 1000) + 1000) % 1000;
    base = moved.getTime() + milliseconds;
  }
  return new Date(base + offset.minutes * 60_000);
}

/**
 * The event's start as minutes after midnight of its day in a zone: the `eventMinuteOfDay` that
 * places exact nodes in `nodeOffsetMinutes` and the timeline rules.
 *
 * @example
 * eventMinuteOfDay("2026-03-08T17:00:00Z", "America/Los_Angeles"); // 600 (10:00 PDT)
 */
export function eventMinuteOfDay(start: Date | string, timeZone: string): number {
  const wall = zonedWallTime(toInstant(start), timeZone);
  return wall.hour * 60 + wall.minute;
}
