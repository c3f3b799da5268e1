import { createContext, useContext } from "react";
import type { ConsoleAction, ConsoleMessage } from "./types.js";

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
 * An instant as a time of day ("2:05 PM") in `timeZone` (the webinar's; else this browser's), with
 * the date when it is not the same day as `now`.
 *
 * @example
 * formatAt(Date.now(), "Europe/Paris"); // "2:05 PM"
 */
export function formatAt(at: number, timeZone?: string, now = Date.now()): string {
  const day = (ms: number) => new Date(ms).toLocaleDateString("en-US", { timeZone });
  const sameDay = day(now) === day(at);
  return new Date(at).toLocaleString("en-US", { timeZone, ...(sameDay ? { timeStyle: "short" } : { dateStyle: "medium", timeStyle: "short" }) });
}

/** The webinar's time zone, for every time the console shows (the screen's header uses it too). */
export const ConsoleTimeZone = createContext<string | undefined>(undefined);

/** `formatAt` in the console's time zone. */
export function useFormatAt(): (at: number) => string {
  const timeZone = useContext(ConsoleTimeZone);
  return (at) => formatAt(at, timeZone);
}

/** A whole number with separators: "10,000". */
export const formatNumber = (n: number): string => n.toLocaleString("en-US");

/** "1 person" / "37 people". */
export const people = (n: number): string => `${formatNumber(n)} ${n === 1 ? "person" : "people"}`;

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const quoted = (value: unknown): string => (text(value) ? `“${text(value)}”` : "");
const record = (value: unknown): Record<string, unknown> => (value && typeof value === "object" ? (value as Record<string, unknown>) : {});

/** A push's headline or subject: in the detail itself, its `cta`, or the room item it pushed (`item`). */
function pushed(detail: Record<string, unknown>, key: "headline" | "subject"): unknown {
  const item = record(detail.item);
  return detail[key] ?? record(detail.cta)[key] ?? (key === "subject" ? item.subject : record(item.cta).headline);
}

/** Where the log finds the messages its actions name (`detail.messageId`). */
export type MessageLookup = (id: string) => ConsoleMessage | undefined;

/** The name of a registrant as their messages give it. */
const nameIn = (messages: readonly ConsoleMessage[], registrantId: unknown): string =>
  (typeof registrantId === "string" && messages.find((m) => m.registrantId === registrantId)?.name) || "";

/**
 * One line of the actions log: what the host did. `messages` (the console's) names the message
 * and the attendee an action points at.
 *
 * @example
 * describeAction({ kind: "subject", detail: { subject: "Q&A" }, … }); // "Changed the subject to “Q&A”"
 */
export function describeAction(action: Pick<ConsoleAction, "kind" | "detail">, messages: readonly ConsoleMessage[] = []): string {
  const d = action.detail;
  const target = typeof d.messageId === "string" ? messages.find((m) => m.id === d.messageId) : undefined;
  const who = text(d.name) || nameIn(messages, d.registrantId ?? d.toRegistrantId) || target?.name || "an attendee";
  switch (action.kind) {
    case "cta":
      return `Pushed the CTA ${quoted(pushed(d, "headline"))}`.trim();
    case "subject":
      return `Changed the subject to ${quoted(pushed(d, "subject"))}`.trim();
    case "chat":
      if (d.toAll === false) return `Replied privately to ${nameIn(messages, d.toRegistrantId) || "an attendee"}${d.emailed === true ? " (emailed: they had left)" : ""}`;
      return target ? `Messaged everyone: ${quoted(target.body)}` : "Messaged everyone";
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
      return target ? `Deleted a message from ${target.name}` : "Deleted a message";
    case "answer": {
      const whose = target ? `${target.name}'s question` : "a question";
      return d.answered === false ? `Marked ${whose} unanswered` : `Marked ${whose} answered`;
    }
  }
}
