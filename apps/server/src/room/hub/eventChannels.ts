import { audienceCountAt, chatModeOf, type RoomItem } from "@cuepoint/sdk";
import { eq } from "drizzle-orm";
import { registrants } from "../../db/schema/index.js";
import { isUuid } from "../../http/ids.js";
import type { RoomSignal } from "../bus/roomBus.js";
import type { RoomChatViews } from "../liveChat.js";
import { countRegistrants } from "../registrantCount.js";
import { loadRoom, type RoomState } from "../roomState.js";
import { sseEvent as event } from "../sse.js";
import { chatTo, chatViewers, type Viewer } from "./chatFanOut.js";
import { positionAt, type HubSettings } from "./hubSettings.js";
import { leave, type ChannelSink, type Presence, type PresenceKind, type PresenceTable } from "./presence.js";
import type { PresenceBeat } from "./presenceBeat.js";
import type { EventSubscriptions } from "./subscriptions.js";

/** The attendee channels of one event on this instance, and its timer's state. */
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

/** Items come due within this many seconds before a channel opens are sent on it (the widget drops repeats). */
const RECENT_SECONDS = 120;
/** How long an event's room read for one link is shared with the other links of the event. */
const SHARED_MS = 2000;

/**
 * The attendees' channels on this instance, grouped by event: one timer per event (not per
 * connection) that sends items as they come due and the audience count, the chat fan-out of the
 * event's signals, and the room read shared by the event's links.
 */
export class EventChannels {
  private readonly groups = new Map<string, EventGroup>();
  private readonly registrantCounts = new Map<string, { at: number; count: number }>();
  private stopped = false;

  constructor(
    private readonly settings: HubSettings,
    private readonly chat: RoomChatViews,
    private readonly presences: PresenceTable,
    private readonly beat: PresenceBeat,
    private readonly subscriptions: EventSubscriptions,
  ) {}

  /** Whether the event has attendee channels here. */
  has(eventId: string): boolean {
    return this.groups.has(eventId);
  }

  /** The room this instance holds of an event (its channels' room), if any. */
  roomOf(eventId: string): RoomState | undefined {
    return this.groups.get(eventId)?.room;
  }

  /** `RoomHub.load`: a link's room, its event's part shared for `SHARED_MS` while the event has channels here. */
  async load(token: string): Promise<RoomState> {
    const { orm } = this.settings;
    if (!isUuid(token)) return loadRoom(orm, token);
    const [registrant] = await orm.select().from(registrants).where(eq(registrants.uuid, token));
    const group = registrant?.eventId ? this.groups.get(registrant.eventId) : undefined;
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
  }

  /**
   * `RoomHub.open`: the channel joins its event's group and its registrant's presence, gets
   * `hello`, the chat backlog, the items due in the last two minutes and the audience; answers the
   * function that closes it.
   */
  async open(room: RoomState, kind: PresenceKind, sink: ChannelSink, lastEventId: number | null): Promise<() => Promise<void>> {
    const at = this.settings.now();
    const eventId = room.event.id;
    const group = this.join(room, at);
    const p = this.presences.join(room, kind, sink, at);
    group.presences.add(p);
    const viewer: Viewer = { presence: p, ready: false, queue: [], sent: new Set() };
    group.viewers.set(sink, viewer);
    this.beat.start();

    await sink.write(event("hello", { serverNow: at }));
    if (kind === "live" && room.platform !== "vsl") await this.sendBacklog(room, sink, viewer, lastEventId);
    viewer.ready = true;
    const texts = new Map<string, string>();
    for (const { signal, fresh } of viewer.queue.splice(0)) if (signal.type === "chat") chatTo(this.chat, group.room, sink, viewer, signal.message, fresh, texts);
    viewer.sent.clear();
    if (kind === "live" && at >= room.timing.startsAt) {
      const position = positionAt(room, at);
      const recent = group.room.items.filter((item) => item.offsetSeconds <= position && item.offsetSeconds > position - RECENT_SECONDS);
      this.deliver([p], recent);
      const endsAt = room.timing.startsAt + room.timing.liveSeconds * 1000;
      if (at < endsAt) {
        const count = group.audience !== undefined ? group.audience : await this.audienceOf(group, at);
        void sink.write(event("audience", { count }));
      }
    }
    if (p.first !== null) void this.beat.soon(p);
    this.schedule(eventId);

    let left = false;
    return async () => {
      if (left) return;
      left = true;
      leave(p, sink, this.settings.now());
      group.viewers.delete(sink);
      await this.beat.soon(p);
    };
  }

