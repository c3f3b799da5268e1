/** Whether Intl knows an IANA zone name. */
export function isKnownZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone a registrant reads times in: theirs when known, else the event's, else UTC.
 *
 * @example
 * readerZone("", "Europe/Paris"); // "Europe/Paris"
 */
export const readerZone = (registrantZone: string, eventZone: string): string =>
  [registrantZone, eventZone].find(isKnownZone) ?? "UTC";

/** An event's start as the merge tags show it. */
export interface EventTimeText {
  /** "Tuesday" */
  day: string;
  /** "March 5, 2024" */
  date: string;
  /** "9:00 AM" */
  time: string;
  /** "EST", or "GMT+5:30" where the zone has no common abbreviation in English. */
  timeZone: string;
}

const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
  parts.find((p) => p.type === type)?.value ?? "";

/**
 * An instant written for a reader in `zone` (en-US, the product's only locale), with Intl, so
 * daylight-saving changes come out right.
 *
 * @example
 * formatEventTime(new Date("2024-03-05T14:00:00Z"), "America/New_York");
 * // { day: "Tuesday", date: "March 5, 2024", time: "9:00 AM", timeZone: "EST" }
 */
export function formatEventTime(at: Date, zone: string): EventTimeText {
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat("en-US", { timeZone: zone, ...options }).format(at);
  const zoneParts = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" }).formatToParts(at);
  return {
    day: format({ weekday: "long" }),
    date: format({ month: "long", day: "numeric", year: "numeric" }),
    time: format({ hour: "numeric", minute: "2-digit", hour12: true }),
    timeZone: part(zoneParts, "timeZoneName"),
  };
}
