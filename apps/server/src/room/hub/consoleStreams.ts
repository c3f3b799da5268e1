import { audienceCountAt, type PresentAttendee } from "@cuepoint/sdk";
import type { RoomSignal } from "../bus/roomBus.js";
import { loadEventRoom, type EventRoom } from "../eventRoom.js";
import type { RoomChatViews } from "../liveChat.js";
import { countRegistrants } from "../registrantCount.js";
import { sseEvent as event } from "../sse.js";
import { positionAt, type HubSettings } from "./hubSettings.js";
import { account, unwrittenSeconds, type ChannelSink, type PresenceTable } from "./presence.js";
import type { PresenceBeat } from "./presenceBeat.js";
import type { EventSubscriptions } from "./subscriptions.js";

/** Who is in an event's room now, on every instance, and the count attendees see. */
export interface RoomPresence {
  present: PresentAttendee[];
  simulated: number | null;
}

type ConsoleTarget = { accountId: string; eventId: string };

/** The host consoles of one event on this instance: each stream's inbox until its backlog has gone. */
interface ConsoleGroup {
  target: ConsoleTarget;
  sinks: Map<ChannelSink, { ready: boolean; queue: RoomSignal[] }>;
  timer: ReturnType<typeof setTimeout> | undefined;
  presenceKey: string;
  presenceAt: number;
  heartbeatAt: number;
  room: { at: number; room: EventRoom | null } | undefined;
}

/** What a console's presence list is compared by (who, and the count attendees see). */
const presenceKeyOf = (people: readonly PresentAttendee[], simulated: number | null) =>
  `${simulated}|${people.map((person) => person.registrantId).join(",")}`;

/**
 * The host consoles' streams on this instance, grouped by event: the event's messages, actions,
 * control and mutes as they come (each stream's inbox held until its backlog has been sent), and
 * who is present (every instance) at most every `presenceMs`, when it changes.
 */
export class ConsoleStreams {
  private readonly desks = new Map<string, ConsoleGroup>();
  private stopped = false;

  constructor(
    private readonly settings: HubSettings,
    private readonly chat: RoomChatViews,
    private readonly presences: PresenceTable,
    private readonly beat: PresenceBeat,
    private readonly subscriptions: EventSubscriptions,
  ) {}

  /** Whether the event has consoles here. */
  has(eventId: string): boolean {
    return this.desks.has(eventId);
  }

  /** `RoomHub.openConsole`: `hello`, the messages after `lastEventId`, who is present; then live. */
  async open(target: ConsoleTarget, sink: ChannelSink, lastEventId: number | null): Promise<() => void> {
    let desk = this.desks.get(target.eventId);
    if (!desk) {
      desk = { target, sinks: new Map(), timer: undefined, presenceKey: "", presenceAt: -Infinity, heartbeatAt: Date.now(), room: undefined };
      this.desks.set(target.eventId, desk);
      this.subscriptions.retain(target.eventId);
    }
    const state = { ready: false, queue: [] as RoomSignal[] };
    desk.sinks.set(sink, state);
    await sink.write(event("hello", { serverNow: this.settings.now() }));
    const sent = new Set<string>();
    if (lastEventId !== null) {
      const backlog = await this.chat.consoleBacklog(target, lastEventId).catch((error: unknown) => {
        console.error(`The console backlog of event ${target.eventId} could not be read:`, error);
        return [];
      });
      for (const message of backlog) {
        sent.add(message.id);
        void sink.write(event("message", this.chat.forConsole(message), message.seq));
      }
    }
    const { present: people, simulated } = await this.presence(target);
    void sink.write(event("presence", { present: people, simulated }));
    // The event's only console has this list now: the next tick sends only a change (with others open,
    // the tick compares with what they were sent last).
    if (desk.sinks.size === 1) desk.presenceKey = presenceKeyOf(people, simulated);
    state.ready = true;
    for (const signal of state.queue.splice(0)) {
      if (signal.type === "chat" && sent.has(signal.message.id) && signal.message.deletedAt === null) continue;
      this.send(sink, signal, true);
    }
    this.schedule(target.eventId);
    const joined = desk;
    return () => {
      joined.sinks.delete(sink);
    };
  }

