/**
 * The usage period: the calendar month (UTC) that contains `now`.
 *
 * @example
 * usagePeriod(new Date("2026-10-20T12:00:00Z")); // { from: 2026-10-01T00:00Z, to: 2026-11-01T00:00Z }
 */
export function usagePeriod(now: Date): { from: Date; to: Date } {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { from, to };
}
