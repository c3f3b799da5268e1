import { addCalendarDays, RECURRING_MAX_EVENTS, zonedToUtc, zonedWallTime, type CalendarDate } from "@cuepoint/sdk";
import type { RecurrencePattern } from "../db/schema/index.js";

/** A series holds at most this many events (the SDK's limit); a pattern that would give more is refused. */
export const MAX_OCCURRENCES = RECURRING_MAX_EVENTS;
/** A series with neither `until` nor `count` is generated this many days ahead (and at most {@link MAX_OCCURRENCES}). */
export const OPEN_ENDED_DAYS = 90;
/** Steps tried before giving up on a pattern whose steps never land on its days. */
const MAX_STEPS = 20_000;
const DAY_MS = 86_400_000;

/** Why a pattern gives no schedule; `field` is the request field to fix. */
export class RecurrenceError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = "RecurrenceError";
  }
}

export interface LocalStart {
  date: CalendarDate;
  hour: number;
  minute: number;
}

/** `YYYY-MM-DDTHH:mm` (the SDK schema checked the shape) as numbers. */
export function parseLocalStart(start: string): LocalStart {
  const [year, month, day, hour, minute] = start.split(/[-T:]/).map(Number);
  return { date: { year: year ?? 0, month: month ?? 0, day: day ?? 0 }, hour: hour ?? 0, minute: minute ?? 0 };
}

const weekday = ({ year, month, day }: CalendarDate) => new Date(Date.UTC(year, month - 1, day)).getUTCDay();
const dateKey = ({ year, month, day }: CalendarDate) =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/**
 * The UTC instants of a schedule: one for a single event, or every occurrence of a pattern.
 *
 * - `days` alone (daily when all seven, weekly otherwise): the local start time on each chosen
 *   weekday from the start date on, each computed in the zone with `zonedToUtc`, so 10:00 stays
 *   10:00 local across a daylight-saving change (a time that does not exist that night moves
 *   forward by the gap, as the SDK's `zonedToUtc` does).
 * - `every` N minutes or hours: elapsed-time steps from the start, kept when their local date
 *   falls on one of `days`.
 * - The series ends at `until` (local date, inclusive) or after `count` events, whichever comes
 *   first; with neither, at `horizon` (silently, at most {@link MAX_OCCURRENCES}).
 *
 * @throws RangeError for an impossible start or unknown zone; RecurrenceError for a pattern that
 * gives no event or more than {@link MAX_OCCURRENCES}.
 * @example
 * occurrences("2026-10-30T10:00", "America/Los_Angeles", { days: [0, 1, 2, 3, 4, 5, 6], count: 3 }, horizon)
 * // 17:00Z, 17:00Z, then 18:00Z on 1 November: 10:00 local each day
 */
export function occurrences(
  start: string,
  timeZone: string,
  pattern: RecurrencePattern | undefined,
  horizon: Date,
): Date[] {
  const local = parseLocalStart(start);
  const first = zonedToUtc({ ...local.date, hour: local.hour, minute: local.minute }, timeZone);
  if (!pattern) return [first];
  if (pattern.until !== undefined && pattern.until < dateKey(local.date)) {
    throw new RecurrenceError(
      "The series would end before it starts: choose an end date on or after the start.",
      "recurring.until",
    );
  }
  const openEnded = pattern.until === undefined && pattern.count === undefined;
  const limit = Math.min(pattern.count ?? MAX_OCCURRENCES + 1, MAX_OCCURRENCES + 1);
  const days = new Set(pattern.days);
  const found: Date[] = [];
  const within = (date: CalendarDate, instant: Date) =>
    (pattern.until === undefined || dateKey(date) <= pattern.until) && (!openEnded || instant <= horizon);

  for (let step = 0; found.length < limit && step < MAX_STEPS; step++) {
    let date: CalendarDate;
    let instant: Date;
    if (pattern.every) {
      const stepMs = pattern.every.value * (pattern.every.unit === "hours" ? 3_600_000 : 60_000);
      instant = new Date(first.getTime() + step * stepMs);
      date = zonedWallTime(instant, timeZone);
    } else {
      date = addCalendarDays(local.date, step);
      instant = zonedToUtc({ ...date, hour: local.hour, minute: local.minute }, timeZone);
    }
    if (!within(date, instant)) break;
    if (days.has(weekday(date))) found.push(instant);
  }
  if (openEnded) return found.slice(0, MAX_OCCURRENCES);
  if (found.length > MAX_OCCURRENCES) {
    throw new RecurrenceError(
      `This pattern gives more than ${MAX_OCCURRENCES} events: choose an earlier end date or a count.`,
      pattern.count === undefined ? "recurring.until" : "recurring.count",
    );
  }
  if (found.length === 0) {
    throw new RecurrenceError(
      "This pattern gives no event: none of its times falls on the chosen days.",
      "recurring.days",
    );
  }
  return found;
}

/** The horizon of an open-ended series created at `now`. */
export const openEndedHorizon = (now: Date) => new Date(now.getTime() + OPEN_ENDED_DAYS * DAY_MS);