  /** A signal of an event to its attendee channels here: chat, pushed items, the host's control, a ban. */
  onSignal(signal: RoomSignal, fresh: boolean): void {
    const group = this.groups.get(signal.eventId);
    if (!group) return;
    if (signal.type === "chat") {
      const texts = new Map<string, string>();
      for (const [sink, viewer] of chatViewers(this.chat, this.presences, group.room, group.viewers, signal.message)) {
        if (viewer.ready) chatTo(this.chat, group.room, sink, viewer, signal.message, fresh, texts);
        else viewer.queue.push({ signal, fresh });
      }
    } else if (signal.type === "item") {
      group.loadedAt = -Infinity; // the pushed item is in the room's items from now on
      this.deliver(this.liveOf(group), [signal.item]);
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

  /** The hub is stopping: no timer runs any more (the channels are closed with their presences). */
  stop(): void {
    this.stopped = true;
    for (const group of this.groups.values()) clearTimeout(group.timer);
  }

  /** Forgets every group (the hub has stopped). */
  clear(): void {
    this.groups.clear();
  }

  /** The event's group, made (and its signals listened to) for its first channel here. */
  private join(room: RoomState, at: number): EventGroup {
    const eventId = room.event.id;
    let group = this.groups.get(eventId);
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
      this.groups.set(eventId, group);
      this.subscriptions.retain(eventId);
    }
    return group;
  }

  /** The messages the attendee sees so far (after `lastEventId` when resuming), before any live one. */
  private async sendBacklog(room: RoomState, sink: ChannelSink, viewer: Viewer, lastEventId: number | null): Promise<void> {
    const { registrantId } = viewer.presence;
    const mode = chatModeOf(room.timeline.general.hls.livechat.type);
    const viewerOf = { accountId: room.accountId, eventId: room.event.id, registrantId, mode };
    const backlog = await this.chat.backlog(viewerOf, lastEventId).catch((error: unknown) => {
      console.error(`The chat backlog of event ${room.event.id} could not be read:`, error);
      return [];
    });
    for (const message of backlog) {
      viewer.sent.add(message.id);
      void sink.write(event("chat", this.chat.forAttendee(message, registrantId), message.seq));
    }
  }

  private liveOf(group: EventGroup): Presence[] {
    return [...group.presences].filter((p) => p.kind === "live" && p.sinks.size > 0);
  }

  /**
   * Sends items to the live presences and notes the CTA views (once per registrant and CTA): they
   * are written with the presences' attendance, so 10,000 views cost no statement of their own.
   */
  private deliver(targets: readonly Presence[], items: readonly RoomItem[]): void {
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

  private async audienceOf(group: EventGroup, at: number): Promise<number | null> {
    const { room } = group;
    const hls = room.timeline.general.hls;
    if (hls.audienceCount === "hidden") return null;
    const registrants = await this.registrantCount(group);
    return audienceCountAt(hls, {
      positionSeconds: positionAt(room, at),
      liveSeconds: room.timing.liveSeconds,
      registrants,
      present: await this.beat.present(room.event.id),
    });
  }

  private async registrantCount(group: EventGroup): Promise<number> {
    const at = this.settings.now();
    const cached = this.registrantCounts.get(group.room.event.id);
    if (cached && Math.abs(at - cached.at) < this.settings.refreshMs) return cached.count;
    const count = await countRegistrants(this.settings.orm, group.room);
    this.registrantCounts.set(group.room.event.id, { at, count });
    return count;
  }

  /** One tick of an event's timer: the room read again now and then, due items, the audience, a heartbeat. */
  private async tick(group: EventGroup): Promise<void> {
    const { settings } = this;
    const at = settings.now();
    if (at - group.refreshedAt >= settings.refreshMs || at < group.refreshedAt) {
      const reread = group.refreshedAt === -Infinity;
      group.refreshedAt = at;
      // Any present registrant's link reads the event's current script and settings.
      const token = [...group.presences].find((p) => p.sinks.size > 0)?.registrantId;
      if (token) {
        group.room = await loadRoom(settings.orm, token).catch(() => group.room);
        group.loadedAt = Date.now();
      }
      if (reread) group.sentUpTo = at >= group.room.timing.startsAt ? positionAt(group.room, at) : -Infinity;
    }
    const { room } = group;
    const live = this.liveOf(group);
    if (at >= room.timing.startsAt) {
      const position = positionAt(room, at);
      const due = room.items.filter((item) => item.offsetSeconds > group.sentUpTo && item.offsetSeconds <= position);
      group.sentUpTo = Math.max(group.sentUpTo, position);
      this.deliver(live, due);
      const endsAt = room.timing.startsAt + room.timing.liveSeconds * 1000;
      if (live.length > 0 && at < endsAt && (at - group.audienceAt >= settings.audienceMs || at < group.audienceAt)) {
        group.audienceAt = at;
        const count = await this.audienceOf(group, at);
        if (count !== group.audience) {
          group.audience = count;
          const text = event("audience", { count });
          for (const p of live) for (const sink of p.sinks) void sink.write(text);
        }
      }
    }
    if (Date.now() - group.heartbeatAt >= settings.heartbeatMs) {
      group.heartbeatAt = Date.now();
      for (const sink of group.viewers.keys()) void sink.write(": heartbeat\n\n");
    }
  }

  /** The event's next tick; the event's last channel gone, its group goes instead. */
  private schedule(eventId: string): void {
    const group = this.groups.get(eventId);
    if (!group || group.timer || this.stopped) return;
    // Wake at the next item's second when it comes before the next tick, so items are not up to a tick late.
    const next = group.room.items.find((item) => item.offsetSeconds > group.sentUpTo);
    const dueIn = next ? group.room.timing.startsAt + next.offsetSeconds * 1000 - this.settings.now() : Infinity;
    group.timer = setTimeout(() => {
      group.timer = undefined;
      if (group.viewers.size === 0) {
        this.groups.delete(eventId);
        this.beat.forget(eventId);
        this.registrantCounts.delete(eventId);
        this.subscriptions.release(eventId);
        return;
      }
      this.tick(group)
        .catch((error: unknown) => console.error(`Room timer of event ${eventId} failed:`, error))
        .finally(() => this.schedule(eventId));
    }, Math.max(5, Math.min(this.settings.tickMs, dueIn)));
    group.timer.unref?.();
  }
}
