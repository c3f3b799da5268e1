import { audienceCountAt, replayUntilOf, type RoomItem } from "@cuepoint/sdk";
import type { Orm } from "../db/types.js";
import { addAttendance, recentlyPresent, recordCtaViews, type AttendanceDelta } from "./attendanceWrites.js";
import { countRegistrants } from "./registrantCount.js";
import { loadRoom, type RoomState } from "./roomState.js";

/** Where a channel's events go: the SSE stream of one browser. */
export interface ChannelSink {
  /** Raw SSE text (an event or a comment); never rejects. */
  write(text: string): Promise<unknown>;
  /** Ends the stream (the server is stopping). */
  close(): void;
}

/** Presence counted for the live part (attended seconds) or for the replay (replay seconds). */
export type PresenceKind = "live" | "replay";

export interface RoomHubOptions {
  orm: Orm;
  now: () => Date;
  /** Attendance written every this many ms (and whenever a channel closes, and on stop). */
  flushMs?: number;
  /** How often each event's timer looks for items come due, ms. */
  tickMs?: number;
  /** At most one audience update per this many ms. */
  audienceMs?: number;
  /** A comment on every stream this often, so proxies keep it open. */
  heartbeatMs?: number;
  /** The event's script and settings are read again this often (the host may edit them). */
  refreshMs?: number;
}

/**
 * The room's live side on this instance: one timer per event (not per connection) that sends items
 * as they come due and the audience count, and the presence table that becomes attendance.
 */
export interface RoomHub {
  /** Starts presence and events for one channel; answers the function to call when it closes. */
  open(room: RoomState, kind: PresenceKind, sink: ChannelSink): Promise<() => Promise<void>>;
  /** People in the live room of an event now, on every instance. */
  present(eventId: string): Promise<number>;
  /** Writes what presence has added up so far. */
  flush(): Promise<void>;
  /** Closes every stream and writes the attendance they leave. */
  stop(): Promise<void>;
  readonly stopped: boolean;
}

/** A registrant's presence on this instance, for one event and kind, over all their open channels. */
interface Presence {
  accountId: string;
  eventId: string;
  registrantId: string;
  kind: PresenceKind;
  /** The instants presence counts within (live part, or the replay window). */
  from: number;
  to: number;
  sinks: Set<ChannelSink>;
  markedAt: number;
  creditedMs: number;
  writtenSeconds: number;
  first: number | null;
  last: number | null;
  /** What the database already has of this presence (a flush compares, so a mark made while one runs is kept). */
  writtenFirst: number | null;
  writtenLast: number | null;
  ctaSeen: Set<string>;
}

/** Whether a presence holds something the database does not have yet. */
const pending = (p: Presence): boolean =>
  p.first !== null && (Math.floor(p.creditedMs / 1000) > p.writtenSeconds || p.first !== p.writtenFirst || p.last !== p.writtenLast);

interface EventGroup {
  room: RoomState;
  presences: Set<Presence>;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Items with an offset up to here have been sent to the live channels. */
  sentUpTo: number;
  audience: number | null | undefined;
  audienceAt: number;
  heartbeatAt: number;
  refreshedAt: number;
}

/** Items come due within this many seconds before a channel opens are sent on it (the widget drops repeats). */
const RECENT_SECONDS = 120;
const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * @example
 * const hub = createRoomHub({ orm, now: () => new Date() });
 * const leave = await hub.open(room, "live", sink); // … later: await leave();
 */