  /**
   * `RoomHub.presence`: who is in the live room now on every instance, with how long, and the
   * simulated count. Before the start, people in the waiting room are listed too (the host starts a
   * semi-automatic event).
   */
  async presence(target: ConsoleTarget): Promise<RoomPresence> {
    const { orm } = this.settings;
    const at = this.settings.now();
    const here = await this.beat.presentNow(target.eventId, target.accountId, at, true);
    for (const p of this.presences.liveHere(target.eventId, at)) if (!here.has(p.registrantId) && p.sinks.size > 0) here.set(p.registrantId, { p });
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
    const desk = this.desks.get(target.eventId);
    const room = desk ? await this.roomOf(desk) : await loadEventRoom(orm, target.accountId, target.eventId);
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

  /** A signal of an event to its consoles here (each stream's inbox until its backlog has gone). */
  onSignal(signal: RoomSignal, fresh: boolean): void {
    const desk = this.desks.get(signal.eventId);
    if (!desk) return;
    for (const [sink, state] of desk.sinks) {
      if (state.ready) this.send(sink, signal, fresh);
      else state.queue.push(signal);
    }
  }

  /** The hub is stopping: every console stream closes. */
  stop(): void {
    this.stopped = true;
    for (const desk of this.desks.values()) {
      clearTimeout(desk.timer);
      for (const sink of desk.sinks.keys()) sink.close();
      desk.sinks.clear();
    }
  }

  /** Forgets every event's consoles (the hub has stopped). */
  clear(): void {
    this.desks.clear();
  }

  /** The event's settings and timing as the console's simulated count reads them, read again every `refreshMs`. */
  private async roomOf(desk: ConsoleGroup): Promise<EventRoom | null> {
    const at = this.settings.now();
    if (!desk.room || Math.abs(at - desk.room.at) >= this.settings.refreshMs) {
      desk.room = { at, room: await loadEventRoom(this.settings.orm, desk.target.accountId, desk.target.eventId) };
    }
    return desk.room.room;
  }

  private send(sink: ChannelSink, signal: RoomSignal, fresh: boolean): void {
    if (signal.type === "chat") void sink.write(event("message", this.chat.forConsole(signal.message), fresh ? signal.message.seq : undefined));
    else if (signal.type === "action") void sink.write(event("action", signal.action));
    else if (signal.type === "control") void sink.write(event("control", { startedAt: signal.startedAt, endedAt: signal.endedAt }));
    else if (signal.type === "mute") void sink.write(event("mute", { registrantId: signal.registrantId, muted: signal.muted }));
  }

  /** One tick of an event's console timer: the presence list when it changed, a heartbeat. */
  private async tick(desk: ConsoleGroup): Promise<void> {
    const { heartbeatMs, presenceMs } = this.settings;
    if (Date.now() - desk.presenceAt >= presenceMs) {
      desk.presenceAt = Date.now();
      const { present: people, simulated } = await this.presence(desk.target);
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

  /** The event's next console tick; its last console gone, its group goes instead. */
  private schedule(eventId: string): void {
    const desk = this.desks.get(eventId);
    if (!desk || desk.timer || this.stopped) return;
    desk.timer = setTimeout(() => {
      desk.timer = undefined;
      if (desk.sinks.size === 0) {
        this.desks.delete(eventId);
        this.subscriptions.release(eventId);
        return;
      }
      this.tick(desk)
        .catch((error: unknown) => console.error(`Console timer of event ${eventId} failed:`, error))
        .finally(() => this.schedule(eventId));
    }, Math.min(this.settings.tickMs, this.settings.presenceMs));
    desk.timer.unref?.();
  }
}
