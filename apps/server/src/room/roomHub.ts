import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { audienceCountAt, chatModeOf, replayUntilOf, type PresentAttendee, type RoomItem } from "@cuepoint/sdk";
import { eq } from "drizzle-orm";
import { registrants } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { isUuid } from "../http/ids.js";
import { ATTENDANCE_ROWS_PER_WRITE, addAttendance, type AttendanceDelta } from "../events/attendanceWrites.js";
import { createLocalRoomBus, type BusChatMessage, type RoomBus, type RoomSignal } from "./bus/roomBus.js";
import { loadEventRoom, type EventRoom } from "./eventRoom.js";
import { roomChatViews } from "./chat/visibility.js";
import type { RoomChatViews } from "./liveChat.js";
import { account, isHere, pending, RECONNECT_GRACE_MS, unwrittenSeconds, type ChannelSink, type Presence, type PresenceKind } from "./presence.js";
import { clearPresence, presentElsewhere, writePresence } from "./presenceRows.js";
import { countRegistrants } from "./registrantCount.js";
import { loadRoom, type RoomState } from "./roomState.js";
import { sseEvent as event } from "./sse.js";

export type { ChannelSink, PresenceKind } from "./presence.js";

export interface RoomHubOptions {
  orm: Orm;
  now: () => Date;
  /** Where room signals come from (default: in-process only, one instance). */
  bus?: RoomBus;
  /** The chat's views and backlog (default: the chat's own, room/chat/visibility.ts). */
  chat?: RoomChatViews;
  /**
   * Who is in the room here is written for the other instances every this many ms (the beat; and
   * within `soonMs` of an arrival or a leave); a hub not heard from for three beats is gone.
   */
  flushMs?: number;
  /**
   * A present attendee's attendance is written every this many ms (default 30 s), spread over the
   * beats; arrivals and leaves within `soonMs`, and everything on stop.
   */
  attendanceMs?: number;
  /** How often each event's timer looks for items come due, ms. */
  tickMs?: number;
  /** At most one audience update per this many ms. */
  audienceMs?: number;
  /** At most one presence update to the consoles per this many ms. */
  presenceMs?: number;
  /** A comment on every stream this often, so proxies keep it open. */
  heartbeatMs?: number;
  /** The event's script and settings are read again this often (the host may edit them). */
  refreshMs?: number;
  /** A channel reopened within this many ms is a reconnect, not a leave. */
  graceMs?: number;
  /** Arrivals and leaves are written within this many ms, in one write (default 250). */
  soonMs?: number;
}

/** Who is in an event's room now, on every instance, and the count attendees see. */
export interface RoomPresence {
  present: PresentAttendee[];
  simulated: number | null;
}

/**
 * The room's live side on this instance: one timer and one bus subscription per event (not per
 * connection) that send items as they come due, chat and the host's signals, the audience count,
 * and the presence table that becomes attendance; and the host consoles' streams.
 */
export interface RoomHub {
  /** Starts presence and events for one channel; answers the function to call when it closes. */
  open(room: RoomState, kind: PresenceKind, sink: ChannelSink, lastEventId?: number | null): Promise<() => Promise<void>>;
  /** Starts a host console's stream of an event of the account; answers the function to call when it closes. */
  openConsole(target: { accountId: string; eventId: string }, sink: ChannelSink, lastEventId?: number | null): Promise<() => void>;
  /**
   * `loadRoom` for a crowd: while the event has channels here, a link costs one query (its
   * registrant) and the event's part is read at most every 2 s (and at once after the host
   * started, ended or pushed); otherwise it is `loadRoom`.
   */
  load(token: string): Promise<RoomState>;
  /** People in the live room of an event now, on every instance. */
  present(eventId: string): Promise<number>;
  /** Who is in the live room of an event now, on every instance, with the simulated count. */
  presence(target: { accountId: string; eventId: string }): Promise<RoomPresence>;
  /** Writes what presence has added up so far. */
  flush(): Promise<void>;
  /** Closes every stream and writes the attendance they leave. */
  stop(): Promise<void>;
  readonly stopped: boolean;
  /** The bus the hub listens to: what the routes publish on (deps.roomBus). */
  readonly bus: RoomBus;
}

