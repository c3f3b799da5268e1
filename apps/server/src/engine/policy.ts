import { defaultAudienceSegments, zonedToUtc, zonedWallTime, type AudienceSegment, type TimelineNode } from "@cuepoint/sdk";
import type { CatchUpPolicy, QuietHours } from "../db/schema/index.js";

/**
 * The engine's decisions as pure functions (engine/README.md): catch-up for late registrants,
 * quiet hours for text messages, audience groups. The scheduler, the worker and the dry run all
 * call these, so a simulation says exactly what the engine will do.
 */

/** Late registrants get the latest reminder they missed if it was due within a day; the rest are skipped. */
export const DEFAULT_CATCH_UP: CatchUpPolicy = { mode: "latest", windowMinutes: 24 * 60 };
/** No SMS/MMS from 21:00 to 08:00 in the registrant's zone. */
export const DEFAULT_QUIET_HOURS: QuietHours = { enabled: true, start: "21:00", end: "08:00" };

const TEXT_ACTIONS = new Set(["sendsms", "sendmms"]);

/**
 * True for the actions quiet hours and SMS consent apply to: text and multimedia messages.
 *
 * @example
 * isTextMessage({ action: "sendsms" }); // true
 */
export function isTextMessage(node: Pick<TimelineNode, "action" | "key">): boolean {
  return [node.action, node.key].some((value) => typeof value === "string" && TEXT_ACTIONS.has(value.trim().toLowerCase()));
}

/** What catch-up decided for one action that was already due at registration. */
export type CatchUpDecision = { run: true; reason: string } | { run: false; reason: string };

/**
 * Decides, for actions already due when someone registers (`plannedAt` before `now`), which run
 * now and which are skipped. `latest` runs the latest missed one (all of them when several share
 * that instant) if it is within the window; `all` runs every missed one within the window; `skip`
 * runs none.
 *
 * @example
 * catchUp([{ key: "a", plannedAt: tenMinutesAgo }, { key: "b", plannedAt: twoHoursAgo }], now, DEFAULT_CATCH_UP);
 * // Map { "a" => { run: true, … }, "b" => { run: false, reason: "Missed: … a later reminder was sent instead." } }
 */
export function catchUp(
  missed: readonly { key: string; plannedAt: Date }[],
  now: Date,
  policy: CatchUpPolicy,
): Map<string, CatchUpDecision> {
  const decisions = new Map<string, CatchUpDecision>();
  const windowStart = now.getTime() - policy.windowMinutes * 60_000;
  const latest = Math.max(...missed.map((m) => m.plannedAt.getTime()));
  for (const { key, plannedAt } of missed) {
    const due = plannedAt.toISOString();
    if (policy.mode === "skip") {
      decisions.set(key, { run: false, reason: `Missed: it was due at ${due}, before the registration (catch-up policy: skip).` });
    } else if (plannedAt.getTime() < windowStart) {
      decisions.set(key, {
        run: false,
        reason: `Missed: it was due at ${due}, more than ${policy.windowMinutes} minutes before the registration.`,
      });
    } else if (policy.mode === "latest" && plannedAt.getTime() !== latest) {
      decisions.set(key, { run: false, reason: `Missed: it was due at ${due}; only the latest missed action is sent.` });
    } else {
      decisions.set(key, { run: true, reason: `Catch-up: due at ${due}, before the registration; sent at once.` });
    }
  }
  return decisions;
}

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

function minutesOf(clock: string): number {
  const match = CLOCK.exec(clock);
  if (!match) throw new RangeError(`Invalid clock time "${clock}": use HH:MM.`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * When quiet hours hold `at` in `timeZone`, the instant they end (the next `end` wall time there);
 * otherwise null. A window may cross midnight (21:00–08:00). Equal start and end means no quiet hours.
 *
 * @example
 * quietHoursEnd(new Date("2026-06-01T05:00:00Z"), "Europe/Berlin", DEFAULT_QUIET_HOURS);
 * // 2026-06-01T06:00:00Z (08:00 in Berlin)
 */
export function quietHoursEnd(at: Date, timeZone: string, quiet: QuietHours): Date | null {
  if (!quiet.enabled) return null;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return null;
  const wall = zonedWallTime(at, timeZone);
  const minute = wall.hour * 60 + wall.minute;
  const quietNow = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!quietNow) return null;
  // The end falls today when we are before it, else tomorrow (a window across midnight, evening side).
  const day = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + (minute < end ? 0 : 1)));
  return zonedToUtc(
    { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: Math.floor(end / 60), minute: end % 60 },
    timeZone,
  );
}

/** What audience conditions can test about a registrant at firing time. */
export interface AudienceFacts {
  /** Hours spent in the event's room (0 when never there). */
  attendedHour: number;
  /** Custom-field answers and tags by name. */
  fields: Record<string, string>;
}

/** Whether a registrant belongs to an action's audience group, and the sentence for the log. */
export type AudienceVerdict = { member: true } | { member: false; reason: string };

function compare(actual: number | string, op: string, expected: number | string): boolean {
  const numeric = typeof expected === "number" || (actual !== "" && !Number.isNaN(Number(actual)) && !Number.isNaN(Number(expected)));
  const a = numeric ? Number(actual) : String(actual);
  const b = numeric ? Number(expected) : String(expected);
  switch (op) {
    case "eq":
      return a === b;
    case "neq":
      return a !== b;
    case "gt":
      return a > b;
    case "gte":
      return a >= b;
    case "lt":
      return a < b;
    case "lte":
      return a <= b;
    default:
      return false;
  }
}

/**
 * Evaluates an action's audience group (`groupID`) when it fires: Registrants ("3") everyone,
 * Attendee ("a1") attended-hour > 0, Non-Attendee ("a2") attended-hour = 0, and custom segments of
 * the timeline's `general.userGroup` by their condition. An unknown group is nobody.
 *
 * @example
 * audienceVerdict("a1", [], { attendedHour: 0, fields: {} });
 * // { member: false, reason: "Not in the audience Attendee (attended-hour 0)." }
 */
export function audienceVerdict(groupID: string, segments: readonly AudienceSegment[], facts: AudienceFacts): AudienceVerdict {
  const segment = [...defaultAudienceSegments(), ...segments].find((s) => s.id === groupID);
  if (!segment) return { member: false, reason: `The audience group "${groupID}" does not exist on this timeline.` };
  const condition = segment.condition;
  if (!condition) return { member: true };
  const actual = condition.field === "attendedHour" ? facts.attendedHour : (facts.fields[condition.field] ?? "");
  if (compare(actual, condition.op, condition.value)) return { member: true };
  const shown = typeof actual === "number" ? Math.round(actual * 100) / 100 : JSON.stringify(actual);
  return { member: false, reason: `Not in the audience ${segment.name} (${condition.field} ${shown}).` };
}
