/** Presence counted for the live part (attended seconds) or for the replay (replay seconds). */
export type PresenceKind = "live" | "replay";

/** Where a channel's events go: the SSE stream of one browser. */
export interface ChannelSink {
  /** Raw SSE text (an event or a comment); never rejects. */
  write(text: string): Promise<unknown>;
  /** Ends the stream (the server is stopping, or the registrant was banned). */
  close(): void;
}

/** A registrant's presence on this instance, for one event and kind, over all their open channels. */
export interface Presence {
  accountId: string;
  eventId: string;
  registrantId: string;
  name: string;
  email: string;
  kind: PresenceKind;
  /** The live part's length (attended seconds never pass it). */
  liveSeconds: number;
  /** The instants presence counts within (live part, or the replay window). */
  from: number;
  to: number;
  sinks: Set<ChannelSink>;
  /** When the first channel of this stay opened (the console's "since" before the start). */
  openedAt: number;
  /** When the last channel closed; a channel reopened within the grace is the same stay. */
  closedAt: number | null;
  markedAt: number;
  creditedMs: number;
  writtenSeconds: number;
  first: number | null;
  last: number | null;
  /** What the database already has of this presence (a flush compares, so a mark made while one runs is kept). */
  writtenFirst: number | null;
  writtenLast: number | null;
  /** CTAs sent to this presence (each is a view once), and those of them not written yet. */
  ctaSeen: Set<string>;
  ctaUnwritten: Set<string>;
  /** Banned: gone at once, no reconnect grace. */
  banned?: boolean;
}

/** A channel reopened within this many ms of the last one closing is a reconnect, not a leave. */
export const RECONNECT_GRACE_MS = 10_000;

/** Whether a presence holds something the database does not have yet. */
export const pending = (p: Presence): boolean =>
  (p.first !== null && (Math.floor(p.creditedMs / 1000) > p.writtenSeconds || p.first !== p.writtenFirst || p.last !== p.writtenLast)) ||
  p.ctaUnwritten.size > 0;

/** In the room now: a channel open, or the last one closed less than the grace ago (reconnecting). */
export const isHere = (p: Presence, at: number, graceMs: number): boolean =>
  p.sinks.size > 0 || (!p.banned && p.closedAt !== null && at >= p.closedAt && at - p.closedAt <= graceMs);

/** Adds the time since the last mark that falls within the presence's window. */
export function account(p: Presence, at: number): void {
  if (p.sinks.size === 0) return;
  const from = Math.max(p.markedAt, p.from);
  const to = Math.min(at, p.to);
  if (to > from) {
    p.creditedMs += to - from;
    p.first ??= from;
    p.last = to;
  }
  p.markedAt = Math.max(p.markedAt, at);
}

/** Seconds counted on this instance that the database does not have yet. */
export const unwrittenSeconds = (p: Presence): number => Math.max(0, Math.floor(p.creditedMs / 1000) - p.writtenSeconds);
