/**
 * Wall-clock time in an IANA zone, from the runtime's Intl time-zone data (no zone tables here).
 */

/** A calendar date; `month` is 1–12. */
export type CalendarDate = { year: number; month: number; day: number };
/** A wall-clock date and time in some zone; `month` 1–12, `hour` 0–23. */
export type WallTime = CalendarDate & { hour: number; minute: number; second?: number };

const MS_PER_DAY = 86_400_000;

let formatters: Map<string, Intl.DateTimeFormat> | undefined;

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  formatters ??= new Map();
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws RangeError on an unknown zone, which is the error we want callers to see.
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Epoch ms of a wall time read as if it were UTC (safe for years below 100). */
function wallAsUtc(wall: WallTime): number {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second ?? 0, 0);
  return date.getTime();
}

/**
 * The wall-clock date and time of an instant in a zone.
 *
 * @throws RangeError on an unknown time zone or an invalid date.
 * @example
 * zonedWallTime(new Date("2026-03-08T17:00:00Z"), "America/Los_Angeles");
 * // { year: 2026, month: 3, day: 8, hour: 10, minute: 0, second: 0 }
 */
export function zonedWallTime(date: Date, timeZone: string): Required<WallTime> {
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid date.");
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The zone's UTC offset in ms at an instant (whole seconds). */
function offsetAt(epochMs: number, timeZone: string): number {
  const seconds = Math.floor(epochMs / 1000) * 1000;
  return wallAsUtc(zonedWallTime(new Date(seconds), timeZone)) - seconds;
}

function daysInMonth(year: number, month: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, 0); // day 0 of the next month is the last day of this one
  return date.getUTCDate();
}

function assertWallTime(wall: WallTime): void {
  const { year, month, day, hour, minute, second = 0 } = wall;
  const whole = [year, month, day, hour, minute, second].every(Number.isInteger);
  const inRange =
    month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month) && hour >= 0 && hour <= 23;
  if (!whole || !inRange || minute < 0 || minute > 59 || second < 0 || second > 59) {
    throw new RangeError(`Invalid wall time ${JSON.stringify(wall)}.`);
  }
}

/**
 * The UTC instant of a wall-clock time in a zone.
 *
 * - A wall time inside a DST gap (it never happens on the clock) moves forward by the gap's length:
 *   02:30 on a spring-forward day with a one-hour gap becomes 03:30.
 * - An ambiguous wall time (it happens twice when the clock falls back) resolves to the EARLIER
 *   instant, the one still on the summer offset.
 *
 * This is Temporal's "compatible" disambiguation. It assumes at most one offset change within a
 * day either side of the wall time, which holds for every zone in use.
 *
 * @throws RangeError on an unknown time zone or an impossible date.
 * @example
 * zonedToUtc({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, "America/Los_Angeles");
 * // 2026-03-08T10:30:00.000Z (03:30 PDT: 02:30 does not exist that night)
 */
export function zonedToUtc(wall: WallTime, timeZone: string): Date {
  assertWallTime(wall);
  const local = wallAsUtc(wall);
  const before = offsetAt(local - MS_PER_DAY, timeZone);
  const after = offsetAt(local + MS_PER_DAY, timeZone);
  const valid = [...new Set([before, after])]
    .map((offset) => local - offset)
    .filter((instant) => offsetAt(instant, timeZone) === local - instant);
  // Gap: no offset reproduces the wall time; reading it with the offset in force before the gap
  // lands after the gap, moved forward by the gap's length.
  const instant = valid.length > 0 ? Math.min(...valid) : local - before;
  return new Date(instant);
}

/**
 * A calendar date moved by whole days (calendar arithmetic, no time zone involved).
 *
 * @example
 * addCalendarDays({ year: 2026, month: 3, day: 1 }, -1); // { year: 2026, month: 2, day: 28 }
 */
export function addCalendarDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(wallAsUtc({ ...date, hour: 12, minute: 0 }) + days * MS_PER_DAY);
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}
