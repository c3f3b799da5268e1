import type { ConsoleAction, ConsoleMessage, ConsoleSnapshot, PresentAttendee } from "./types.js";

/*
 * The console's state, framework-free: built from a snapshot (GET …/console) and moved on by the
 * console channel's events. Every event is applied idempotently (by id), so the events replayed
 * after a reconnect and a snapshot fetched again change nothing that is already there.
 */

export interface ConsoleState extends Omit<ConsoleSnapshot, "serverNow"> {
  /** The server's clock minus this browser's, so "how long" counts on the server's time. */
  clockOffset: number;
}

/** The console channel's events (`GET /api/webinars/:id/console/channel`). */
export type ConsoleChannelEvent =
  | { type: "hello"; data: { serverNow: number } }
  | { type: "message"; data: ConsoleMessage }
  | { type: "presence"; data: { present: PresentAttendee[]; simulated: number | null } }
  | { type: "action"; data: ConsoleAction }
  | { type: "control"; data: { startedAt: number | null; endedAt: number | null } }
  | { type: "mute"; data: { registrantId: string; muted: boolean } };

export const CONSOLE_EVENT_TYPES = ["hello", "message", "presence", "action", "control", "mute"] as const;

/** The state a snapshot describes, read at `localNow` (this browser's clock). */
export function stateFromSnapshot(snapshot: ConsoleSnapshot, localNow = Date.now()): ConsoleState {
  const { serverNow, ...rest } = snapshot;
  return { ...rest, messages: sortMessages(snapshot.messages), clockOffset: serverNow - localNow };
}

/**
 * A snapshot fetched again (after a reconnect or a start/end), merged into the state: messages
 * the channel brought in the meantime and the snapshot does not list yet are kept.
 */
export function mergeSnapshot(state: ConsoleState | undefined, snapshot: ConsoleSnapshot, localNow = Date.now()): ConsoleState {
  const next = stateFromSnapshot(snapshot, localNow);
  if (!state) return next;
  const known = new Set(next.messages.map((m) => m.id));
  const newer = state.messages.filter((m) => !known.has(m.id) && m.seq > (next.messages.at(-1)?.seq ?? 0));
  const actionIds = new Set(next.actions.map((a) => a.id));
  const actions = [...next.actions, ...state.actions.filter((a) => !actionIds.has(a.id) && a.at >= (next.actions.at(-1)?.at ?? 0))];
  return { ...next, messages: sortMessages([...next.messages, ...newer]), actions };
}

/** Applies one channel event. */
export function applyChannelEvent(state: ConsoleState, event: ConsoleChannelEvent, localNow = Date.now()): ConsoleState {
  switch (event.type) {
    case "hello":
      return { ...state, clockOffset: event.data.serverNow - localNow };
    case "message":
      return { ...state, messages: upsertMessage(state.messages, event.data) };
    case "presence":
      return { ...state, present: event.data.present, simulated: event.data.simulated };
    case "action":
      return state.actions.some((a) => a.id === event.data.id) ? state : { ...state, actions: [...state.actions, event.data] };
    case "control":
      return { ...state, event: { ...state.event, startedAt: event.data.startedAt, endedAt: event.data.endedAt } };
    case "mute": {
      const others = state.muted.filter((id) => id !== event.data.registrantId);
      return { ...state, muted: event.data.muted ? [...others, event.data.registrantId] : others };
    }
  }
}

/** A message added, or replaced by its newer version (answered, deleted). */
export function upsertMessage(messages: ConsoleMessage[], message: ConsoleMessage): ConsoleMessage[] {
  const index = messages.findIndex((m) => m.id === message.id);
  if (index === -1) return sortMessages([...messages, message]);
  const copy = messages.slice();
  copy[index] = message;
  return copy;
}

const sortMessages = (messages: ConsoleMessage[]) => messages.slice().sort((a, b) => a.seq - b.seq || a.sentAt - b.sentAt);

/** An attendee's question the host has not marked answered (deleted ones do not count). */
export const isUnanswered = (m: ConsoleMessage): boolean => m.from === "attendee" && m.answeredAt === null && m.deletedAt === null;

/** How many questions wait for an answer: the inbox's badge. */
export const unansweredCount = (state: Pick<ConsoleState, "messages">): number => state.messages.filter(isUnanswered).length;

/** The host's replies to a message, oldest first. */
export const repliesTo = (state: Pick<ConsoleState, "messages">, id: string): ConsoleMessage[] =>
  state.messages.filter((m) => m.replyTo === id);

/** True once the event is over: the console shows its summary. */
export const isOver = (state: Pick<ConsoleState, "event">): boolean =>
  state.event.endedAt !== null || ["replay", "ended", "expired"].includes(state.event.phase);

/** Whether the host starts (and ends) this event from the console, and which button shows now. */
export function controlButton(state: Pick<ConsoleState, "event">): "start" | "end" | null {
  const { control, startedAt, endedAt } = state.event;
  if (control === "automatic" || endedAt !== null) return null;
  if (startedAt === null) return "start";
  return control === "manual" ? "end" : null;
}

/** Whether `registrantId` is in the room now. */
export const isPresent = (state: Pick<ConsoleState, "present">, registrantId: string | null): boolean =>
  registrantId !== null && state.present.some((p) => p.registrantId === registrantId);

/** Seconds someone present has been in the room, at this browser's `localNow`. */
export const secondsPresent = (state: Pick<ConsoleState, "clockOffset">, attendee: PresentAttendee, localNow = Date.now()): number =>
  Math.max(attendee.seconds, Math.floor((localNow + state.clockOffset - attendee.since) / 1000));
