import { REFRESH_DISABLE_CUTOFF } from "../../constants.js";

/** `2023-11-30 12:00:00` and `2023-11-30T12:00:00.5`: a date-time with no zone. */
const ZONELESS = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

/**
 * Milliseconds since the epoch of a `created_at`, or NaN. A date-time without a zone (the API's
 * `YYYY-MM-DD HH:MM:SS`) is read as UTC: engines disagree on it otherwise (local time in V8,
 * invalid in older Safari).
 */
function instantOf(createdAt: string | Date): number {
  if (createdAt instanceof Date) return createdAt.getTime();
  const text = createdAt.trim();
  return Date.parse(ZONELESS.test(text) ? `${text.replace(" ", "T")}Z` : text);
}

/**
 * True when the account was created strictly before {@link REFRESH_DISABLE_CUTOFF}, so the
 * refresh-disable option is shown (spec §9). A missing or unreadable date hides the option.
 *
 * @example
 * isBeforeRefreshCutoff("2023-11-30 23:59:59"); // true
 * isBeforeRefreshCutoff("2023-12-01T00:00:00Z"); // false
 * isBeforeRefreshCutoff(undefined); // false
 */
export function isBeforeRefreshCutoff(createdAt: string | Date | null | undefined): boolean {
  if (createdAt == null) return false;
  const created = instantOf(createdAt);
  return Number.isFinite(created) && created < Date.parse(REFRESH_DISABLE_CUTOFF);
}
