/** What an "Add to Google Calendar" link carries. */
export interface CalendarLinkInput {
  title: string;
  /** Epoch ms. */
  startsAt: number;
  /** Epoch ms. */
  endsAt: number;
  details?: string;
  /** Where: for an online event, the personal join link. */
  location?: string;
}

/** `20260308T170000Z`: the UTC basic format Google Calendar's `dates` takes. */
function basicUtc(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}/, "").replace(/[-:]/g, "");
}

/**
 * The "Add to Google Calendar" link of an event: Google's event-template address with the title,
 * the start and end in UTC (so Google shows them in the viewer's own zone), and the details and
 * location when given. Seconds are kept; milliseconds are dropped.
 *
 * @throws RangeError when an instant is not a valid date.
 * @example
 * googleCalendarUrl({ title: "Growth Webinar", startsAt: Date.parse("2026-03-08T17:00:00Z"),
 *   endsAt: Date.parse("2026-03-08T18:00:00Z") });
 * // "https://calendar.google.com/calendar/render?action=TEMPLATE&text=Growth%20Webinar&dates=20260308T170000Z/20260308T180000Z"
 */
export function googleCalendarUrl(input: CalendarLinkInput): string {
  // `dates` holds only digits, T, Z and the "/" Google expects unencoded.
  let query = `action=TEMPLATE&text=${encodeURIComponent(input.title)}`;
  query += `&dates=${basicUtc(input.startsAt)}/${basicUtc(input.endsAt)}`;
  if (input.details) query += `&details=${encodeURIComponent(input.details)}`;
  if (input.location) query += `&location=${encodeURIComponent(input.location)}`;
  return `https://calendar.google.com/calendar/render?${query}`;
}