/** An attendee channel: its chat waits in `queue` until the backlog has been sent. */
interface Viewer {
  presence: Presence;
  ready: boolean;
  queue: { signal: RoomSignal; fresh: boolean }[];
  /** Message ids the backlog sent (the same message arriving live is not sent twice). */
  sent: Set<string>;
}

interface EventGroup {
  room: RoomState;
  presences: Set<Presence>;
  viewers: Map<ChannelSink, Viewer>;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Items with an offset up to here have been sent to the live channels. */
  sentUpTo: number;
  audience: number | null | undefined;
  audienceAt: number;
  heartbeatAt: number;
  refreshedAt: number;
  /** When `room` was read (wall clock), and a read under way: what `load` shares. */
  loadedAt: number;
  loading: Promise<RoomState> | undefined;
}

interface ConsoleGroup {
  target: { accountId: string; eventId: string };
  sinks: Map<ChannelSink, { ready: boolean; queue: RoomSignal[] }>;
  timer: ReturnType<typeof setTimeout> | undefined;
  presenceKey: string;
  presenceAt: number;
  heartbeatAt: number;
  room: { at: number; room: EventRoom | null } | undefined;
}

/** Items come due within this many seconds before a channel opens are sent on it (the widget drops repeats). */
const RECENT_SECONDS = 120;
const keyOf = (p: Pick<Presence, "eventId" | "registrantId" | "kind">) => `${p.eventId}:${p.registrantId}:${p.kind}`;

/** What a console's presence list is compared by (who, and the count attendees see). */
const presenceKeyOf = (people: readonly PresentAttendee[], simulated: number | null) =>
  `${simulated}|${people.map((person) => person.registrantId).join(",")}`;

/** How long an event's room read for one link is shared with the other links of the event. */
const SHARED_MS = 2000;
/** Message ids an event remembers having sent (a later signal of the same id is a change, not a new message). */
const SEEN_LIMIT = 5000;

/**
 * @example
 * const hub = createRoomHub({ orm, now: () => new Date(), bus });
 * const leave = await hub.open(room, "live", sink); // … later: await leave();
 */
