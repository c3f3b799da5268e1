/**
 * Small display helpers shared by the screens (dates, counts, CSV downloads).
 */

/**
 * An ISO instant as a readable date and time with its zone named, in the given zone (the event's)
 * or else the browser's: a time in a list never leaves the reader guessing which zone it is in.
 *
 * @example
 * formatWhen("2026-03-01T17:00:00Z", "Europe/Paris"); // "Mar 1, 2026, 6:00 PM GMT+1"
 */
export function formatWhen(iso: string | undefined, timeZone?: string): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };
  try {
    return `${date.toLocaleString("en-US", { ...options, timeZone })} ${zoneName(date, timeZone)}`;
  } catch {
    return `${date.toLocaleString("en-US", options)} ${zoneName(date)}`;
  }
}

/** The zone's short name at that instant ("PDT", "GMT+1"); the browser's zone when none is given. */
function zoneName(date: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }).formatToParts(date);
  return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone ?? "";
}

/**
 * Saves text as a file through a temporary object URL (CSV exports).
 *
 * @example
 * saveTextFile("leads.csv", csv, "text/csv");
 */
export function saveTextFile(filename: string, text: string, type = "text/csv"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A whole number with thousands separators; "Unlimited" for -1.
 *
 * @example
 * formatCount(35000); // "35,000"
 */
export const formatCount = (n: number): string => (n === -1 ? "Unlimited" : n.toLocaleString("en-US", { maximumFractionDigits: 2 }));
