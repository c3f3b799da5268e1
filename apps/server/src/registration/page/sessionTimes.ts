/**
 * How the hosted page writes a session's start: the day and the time in one zone, named. The server
 * writes them in the timeline's zone (it cannot know the visitor's); the page's script writes them
 * again with the same options in the browser's zone.
 */
export const SESSION_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  weekday: "long",
  day: "numeric",
  month: "long",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
};

/** A locale Intl knows for the timeline's language ("en" when it knows none of it). */
export function pageLocale(language: string): string {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([language])[0] ?? "en";
  } catch {
    return "en";
  }
}

/**
 * A session's start for people, in `timeZone`.
 *
 * @example
 * sessionTime(new Date("2026-03-03T16:00:00Z"), "Europe/Paris", "en"); // "Tuesday, March 3 at 5:00 PM GMT+1"
 */
export function sessionTime(startsAt: Date, timeZone: string, locale: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { ...SESSION_TIME_OPTIONS, timeZone }).format(startsAt);
  } catch {
    return new Intl.DateTimeFormat(locale, { ...SESSION_TIME_OPTIONS, timeZone: "UTC" }).format(startsAt);
  }
}
