/**
 * A duration as a clock: `m:ss`, or `h:mm:ss` from an hour.
 *
 * @example
 * formatClock(754); // "12:34"
 * formatClock(3725); // "1:02:05"
 */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, "0");
  const [h, m, s] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/**
 * What is left until an instant, for a countdown: whole days, hours, minutes, seconds.
 *
 * @example
 * countdownParts(90_061_000); // { days: 1, hours: 1, minutes: 1, seconds: 1 }
 */
export function countdownParts(ms: number): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor(total / 3600) % 24,
    minutes: Math.floor(total / 60) % 60,
    seconds: total % 60,
  };
}

/** The thresholds (seconds) at which a countdown is announced to screen readers. */
const ANNOUNCED = [30, 60, 120, 300, 600, 900, 1800, 3600];

/**
 * The countdown's text for a polite live region: it changes only when the time left crosses a
 * threshold (an hour, 30, 15, 10, 5, 2, 1 minute, 30 seconds), so a screen reader hears it a few
 * times, not every second.
 *
 * @example
 * countdownAnnouncement(250_000); // "Starts in less than 5 minutes."
 */
export function countdownAnnouncement(ms: number): string {
  const left = ms / 1000;
  if (left <= 0) return "Starting now.";
  const threshold = ANNOUNCED.find((limit) => left <= limit);
  if (!threshold) return "";
  return threshold < 60 ? `Starts in less than ${threshold} seconds.` : `Starts in less than ${threshold / 60 === 1 ? "a minute" : threshold === 3600 ? "an hour" : `${threshold / 60} minutes`}.`;
}

/**
 * An instant for people in a zone (the visitor's by default), with the zone named in full.
 *
 * @example
 * formatStart(Date.UTC(2026, 2, 10, 17), "Europe/Paris", "en-US");
 * // "Tuesday, March 10, 2026 at 6:00 PM Central European Standard Time"
 */
export function formatStart(at: number, timeZone?: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "long",
  }).format(at);
}

/**
 * A time of day (a chat message's), in the visitor's zone by default.
 *
 * @example
 * formatTimeOfDay(Date.UTC(2026, 2, 10, 17, 5), "Europe/Paris", "en-US"); // "6:05 PM"
 */
export function formatTimeOfDay(at: number, timeZone?: string, locale?: string): string {
  // One formatter per zone and locale: the chat formats up to 200 times per render, and making an
  // Intl.DateTimeFormat costs far more than using one.
  const key = `${timeZone}|${locale}`;
  let format = clocks.get(key);
  if (!format) clocks.set(key, (format = new Intl.DateTimeFormat(locale, { timeZone, hour: "numeric", minute: "2-digit" })));
  return format.format(at);
}
const clocks = new Map<string, Intl.DateTimeFormat>();
