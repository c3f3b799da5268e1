import { RescheduleWebinarRequestSchema, zonedToUtc, zonedWallTime, type RescheduleWebinarRequest } from "@cuepoint/sdk";
import { issueErrors } from "../../lib/formErrors.js";

/** The outcome of checking the reschedule dialog: the body to send, or one message per field. */
export type RescheduleCheck = { ok: true; body: RescheduleWebinarRequest } | { ok: false; errors: Record<string, string> };

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, "0");

/**
 * An instant as a `datetime-local` value (`YYYY-MM-DDTHH:mm`) on the wall clock of `timeZone`.
 *
 * @example
 * localInputValue("2026-05-10T17:00:00Z", "America/Los_Angeles"); // "2026-05-10T10:00"
 */
export function localInputValue(iso: string, timeZone: string): string {
  const wall = zonedWallTime(new Date(iso), timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/**
 * The `startTime` of a wall-clock time in a zone, ISO 8601 in UTC; undefined when the text is not
 * a date and time, the date does not exist or the zone is unknown.
 *
 * @example
 * startTimeOf("2026-05-11T10:00", "America/Los_Angeles"); // "2026-05-11T17:00:00.000Z"
 */
export function startTimeOf(local: string, timeZone: string): string | undefined {
  const match = LOCAL.exec(local);
  if (!match) return undefined;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0] = match.slice(1).map(Number);
  try {
    return zonedToUtc({ year, month, day, hour, minute }, timeZone).toISOString();
  } catch {
    return undefined;
  }
}

/**
 * Checks the dialog's date and time (read in `timeZone`) with the SDK's
 * `RescheduleWebinarRequestSchema`, the one copy of the rules, through its Standard Schema
 * interface. `timeZone` is sent only when it differs from the event's current zone. Whether the
 * start is in the future is the server's to say (its clock), on `startTime` as well.
 *
 * @example
 * checkReschedule({ webinarID: "w1", timeZone: "Europe/Paris" }, "2026-05-11T10:00", "Europe/Paris");
 * // { ok: true, body: { webinarID: "w1", startTime: "2026-05-11T08:00:00.000Z" } }
 */
export function checkReschedule(
  webinar: { webinarID: string; timeZone: string },
  local: string,
  timeZone: string,
): RescheduleCheck {
  const body: RescheduleWebinarRequest = {
    webinarID: webinar.webinarID,
    // A well-formed time the zone cannot place (unknown zone, a day that does not exist) goes as UTC,
    // so the schema names what is wrong (the zone, or the date) rather than the missing offset.
    startTime: startTimeOf(local, timeZone) ?? (LOCAL.test(local) ? `${local}:00Z` : local),
    ...(timeZone === webinar.timeZone ? {} : { timeZone }),
  };
  const result = RescheduleWebinarRequestSchema["~standard"].validate(body);
  if (result instanceof Promise) throw new Error("The reschedule schema is synchronous.");
  if (!result.issues) return { ok: true, body };
  return { ok: false, errors: issueErrors(result.issues) };
}