export function createRoomHub(options: RoomHubOptions): RoomHub {
  const { orm } = options;
  const chat: RoomChatViews = options.chat ?? roomChatViews(orm);
  const bus = options.bus ?? createLocalRoomBus();
  const flushMs = options.flushMs ?? 5000;
  const attendanceMs = Math.max(options.attendanceMs ?? 30_000, flushMs);
  const tickMs = options.tickMs ?? 1000;
  const audienceMs = options.audienceMs ?? 5000;
  const presenceMs = options.presenceMs ?? 2000;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const refreshMs = options.refreshMs ?? 30_000;
  const graceMs = options.graceMs ?? RECONNECT_GRACE_MS;
  const soonMs = options.soonMs ?? 250;
  const now = () => options.now().getTime();
  const groups = new Map<string, EventGroup>();
  const consoles = new Map<string, ConsoleGroup>();
  const presences = new Map<string, Presence>();
  /** This instance's hub in `room_presence`: it reads only the other hubs' rows. */
  const hubId = randomUUID();
  /** Events whose presence row this hub has written (and must rewrite or delete). */
  const presenceWritten = new Set<string>();
  const counted = new Map<string, { at: number; count: number }>();
  const seen = new Map<string, Set<string>>();
  const subscriptions = new Map<string, () => void>();
  let flushTimer: ReturnType<typeof setInterval> | undefined;
  let chain: Promise<void> = Promise.resolve();
  let stopped = false;

  const positionAt = (room: { timing: RoomState["timing"] }, at: number) =>
    Math.min(Math.max((at - room.timing.startsAt) / 1000, 0), room.timing.liveSeconds);

  /**
   * The presences a beat writes the attendance of: those with something unwritten and either not
   * written for `attendanceMs` or gone, oldest first, at most a beat's share of all (so 10,000
   * attendees who arrived together are written a part per beat, not all in the same beat; and people
   * still connected after an event's end, with nothing to add, never take another event's share).
   */
  function dueNow(at: number): Presence[] {
    const due = [...presences.values()].filter((p) => {
      account(p, at);
      return pending(p) && (!isHere(p, at, graceMs) || at - (p.writtenLast ?? -Infinity) >= attendanceMs);
    });
    const share = Math.max(ATTENDANCE_ROWS_PER_WRITE, Math.ceil((presences.size * flushMs) / attendanceMs));
    return due.sort((a, b) => (a.writtenLast ?? -Infinity) - (b.writtenLast ?? -Infinity)).slice(0, share);
  }

  /** Writes what presence has added: every presence's, those `only`, or those due at a beat. */
  async function writeAll(only?: ReadonlySet<Presence> | "due"): Promise<void> {
    const at = now();
    type Taken = { p: Presence; seconds: number; first: number | null; last: number | null; views: string[] };
    type Batch = { liveSeconds: number; rows: Map<string, AttendanceDelta>; taken: Taken[] };
    const byEvent = new Map<string, Batch>();
    for (const p of only === "due" ? dueNow(at) : (only ?? presences.values())) {
      if (only && presences.get(keyOf(p)) !== p) continue;
      account(p, at);
      if (!pending(p)) continue;
      const seconds = Math.floor(p.creditedMs / 1000) - p.writtenSeconds;
      const liveSeconds = groups.get(p.eventId)?.room.timing.liveSeconds ?? p.liveSeconds;
      const batch: Batch = byEvent.get(p.eventId) ?? { liveSeconds, rows: new Map(), taken: [] };
      byEvent.set(p.eventId, batch);
      const row = batch.rows.get(p.registrantId) ?? { accountId: p.accountId, eventId: p.eventId, registrantId: p.registrantId };
      // The interval this write covers starts where the last one ended (the database merges instances' intervals).
      if (p.first !== null && p.last !== null) row[p.kind] = { seconds, joinedAt: new Date(p.writtenLast ?? p.first), leftAt: new Date(p.last) };
      const views = [...p.ctaUnwritten];
      if (views.length > 0) row.ctaSeen = [...(row.ctaSeen ?? []), ...views];
      batch.rows.set(p.registrantId, row);
      batch.taken.push({ p, seconds: p.first === null ? 0 : seconds, first: p.first, last: p.last, views });
    }
    for (const [eventId, batch] of byEvent) {
      const rows = [...batch.rows.values()];
      // Part by part: each part is written whole or not at all, and the channels get the thread between parts.
      for (let i = 0; i < rows.length; i += ATTENDANCE_ROWS_PER_WRITE) {
        const part = rows.slice(i, i + ATTENDANCE_ROWS_PER_WRITE);
        // A macrotask turn: the embedded database runs on this thread, and sockets wait for one.
        await nextTurn();
        try {
          await addAttendance(orm, batch.liveSeconds, part);
          const written = new Set(part.map((row) => row.registrantId));
          for (const { p, seconds, first, last, views } of batch.taken) {
            if (!written.has(p.registrantId)) continue;
            p.writtenSeconds += seconds;
            p.writtenFirst = first;
            p.writtenLast = last;
            for (const view of views) p.ctaUnwritten.delete(view);
          }
        } catch (error) {
          // Still pending: the next flush writes it again (nothing of this part was added).
          console.error(`Room attendance of event ${eventId} could not be written:`, error);
        }
      }
    }
    for (const [key, p] of presences) {
      if (isHere(p, at, graceMs) || pending(p)) continue;
      presences.delete(key);
    }
    if (presences.size === 0 && presenceWritten.size === 0 && flushTimer) {
      clearInterval(flushTimer);
      flushTimer = undefined;
    }
  }

  /**
   * Rewrites this hub's presence row of each event it has (or had) attendees of, `only` those
   * events when given: who is here now, reconnecting included; none, and the row goes.
   */
  async function writePresences(only?: ReadonlySet<string>): Promise<void> {
    const at = now();
    const here = new Map<string, { accountId: string; ids: string[] }>();
    for (const p of presences.values()) {
      if (p.kind !== "live" || !isHere(p, at, graceMs) || at < p.from || at >= p.to) continue;
      const entry = here.get(p.eventId) ?? { accountId: p.accountId, ids: [] };
      entry.ids.push(p.registrantId);
      here.set(p.eventId, entry);
    }
    const events = new Set([...here.keys(), ...presenceWritten].filter((eventId) => !only || only.has(eventId)));
    for (const eventId of events) {
      const entry = here.get(eventId);
      const accountId = entry?.accountId ?? groups.get(eventId)?.room.accountId ?? "";
      try {
        await writePresence(orm, { accountId, eventId }, hubId, entry?.ids ?? [], new Date(at));
        if (entry) presenceWritten.add(eventId);
        else presenceWritten.delete(eventId);
      } catch (error) {
        console.error(`Room presence of event ${eventId} could not be written:`, error);
      }
    }
  }

  /** One flush at a time: a flush never counts seconds another is writing. */
  const flush = (only?: ReadonlySet<Presence> | "due"): Promise<void> => {
    const write = () => writeAll(only);
    chain = chain.then(write, write);
    return chain;
  };

  /** The beat: who is here for the other instances, then the attendance come due. */
  const beat = (): Promise<void> => {
    const write = async () => {
      await writePresences();
      await writeAll("due");
    };
    chain = chain.then(write, write);
    return chain;
  };

  /**
   * Arrivals and leaves are written within `soonMs`, together: a burst of 10,000 opens makes a few
   * writes, not one per open (each write covers every pending presence).
   */
  let soon: { done: Promise<void>; timer: ReturnType<typeof setTimeout>; resolve: () => void; who: Set<Presence> } | undefined;
  const flushSoon = (p: Presence): Promise<void> => {
    if (!soon) {
      let resolve = () => {};
      const done = new Promise<void>((settle) => (resolve = settle));
      const who = new Set<Presence>();
      const timer = setTimeout(() => {
        soon = undefined;
        const write = async () => {
          await writePresences(new Set([...who].map((p) => p.eventId)));
          await writeAll(who);
        };
        chain = chain.then(write, write);
        void chain.then(resolve);
      }, soonMs);
      timer.unref?.();
      soon = { done, timer, resolve, who };
    }
    soon.who.add(p);
    return soon.done;
  };

  /** This instance's live presences of an event that are in the room now (reconnecting included). */
  const localHere = (eventId: string, at: number) =>
    [...presences.values()].filter((p) => p.eventId === eventId && p.kind === "live" && isHere(p, at, graceMs));

  /**
   * Who is present: here (this instance's presences, reconnecting included), or in another
   * instance's presence row rewritten within three beats — only the other hubs' rows are read, so a
   * room held by one instance costs no read of its own thousands of people.
   */
  async function presentNow(eventId: string, accountId: string | undefined, at: number, withPeople: boolean) {
    const rows = await presentElsewhere(orm, { eventId, accountId }, new Date(at - flushMs * 3), withPeople, hubId);
    const here = new Map<string, { p?: Presence; row?: (typeof rows)[number] }>();
    for (const row of rows) here.set(row.registrantId, { row });
    for (const p of localHere(eventId, at)) {
      if (at < p.from || at >= p.to) continue;
      here.set(p.registrantId, { ...here.get(p.registrantId), p });
    }
    return here;
  }

  async function present(eventId: string): Promise<number> {
    const at = now();
    const cached = counted.get(eventId);
    if (cached && at - cached.at < audienceMs && at >= cached.at) return cached.count;
    const count = (await presentNow(eventId, undefined, at, false)).size;
    counted.set(eventId, { at, count });
    return count;
  }

  /** Before the start, people in the waiting room are listed too (the host starts a semi-automatic event). */
  async function presence(target: { accountId: string; eventId: string }): Promise<RoomPresence> {
    const at = now();
    const here = await presentNow(target.eventId, target.accountId, at, true);
    for (const p of localHere(target.eventId, at)) if (!here.has(p.registrantId) && p.sinks.size > 0) here.set(p.registrantId, { p });
    const people: PresentAttendee[] = [];
    for (const [registrantId, { p, row }] of here) {
      if (p) account(p, at);
      const since = Math.min(row?.joinedAt?.getTime() ?? Infinity, p?.first ?? p?.openedAt ?? Infinity);
      people.push({
        registrantId,
        name: p?.name ?? row?.name ?? "",
        email: p?.email ?? row?.email ?? "",
        since: Number.isFinite(since) ? since : at,
        // Another instance's row holds every instance's seconds; this instance's own attendee, this stay's.
        seconds: row ? row.attendedSeconds + (p ? unwrittenSeconds(p) : 0) : Math.floor((p?.creditedMs ?? 0) / 1000),
      });
    }
    people.sort((a, b) => a.since - b.since || a.registrantId.localeCompare(b.registrantId));
    const group = consoles.get(target.eventId);
    const room = group ? await consoleRoom(group) : await loadEventRoom(orm, target.accountId, target.eventId);
    let simulated: number | null = null;
    if (room && room.general.hls.audienceCount !== "hidden") {
      const registrants = room.general.hls.audienceCount === "simulated"
        ? await countRegistrants(orm, { accountId: target.accountId, event: { id: target.eventId } })
        : 0;
      simulated = audienceCountAt(room.general.hls, {
        positionSeconds: positionAt(room, at),
        liveSeconds: room.timing.liveSeconds,
        registrants,
        present: people.length,
      });
    }
    return { present: people, simulated };
  }

  async function consoleRoom(group: ConsoleGroup): Promise<EventRoom | null> {
    const at = now();
    if (!group.room || Math.abs(at - group.room.at) >= refreshMs) {
      group.room = { at, room: await loadEventRoom(orm, group.target.accountId, group.target.eventId) };
    }
    return group.room.room;
  }

  const liveOf = (group: EventGroup) => [...group.presences].filter((p) => p.kind === "live" && p.sinks.size > 0);

  /**
   * Sends items to the live presences and notes the CTA views (once per registrant and CTA): they
   * are written with the presences' attendance, so 10,000 views cost no statement of their own.
   */
  function deliver(targets: readonly Presence[], items: readonly RoomItem[]): void {
    if (items.length === 0) return;
    const texts = items.map((item) => event("item", item));
    const ctas = items.filter((item) => item.action === "cta").map((item) => item.id);
    for (const p of targets) {
      for (const sink of p.sinks) for (const text of texts) void sink.write(text);
      for (const id of ctas) {
        if (p.ctaSeen.has(id)) continue;
        p.ctaSeen.add(id);
        p.ctaUnwritten.add(id);
      }
    }
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

  // ---- signals: one subscription per event on this instance, fanned out to its channels --------

  function retain(eventId: string): void {
    if (subscriptions.has(eventId)) return;
    subscriptions.set(eventId, bus.subscribe(eventId, (signal) => onSignal(signal)));
  }
  function release(eventId: string): void {
    if (groups.has(eventId) || consoles.has(eventId)) return;
    subscriptions.get(eventId)?.();
    subscriptions.delete(eventId);
    seen.delete(eventId);
  }

  /** Whether a chat message is new to this instance (else a change: answered, deleted, muted). */
  function isFresh(message: BusChatMessage): boolean {
    let ids = seen.get(message.eventId);
    if (!ids) seen.set(message.eventId, (ids = new Set()));
    if (ids.has(message.id)) return false;
    ids.add(message.id);
    if (ids.size > SEEN_LIMIT) ids.delete(ids.values().next().value as string);
    return true;
  }

  function onSignal(signal: RoomSignal): void {
    const fresh = signal.type === "chat" ? isFresh(signal.message) : true;
    const group = groups.get(signal.eventId);
    if (group) {
      if (signal.type === "chat") {
        const texts = new Map<string, string>();
        for (const [sink, viewer] of chatViewers(group, signal.message)) {
          if (viewer.ready) chatTo(group, sink, viewer, signal.message, fresh, texts);
          else viewer.queue.push({ signal, fresh });
        }
      } else if (signal.type === "item") {
        group.loadedAt = -Infinity; // the pushed item is in the room's items from now on
        deliver(liveOf(group), [signal.item]);
      } else if (signal.type === "control") {
        const text = event("control", { startedAt: signal.startedAt, endedAt: signal.endedAt });
        for (const sink of group.viewers.keys()) void sink.write(text);
        group.refreshedAt = -Infinity; // the timing changed: read the room again at the next tick
        group.loadedAt = -Infinity;
      } else if (signal.type === "ban") {
        const bye = event("bye", { reason: "banned" });
        for (const [sink, viewer] of group.viewers) {
          if (viewer.presence.registrantId !== signal.registrantId) continue;
          viewer.presence.banned = true;
          void sink.write(bye).finally(() => sink.close());
        }
      }
    }
    const desk = consoles.get(signal.eventId);
    if (desk && chat) {
      for (const [sink, state] of desk.sinks) {
        if (state.ready) toConsole(sink, signal, fresh);
        else state.queue.push(signal);
      }
    }
  }

  /**
   * The channels a chat signal may concern: every one for a message to everyone; otherwise only
   * those of the few it is for (looked up, not searched for among 10,000 channels).
   */
  function chatViewers(group: EventGroup, message: BusChatMessage): Iterable<[ChannelSink, Viewer]> {
    if (!chat) return [];
    const audience = chat.audience({ ...message, deletedAt: null }, chatModeOf(group.room.timeline.general.hls.livechat.type));
    if (audience === "everyone") return group.viewers;
    const found: [ChannelSink, Viewer][] = [];
    for (const registrantId of audience) {
      const p = presences.get(keyOf({ eventId: group.room.event.id, registrantId, kind: "live" }));
      for (const sink of p?.sinks ?? []) {
        const viewer = group.viewers.get(sink);
        if (viewer) found.push([sink, viewer]);
      }
    }
    return found;
  }

  /** One chat signal to one attendee: new messages they may see, and deletions of those. */
  function chatTo(group: EventGroup, sink: ChannelSink, viewer: Viewer, message: BusChatMessage, fresh: boolean, texts: Map<string, string>): void {
    if (!chat || viewer.presence.kind !== "live" || group.room.platform === "vsl") return;
    const { registrantId } = viewer.presence;
    const mode = chatModeOf(group.room.timeline.general.hls.livechat.type);
    if (message.deletedAt !== null) {
      if (chat.visibleTo({ ...message, deletedAt: null }, registrantId, mode)) void sink.write(event("chat-delete", { id: message.id }));
      return;
    }
    if (!fresh || viewer.sent.has(message.id) || !chat.visibleTo(message, registrantId, mode)) return;
    // Everyone but the author sees the same thing: the text is made once.
    const key = message.registrantId === registrantId ? registrantId : "";
    let text = texts.get(key);
    if (text === undefined) texts.set(key, (text = event("chat", chat.forAttendee(message, registrantId), message.seq)));
    void sink.write(text);
  }

  function toConsole(sink: ChannelSink, signal: RoomSignal, fresh: boolean): void {
    if (!chat) return;
    if (signal.type === "chat") void sink.write(event("message", chat.forConsole(signal.message), fresh ? signal.message.seq : undefined));
    else if (signal.type === "action") void sink.write(event("action", signal.action));
    else if (signal.type === "control") void sink.write(event("control", { startedAt: signal.startedAt, endedAt: signal.endedAt }));
    else if (signal.type === "mute") void sink.write(event("mute", { registrantId: signal.registrantId, muted: signal.muted }));
  }

  // ---- timers ----------------------------------------------------------------------------------

  async function tick(group: EventGroup): Promise<void> {
    const at = now();
    if (at - group.refreshedAt >= refreshMs || at < group.refreshedAt) {
      const reread = group.refreshedAt === -Infinity;
      group.refreshedAt = at;
      // Any present registrant's link reads the event's current script and settings.
      const token = [...group.presences].find((p) => p.sinks.size > 0)?.registrantId;
      if (token) {
        group.room = await loadRoom(orm, token).catch(() => group.room);
        group.loadedAt = Date.now();
      }
      if (reread) group.sentUpTo = at >= group.room.timing.startsAt ? positionAt(group.room, at) : -Infinity;
    }
    const { room } = group;
    const live = liveOf(group);
    if (at >= room.timing.startsAt) {
      const position = positionAt(room, at);
      const due = room.items.filter((item) => item.offsetSeconds > group.sentUpTo && item.offsetSeconds <= position);
      group.sentUpTo = Math.max(group.sentUpTo, position);
      deliver(live, due);
      const endsAt = room.timing.startsAt + room.timing.liveSeconds * 1000;
      if (live.length > 0 && at < endsAt && (at - group.audienceAt >= audienceMs || at < group.audienceAt)) {
        group.audienceAt = at;
        const count = await audienceOf(group, at);
        if (count !== group.audience) {
          group.audience = count;
          const text = event("audience", { count });
          for (const p of live) for (const sink of p.sinks) void sink.write(text);
        }
      }
    }
    if (Date.now() - group.heartbeatAt >= heartbeatMs) {
      group.heartbeatAt = Date.now();
      for (const sink of group.viewers.keys()) void sink.write(": heartbeat\n\n");
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
      if (group.viewers.size === 0) {
        groups.delete(eventId);
        counted.delete(eventId);
        registrantCounts.delete(eventId);
        release(eventId);
        return;
      }
      tick(group)
        .catch((error: unknown) => console.error(`Room timer of event ${eventId} failed:`, error))
        .finally(() => schedule(eventId));
    }, Math.max(5, Math.min(tickMs, dueIn)));
    group.timer.unref?.();
  }

  async function consoleTick(desk: ConsoleGroup): Promise<void> {
    if (Date.now() - desk.presenceAt >= presenceMs) {
      desk.presenceAt = Date.now();
      const { present: people, simulated } = await presence(desk.target);
      const key = presenceKeyOf(people, simulated);
      if (key !== desk.presenceKey) {
        desk.presenceKey = key;
        const text = event("presence", { present: people, simulated });
        for (const [sink, state] of desk.sinks) if (state.ready) void sink.write(text);
      }
    }
    if (Date.now() - desk.heartbeatAt >= heartbeatMs) {
      desk.heartbeatAt = Date.now();
      for (const sink of desk.sinks.keys()) void sink.write(": heartbeat\n\n");
    }
  }

  function scheduleConsole(eventId: string): void {
    const desk = consoles.get(eventId);
    if (!desk || desk.timer || stopped) return;
    desk.timer = setTimeout(() => {
      desk.timer = undefined;
      if (desk.sinks.size === 0) {
        consoles.delete(eventId);
        release(eventId);
        return;
      }
      consoleTick(desk)
        .catch((error: unknown) => console.error(`Console timer of event ${eventId} failed:`, error))
        .finally(() => scheduleConsole(eventId));
    }, Math.min(tickMs, presenceMs));
    desk.timer.unref?.();
  }

  return {
    get stopped() {
      return stopped;
    },
    bus,
    present,
    presence,
    flush,

    async load(token) {
      if (!isUuid(token)) return loadRoom(orm, token);
      const [registrant] = await orm.select().from(registrants).where(eq(registrants.uuid, token));
      const group = registrant?.eventId ? groups.get(registrant.eventId) : undefined;
      // A banned, deleted or foreign link is judged by loadRoom itself.
      if (!registrant || registrant.banned || !group || group.room.accountId !== registrant.accountId) return loadRoom(orm, token);
      const age = Date.now() - group.loadedAt;
      if (age >= 0 && age < SHARED_MS) return { ...group.room, token: registrant.uuid, registrant };
      if (!group.loading) {
        const loading = loadRoom(orm, token);
        group.loading = loading;
        void loading.then(
          (room) => {
            group.room = room;
            group.loadedAt = Date.now();
          },
          () => undefined,
        ).finally(() => {
          if (group.loading === loading) group.loading = undefined;
        });
      }
      const room = await group.loading;
      return { ...room, token: registrant.uuid, registrant };
    },

    async open(room, kind, sink, lastEventId = null) {
      if (stopped) throw new Error("The room service is stopping.");
      const at = now();
      const eventId = room.event.id;
      let group = groups.get(eventId);
      if (!group) {
        group = {
          room,
          presences: new Set(),
          viewers: new Map(),
          timer: undefined,
          sentUpTo: at >= room.timing.startsAt ? positionAt(room, at) : -Infinity,
          audience: undefined,
          audienceAt: -Infinity,
          heartbeatAt: Date.now(),
          refreshedAt: at,
          loadedAt: Date.now(),
          loading: undefined,
        };
        groups.set(eventId, group);
        retain(eventId);
      }
      const key = keyOf({ eventId, registrantId: room.registrant.uuid, kind });
      let p = presences.get(key);
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
        presences.set(key, p);
      } else {
        account(p, at);
      }
      if (p.sinks.size === 0) {
        // Back within the grace: the same stay, the gap counted; else a new stay from now.
        const reconnect = p.closedAt !== null && at >= p.closedAt && at - p.closedAt <= graceMs;
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
      group.presences.add(p);
      const viewer: Viewer = { presence: p, ready: false, queue: [], sent: new Set() };
      group.viewers.set(sink, viewer);
      flushTimer ??= setInterval(() => void beat(), flushMs);
      flushTimer.unref?.();

      await sink.write(event("hello", { serverNow: at }));
      if (chat && kind === "live" && room.platform !== "vsl") {
        const mode = chatModeOf(room.timeline.general.hls.livechat.type);
        const viewerOf = { accountId: room.accountId, eventId, registrantId: p.registrantId, mode };
        const backlog = await chat.backlog(viewerOf, lastEventId).catch((error: unknown) => {
          console.error(`The chat backlog of event ${eventId} could not be read:`, error);
          return [];
        });
        for (const message of backlog) {
          viewer.sent.add(message.id);
          void sink.write(event("chat", chat.forAttendee(message, p.registrantId), message.seq));
        }
      }
      viewer.ready = true;
      const texts = new Map<string, string>();
      for (const { signal, fresh } of viewer.queue.splice(0)) if (signal.type === "chat") chatTo(group, sink, viewer, signal.message, fresh, texts);
      viewer.sent.clear();
      if (kind === "live" && at >= room.timing.startsAt) {
        const position = positionAt(room, at);
        const recent = group.room.items.filter((item) => item.offsetSeconds <= position && item.offsetSeconds > position - RECENT_SECONDS);
        deliver([p], recent);
        const endsAt = room.timing.startsAt + room.timing.liveSeconds * 1000;
        if (at < endsAt) {
          const count = group.audience !== undefined ? group.audience : await audienceOf(group, at);
          void sink.write(event("audience", { count }));
        }
      }
      if (p.first !== null) void flushSoon(p);
      schedule(eventId);

      const presence = p;
      const joined = group;
      let left = false;
      return async () => {
        if (left) return;
        left = true;
        const closedAt = now();
        account(presence, closedAt);
        presence.sinks.delete(sink);
        joined.viewers.delete(sink);
        if (presence.sinks.size === 0) presence.closedAt = closedAt;
        await flushSoon(presence);
      };
    },

    async openConsole(target, sink, lastEventId = null) {
      if (stopped) throw new Error("The room service is stopping.");
      let desk = consoles.get(target.eventId);
      if (!desk) {
        desk = { target, sinks: new Map(), timer: undefined, presenceKey: "", presenceAt: -Infinity, heartbeatAt: Date.now(), room: undefined };
        consoles.set(target.eventId, desk);
        retain(target.eventId);
      }
      const state = { ready: false, queue: [] as RoomSignal[] };
      desk.sinks.set(sink, state);
      await sink.write(event("hello", { serverNow: now() }));
      const sent = new Set<string>();
      if (chat && lastEventId !== null) {
        const backlog = await chat.consoleBacklog(target, lastEventId).catch((error: unknown) => {
          console.error(`The console backlog of event ${target.eventId} could not be read:`, error);
          return [];
        });
        for (const message of backlog) {
          sent.add(message.id);
          void sink.write(event("message", chat.forConsole(message), message.seq));
        }
      }
      const { present: people, simulated } = await presence(target);
      void sink.write(event("presence", { present: people, simulated }));
      // The event's only console has this list now: the next tick sends only a change (with others open,
      // the tick compares with what they were sent last).
      if (desk.sinks.size === 1) desk.presenceKey = presenceKeyOf(people, simulated);
      state.ready = true;
      for (const signal of state.queue.splice(0)) {
        if (signal.type === "chat" && sent.has(signal.message.id) && signal.message.deletedAt === null) continue;
        toConsole(sink, signal, true);
      }
      scheduleConsole(target.eventId);
      const joined = desk;
      return () => {
        joined.sinks.delete(sink);
      };
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      for (const group of groups.values()) clearTimeout(group.timer);
      for (const desk of consoles.values()) {
        clearTimeout(desk.timer);
        for (const sink of desk.sinks.keys()) sink.close();
        desk.sinks.clear();
      }
      const at = now();
      for (const p of presences.values()) account(p, at);
      for (const p of presences.values()) {
        for (const sink of p.sinks) sink.close();
        p.sinks.clear();
        p.closedAt = null;
      }
      const waiting = soon;
      soon = undefined;
      if (waiting) clearTimeout(waiting.timer);
      await flush();
      await clearPresence(orm, hubId).catch((error: unknown) => console.error("Room presence could not be cleared:", error));
      presenceWritten.clear();
      waiting?.resolve();
      if (flushTimer) clearInterval(flushTimer);
      flushTimer = undefined;
      groups.clear();
      consoles.clear();
      for (const off of subscriptions.values()) off();
      subscriptions.clear();
    },
  };
}
