import { MINUTES_PER_DAY } from "../constants.js";
import { normaliseTiming, type NormalisedTiming } from "./normaliseTiming.js";
import type { NodeTiming } from "./types.js";

/** A clock time of day, 24-hour. */
export type ClockTime = { hour: number; minute: number };

/**
 * Where a node fires, relative to its event (DOMAIN.md "Timeline actions"):
 * - relative: move `days` calendar days keeping the event's wall time, then `minutes` of elapsed
 *   time (both signed);
 * - exact: the clock time `wallTime` on the day `days` from the event day, in the timeline's zone.
 */
export type NodeOffset =
  | { kind: "relative"; days: number; minutes: number }
  | { kind: "exact"; days: number; wallTime: ClockTime };

/** Options of the minute-based helpers. */
export type OffsetOptions = {
  /** The event's start as minutes after midnight on the event day; places exact nodes. */
  eventMinuteOfDay?: number;
};

/**
 * The 24-hour clock time of an exact node: hours 1–12 with AM/PM (12 AM is 0, 12 PM is 12), or
 * 0–23 when `amPm` is blank.
 *
 * @throws RangeError when the hour or minute is out of range.
 * @example
 * exactClockTime({ hours: 12, minutes: 30, amPm: "AM", isAfter: 1, isExact: true }); // { hour: 0, minute: 30 }
 */
export function exactClockTime(node: NodeTiming): ClockTime {
  return clockTimeOf(normaliseTiming(node));
}

function clockTimeOf({ hours, minutes, amPm }: NormalisedTiming): ClockTime {
  if (minutes > 59) throw new RangeError(`An exact time's minutes must be 0–59, got ${minutes}.`);
  if (amPm === undefined) {
    if (hours > 23) throw new RangeError(`An exact time's hours must be 0–23 without AM/PM, got ${hours}.`);
    return { hour: hours, minute: minutes };
  }
  if (hours < 1 || hours > 12) throw new RangeError(`An exact time's hours must be 1–12 with AM/PM, got ${hours}.`);
  return { hour: (hours % 12) + (amPm === "PM" ? 12 : 0), minute: minutes };
}

function signedDays(timing: NormalisedTiming): number {
  return timing.days === 0 ? 0 : timing.days * timing.isAfter;
}

/**
 * A node's offset from its event, read from its timing fields.
 *
 * @throws RangeError when the timing fields are invalid.
 * @example
 * nodeOffset({ days: 1, hours: 2, minutes: 0, isAfter: -1 }); // { kind: "relative", days: -1, minutes: -120 }
 * nodeOffset({ days: 1, hours: 9, minutes: 0, amPm: "AM", isAfter: -1, isExact: true });
 * // { kind: "exact", days: -1, wallTime: { hour: 9, minute: 0 } }
 */
export function nodeOffset(node: NodeTiming): NodeOffset {
  const timing = normaliseTiming(node);
  const days = signedDays(timing);
  if (timing.isExact) return { kind: "exact", days, wallTime: clockTimeOf(timing) };
  const elapsed = timing.hours * 60 + timing.minutes;
  return { kind: "relative", days, minutes: elapsed === 0 ? 0 : elapsed * timing.isAfter };
}

/**
 * A node's signed offset from the event start in naive minutes (a day counts 1440 minutes, DST
 * ignored), used for ordering and the proximity rules.
 *
 * Relative nodes: `(days × 1440 + hours × 60 + minutes) × isAfter`.
 * Exact nodes: `signed days × 1440 + clock minutes − eventMinuteOfDay`. The naive formula would put
 * "the day before at 5 pm" before "the day before at 9 am", so exact nodes are placed by their clock
 * time; without `eventMinuteOfDay` they are measured from the event day's midnight.
 *
 * @example
 * nodeOffsetMinutes({ days: 1, hours: 2, minutes: 30, isAfter: -1 }); // -1590
 * nodeOffsetMinutes({ days: 0, hours: 9, minutes: 45, amPm: "AM", isAfter: 1, isExact: true },
 *   { eventMinuteOfDay: 600 }); // -15
 */
export function nodeOffsetMinutes(node: NodeTiming, options: OffsetOptions = {}): number {
  const offset = nodeOffset(node);
  if (offset.kind === "relative") return offset.days * MINUTES_PER_DAY + offset.minutes;
  const clock = offset.wallTime.hour * 60 + offset.wallTime.minute;
  return offset.days * MINUTES_PER_DAY + clock - (options.eventMinuteOfDay ?? 0);
}

/**
 * A comparator ordering nodes by day, then by `nodeOffsetMinutes` within the day. Pass the event's
 * minute of day to place exact nodes among relative ones exactly.
 *
 * @example
 * nodes.sort(createNodeComparator({ eventMinuteOfDay: 17 * 60 }));
 */
/* @__NO_SIDE_EFFECTS__ */
export function createNodeComparator(options: OffsetOptions = {}): (a: NodeTiming, b: NodeTiming) => number {
  return (a, b) => {
    const dayA = nodeOffset(a).days;
    const dayB = nodeOffset(b).days;
    if (dayA !== dayB) return dayA - dayB;
    return nodeOffsetMinutes(a, options) - nodeOffsetMinutes(b, options);
  };
}

/**
 * Orders nodes by day, then by time within the day (exact nodes measured from midnight).
 *
 * @example
 * [...nodes].sort(compareNodes);
 */
export function compareNodes(a: NodeTiming, b: NodeTiming): number {
  return createNodeComparator()(a, b);
}
