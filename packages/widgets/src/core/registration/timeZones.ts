/**
 * The visitor's IANA time zone as the browser reports it, or `fallback` where there is none (a
 * server render, an old engine).
 *
 * @example
 * detectTimeZone(); // "Europe/Paris"
 */
export function detectTimeZone(fallback = "UTC"): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || fallback;
  } catch {
    return fallback;
  }
}

/** True when `zone` is an IANA zone this engine knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: zone }); // throws a RangeError for an unknown zone
    return true;
  } catch {
    return false;
  }
}

/**
 * The zones a visitor may pick for showing session times: the engine's list (`Intl.supportedValuesOf`),
 * with `first` (detected, the timeline's, the sessions') ahead of it, without duplicates.
 *
 * @example
 * timeZoneChoices(["Europe/Paris", "America/New_York"]).slice(0, 2); // ["Europe/Paris", "America/New_York"]
 */
export function timeZoneChoices(first: readonly string[]): string[] {
  const all = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone") ?? ["UTC"];
  return [...new Set([...first.filter(isTimeZone), ...all])];
}

/**
 * A session's start in a zone, for people: weekday, date, time and the zone's short name.
 *
 * @example
 * formatSessionTime("2026-03-10T17:00:00Z", "Europe/Paris", "en-US");
 * // "Tuesday, March 10, 6:00 PM GMT+1"
 */
export function formatSessionTime(startTime: string, timeZone: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(startTime));
}
