/** The error an analytics call reports when its result counts as a timeout (spec §5, §8). */
export const ANALYTICS_TIMEOUT = "timeout";
export type AnalyticsTimeout = typeof ANALYTICS_TIMEOUT;

/** HTTP 524: the proxy in front of the API gave up waiting for the origin. */
const ORIGIN_TIMEOUT_STATUS = 524;

/** The part of an analytics response the timeout rule looks at. */
export interface AnalyticsResultLike {
  readonly status?: number;
  readonly data?: unknown;
}

/**
 * True when an analytics result must be treated as a timeout (spec §5): HTTP status 524, or data
 * without a `registrants` field. The field only has to be present — `registrants: []` or `null`
 * is a real (empty) answer. A missing result counts as a timeout, since it has no registrants.
 *
 * @example
 * isAnalyticsTimeout({ status: 524 }); // true
 * isAnalyticsTimeout({ status: 200, data: {} }); // true
 * isAnalyticsTimeout({ status: 200, data: { registrants: 12 } }); // false
 */
export function isAnalyticsTimeout(result: AnalyticsResultLike | null | undefined): boolean {
  if (result == null) return true;
  if (result.status === ORIGIN_TIMEOUT_STATUS) return true;
  const { data } = result;
  return typeof data !== "object" || data === null || Array.isArray(data) || !("registrants" in data);
}
