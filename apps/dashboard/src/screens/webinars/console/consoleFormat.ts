import type { ConsoleAction } from "./types.js";

/**
 * How long someone has been in the room: "45 s", "12 min", "1 h 05 min".
 *
 * @example
 * formatStay(3900); // "1 h 05 min"
 */
export function formatStay(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

/**
 * An instant as this browser's time of day ("2:05 PM"), with the date when it is not today.
 *
 * @example
 * formatAt(Date.now()); // "2:05 PM"
 */
export function formatAt(at: number, localNow = Date.now()): string {
  const date = new Date(at);
  const sameDay = new Date(localNow).toDateString() === date.toDateString();
  return date.toLocaleString("en-US", sameDay ? { timeStyle: "short" } : { dateStyle: "medium", timeStyle: "short" });
}

/** A whole number with separators: "10,000". */
export const formatNumber = (n: number): string => n.toLocaleString("en-US");

/** "1 person" / "37 people". */
export const people = (n: number): string => `${formatNumber(n)} ${n === 1 ? "person" : "people"}`;

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const quoted = (value: unknown): string => (text(value) ? `“${text(value)}”` : "");

/**
 * One line of the actions log: what the host did.
 *
 * @example
 * describeAction({ kind: "subject", detail: { subject: "Q&A" }, … }); // "Changed the subject to “Q&A”"
 */
export function describeAction(action: Pick<ConsoleAction, "kind" | "detail">): string {
  const d = action.detail;
  const who = text(d.name) || text(d.email) || "an attendee";
  switch (action.kind) {
    case "cta":
      return `Pushed the CTA ${quoted(d.headline)}`.trim();
    case "subject":
      return `Changed the subject to ${quoted(d.subject)}`.trim();
    case "chat":
      return d.toAll === false ? `Replied privately to ${who}` : `Messaged everyone: ${quoted(d.body)}`.trim();
    case "start":
      return "Started the event";
    case "end":
      return "Ended the event";
    case "mute":
      return `Muted ${who}`;
    case "unmute":
      return `Unmuted ${who}`;
    case "ban":
      return `Banned ${who}`;
    case "delete":
      return `Deleted a message${text(d.name) ? ` from ${text(d.name)}` : ""}`;
    case "answer":
      return d.answered === false ? "Marked a question unanswered" : `Marked a question answered${text(d.name) ? ` (${text(d.name)})` : ""}`;
  }
}
