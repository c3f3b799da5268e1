import { replayUntilOf } from "@cuepoint/sdk";
import type { RoomState } from "../roomState.js";

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

/** The key of a presence: one per (event, registrant, kind) on this instance. */
export const presenceKey = (p: Pick<Presence, "eventId" | "registrantId" | "kind">): string => `${p.eventId}:${p.registrantId}:${p.kind}`;

/**
 * This instance's presences, one per (event, registrant, live|replay) over all of the person's
 * channels here: what the attendance ledger writes and the beat tells the other instances.
 */
export class PresenceTable {
  private readonly byKey = new Map<string, Presence>();

  constructor(private readonly graceMs: number) {}

  get size(): number {
    return this.byKey.size;
  }

  values(): IterableIterator<Presence> {
    return this.byKey.values();
  }

  /** The presence of a registrant at an event and kind here, if any. */
  find(eventId: string, registrantId: string, kind: PresenceKind): Presence | undefined {
    return this.byKey.get(presenceKey({ eventId, registrantId, kind }));
  }

  /** Whether `p` is still the table's (a presence forgotten and made again is another one). */
  holds(p: Presence): boolean {
    return this.byKey.get(presenceKey(p)) === p;
  }

  /**
   * A channel of the room's registrant opens at `at`: their presence (made at the first), with the
   * stay going on when they come back within the grace, and the arrival marked present.
   */
  join(room: RoomState, kind: PresenceKind, sink: ChannelSink, at: number): Presence {
    const eventId = room.event.id;
    const key = presenceKey({ eventId, registrantId: room.registrant.uuid, kind });
    let p = this.byKey.get(key);
    if (!p) {
      const endsAt = room.timing.startsAt + room.timing.liveSeconds * 1000;
      const replayUntil = kind === "replay" ? (replayUntilOf(room.timing) ?? Number.MAX_SAFE_INTEGER) : endsAt;
      p = {
        accountId: room.accountId,
        eventId,
        registrantId: room.registrant.uuid,
        name: room.registrant.name ?? "",
        email: room.registrant.email,
        kind,
        liveSeconds: room.timing.liveSeconds,
        from: kind === "live" ? room.timing.startsAt : at,
        to: replayUntil,
        sinks: new Set(),
        openedAt: at,
        closedAt: null,
        markedAt: at,
        creditedMs: 0,
        writtenSeconds: 0,
        first: null,
        last: null,
        writtenFirst: null,
        writtenLast: null,
        ctaSeen: new Set(),
        ctaUnwritten: new Set(),
      };
      this.byKey.set(key, p);
    } else {
      account(p, at);
    }
    if (p.sinks.size === 0) {
      // Back within the grace: the same stay, the gap counted; else a new stay from now.
      const reconnect = p.closedAt !== null && at >= p.closedAt && at - p.closedAt <= this.graceMs;
      if (!reconnect) {
        p.markedAt = at;
        p.openedAt = at;
      }
    }
    p.closedAt = null;
    if (at >= p.from && at <= p.to) {
      // An arrival is an instant present (written as the row's left_at like any other).
      p.first ??= at;
      p.last = Math.max(p.last ?? at, at);
    }
    p.sinks.add(sink);
    return p;
  }

  /** This instance's live presences of an event that are in the room now (reconnecting included). */
  liveHere(eventId: string, at: number): Presence[] {
    return [...this.byKey.values()].filter((p) => p.eventId === eventId && p.kind === "live" && isHere(p, at, this.graceMs));
  }

  /** Forgets the presences that are gone (past the grace) with nothing left to write. */
  forgetGone(at: number): void {
    for (const [key, p] of this.byKey) {
      if (isHere(p, at, this.graceMs) || pending(p)) continue;
      this.byKey.delete(key);
    }
  }

  /** The server is stopping: every presence's time up to `at` is counted and its channels closed (no reconnect to wait for). */
  closeAll(at: number): void {
    for (const p of this.byKey.values()) account(p, at);
    for (const p of this.byKey.values()) {
      for (const sink of p.sinks) sink.close();
      p.sinks.clear();
      p.closedAt = null;
    }
  }
}

/** A channel of `p` closes at `at`: its time is counted; the last one closing starts the reconnect grace. */
export function leave(p: Presence, sink: ChannelSink, at: number): void {
  account(p, at);
  p.sinks.delete(sink);
  if (p.sinks.size === 0) p.closedAt = at;
}