export function createRoomHub(options: RoomHubOptions): RoomHub {
  const { orm } = options;
  const flushMs = options.flushMs ?? 5000;
  const tickMs = options.tickMs ?? 1000;
  const audienceMs = options.audienceMs ?? 5000;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const refreshMs = options.refreshMs ?? 30_000;
  const now = () => options.now().getTime();
  const groups = new Map<string, EventGroup>();
  const presences = new Map<string, Presence>();
  const counted = new Map<string, { at: number; count: number }>();
  let flushTimer: ReturnType<typeof setInterval> | undefined;
  let chain: Promise<void> = Promise.resolve();
  let stopped = false;

  const positionAt = (room: RoomState, at: number) =>
    Math.min(Math.max((at - room.timing.startsAt) / 1000, 0), room.timing.liveSeconds);

  /** Adds the time since the last mark that falls within the presence's window. */
  function account(p: Presence, at: number): void {
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

  async function writeAll(): Promise<void> {
    const at = now();
    type Taken = { p: Presence; seconds: number; first: number; last: number };
    type Batch = { liveSeconds: number; rows: Map<string, AttendanceDelta>; taken: Taken[] };
    const byEvent = new Map<string, Batch>();
    for (const p of presences.values()) {
      account(p, at);
      if (!pending(p) || p.first === null || p.last === null) continue;
      const seconds = Math.floor(p.creditedMs / 1000) - p.writtenSeconds;
      const liveSeconds = groups.get(p.eventId)?.room.timing.liveSeconds ?? Number.MAX_SAFE_INTEGER;
      const batch: Batch = byEvent.get(p.eventId) ?? { liveSeconds, rows: new Map(), taken: [] };
      byEvent.set(p.eventId, batch);
      const row = batch.rows.get(p.registrantId) ?? { accountId: p.accountId, eventId: p.eventId, registrantId: p.registrantId };
      row[p.kind] = { seconds, joinedAt: new Date(p.first), leftAt: new Date(p.last) };
      batch.rows.set(p.registrantId, row);
      batch.taken.push({ p, seconds, first: p.first, last: p.last });
    }
    for (const [eventId, batch] of byEvent) {
      try {
        await addAttendance(orm, batch.liveSeconds, [...batch.rows.values()]);
        for (const { p, seconds, first, last } of batch.taken) {
          p.writtenSeconds += seconds;
          p.writtenFirst = first;
          p.writtenLast = last;
        }
      } catch (error) {
        // Still pending: the next flush writes it again (nothing was added).
        console.error(`Room attendance of event ${eventId} could not be written:`, error);
      }
    }
    for (const [key, p] of presences) if (p.sinks.size === 0 && !pending(p)) presences.delete(key);
    if (presences.size === 0 && flushTimer) {
      clearInterval(flushTimer);
      flushTimer = undefined;
    }
  }

  /** One flush at a time: a flush never counts seconds another is writing. */
  const flush = (): Promise<void> => {
    chain = chain.then(writeAll, writeAll);
    return chain;
  };

  async function present(eventId: string): Promise<number> {
    const at = now();
    const cached = counted.get(eventId);
    if (cached && at - cached.at < audienceMs && at >= cached.at) return cached.count;
    const seen = new Set(await recentlyPresent(orm, eventId, new Date(at - flushMs * 3)));
    for (const p of presences.values()) {
      if (p.eventId === eventId && p.kind === "live" && p.sinks.size > 0 && at >= p.from && at < p.to) seen.add(p.registrantId);
    }
    counted.set(eventId, { at, count: seen.size });
    return seen.size;
  }

  const liveSinks = (group: EventGroup) => [...group.presences].filter((p) => p.kind === "live" && p.sinks.size > 0);

  /** Sends items to the live presences and records the CTA views (once per registrant and CTA). */
  async function deliver(targets: readonly Presence[], items: readonly RoomItem[], at: number): Promise<void> {
    if (items.length === 0) return;
    // Everyone gets the items first; the views are written afterwards, in one batch.
    for (const p of targets) for (const sink of p.sinks) for (const item of items) void sink.write(event("item", item));
    const views = targets.flatMap((p) =>
      items.filter((item) => item.action === "cta" && !p.ctaSeen.has(item.id)).map((item) => ({ p, id: item.id })),
    );
    if (views.length === 0) return;
    views.forEach(({ p, id }) => p.ctaSeen.add(id));
    const [first] = targets;
    await recordCtaViews(
      orm,
      { accountId: first?.accountId ?? "", eventId: first?.eventId ?? "" },
      views.map(({ p, id }) => ({ registrantId: p.registrantId, nodeKey: id })),
      new Date(at),
    ).catch((error: unknown) => {
      views.forEach(({ p, id }) => p.ctaSeen.delete(id));
      console.error("Room CTA views could not be written:", error);
    });
  }

  async function audienceOf(group: EventGroup, at: number): Promise<number | null> {
    const { room } = group;
    const hls = room.timeline.general.hls;
    if (hls.audienceCount === "hidden") return null;
    const registrants = await registrantCount(group);
    return audienceCountAt(hls, {
      positionSeconds: positionAt(room, at),
      liveSeconds: room.timing.liveSeconds,
      registrants,
      present: await present(room.event.id),
    });
  }

  const registrantCounts = new Map<string, { at: number; count: number }>();
  async function registrantCount(group: EventGroup): Promise<number> {
    const at = now();
    const cached = registrantCounts.get(group.room.event.id);
    if (cached && Math.abs(at - cached.at) < refreshMs) return cached.count;
    const count = await countRegistrants(orm, group.room);
    registrantCounts.set(group.room.event.id, { at, count });
    return count;
  }

  async function tick(group: EventGroup): Promise<void> {
    const at = now();
    if (at - group.refreshedAt >= refreshMs || at < group.refreshedAt) {
      group.refreshedAt = at;
      // Any present registrant's link reads the event's current script and settings.
      const token = [...group.presences].find((p) => p.sinks.size > 0)?.registrantId;
      if (token) group.room = await loadRoom(orm, token).catch(() => group.room);
    }
    const { room } = group;
    const live = liveSinks(group);
    if (at >= room.timing.startsAt) {
      const position = positionAt(room, at);
      const due = room.items.filter((item) => item.offsetSeconds > group.sentUpTo && item.offsetSeconds <= position);
      group.sentUpTo = Math.max(group.sentUpTo, position);
      await deliver(live, due, at);
      const endsAt = room.timing.startsAt + room.timing.liveSeconds * 1000;
      if (live.length > 0 && at < endsAt && (at - group.audienceAt >= audienceMs || at < group.audienceAt)) {
        group.audienceAt = at;
        const count = await audienceOf(group, at);
        if (count !== group.audience) {
          group.audience = count;
          for (const p of live) for (const sink of p.sinks) void sink.write(event("audience", { count }));
        }
      }
    }
    if (Date.now() - group.heartbeatAt >= heartbeatMs) {
      group.heartbeatAt = Date.now();
      for (const p of group.presences) for (const sink of p.sinks) void sink.write(": heartbeat\n\n");
    }
  }

  function schedule(eventId: string): void {
    const group = groups.get(eventId);
    if (!group || group.timer || stopped) return;
    // Wake at the next item's second when it comes before the next tick, so items are not up to a tick late.
    const next = group.room.items.find((item) => item.offsetSeconds > group.sentUpTo);
    const dueIn = next ? group.room.timing.startsAt + next.offsetSeconds * 1000 - now() : Infinity;
    group.timer = setTimeout(() => {
      group.timer = undefined;
      if ([...group.presences].every((p) => p.sinks.size === 0)) {
        groups.delete(eventId);
        counted.delete(eventId);
        registrantCounts.delete(eventId);
        return;
      }
      tick(group)
        .catch((error: unknown) => console.error(`Room timer of event ${eventId} failed:`, error))
        .finally(() => schedule(eventId));
    }, Math.max(5, Math.min(tickMs, dueIn)));
    group.timer.unref?.();
  }

  return {
    get stopped() {
      return stopped;
    },
    present,
    flush,

    async open(room, kind, sink) {
      if (stopped) throw new Error("The room service is stopping.");
      const at = now();
      const eventId = room.event.id;
      let group = groups.get(eventId);
      if (!group) {
        group = {
          room,
          presences: new Set(),
          timer: undefined,
          sentUpTo: at >= room.timing.startsAt ? positionAt(room, at) : -Infinity,
          audience: undefined,
          audienceAt: -Infinity,
          heartbeatAt: Date.now(),
          refreshedAt: at,
        };
        groups.set(eventId, group);
      }
      const key = `${eventId}:${room.registrant.uuid}:${kind}`;
      let p = presences.get(key);
      if (!p) {
        const endsAt = room.timing.startsAt + room.timing.liveSeconds * 1000;
        const replayUntil = kind === "replay" ? (replayUntilOf(room.timing) ?? Number.MAX_SAFE_INTEGER) : endsAt;
        p = {
          accountId: room.accountId,
          eventId,
          registrantId: room.registrant.uuid,
          kind,
          from: kind === "live" ? room.timing.startsAt : at,
          to: replayUntil,
          sinks: new Set(),
          markedAt: at,
          creditedMs: 0,
          writtenSeconds: 0,
          first: null,
          last: null,
          writtenFirst: null,
          writtenLast: null,
          ctaSeen: new Set(),
        };
        presences.set(key, p);
      } else {
        account(p, at);
      }
      if (p.sinks.size === 0) p.markedAt = at;
      if (at >= p.from && at <= p.to && p.first === null) {
        p.first = at;
        p.last = at;
      }
      p.sinks.add(sink);
      group.presences.add(p);
      flushTimer ??= setInterval(() => void flush(), flushMs);
      flushTimer.unref?.();

      await sink.write(event("hello", { serverNow: at }));
      if (kind === "live" && at >= room.timing.startsAt) {
        const position = positionAt(room, at);
        const recent = group.room.items.filter((item) => item.offsetSeconds <= position && item.offsetSeconds > position - RECENT_SECONDS);
        await deliver([p], recent, at);
        const endsAt = room.timing.startsAt + room.timing.liveSeconds * 1000;
        if (at < endsAt) {
          const count = group.audience !== undefined ? group.audience : await audienceOf(group, at);
          void sink.write(event("audience", { count }));
        }
      }
      if (p.first !== null) void flush();
      schedule(eventId);

      const presence = p;
      let left = false;
      return async () => {
        if (left) return;
        left = true;
        account(presence, now());
        presence.sinks.delete(sink);
        await flush();
      };
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      for (const group of groups.values()) clearTimeout(group.timer);
      const at = now();
      for (const p of presences.values()) account(p, at);
      for (const p of presences.values()) {
        for (const sink of p.sinks) sink.close();
        p.sinks.clear();
      }
      await flush();
      if (flushTimer) clearInterval(flushTimer);
      flushTimer = undefined;
      groups.clear();
    },
  };
}
