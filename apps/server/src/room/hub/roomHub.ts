import { createLocalRoomBus, type RoomBus, type RoomSignal } from "../bus/roomBus.js";
import { roomChatViews } from "../chat/visibility.js";
import type { RoomState } from "../roomState.js";
import { AttendanceLedger } from "./attendanceLedger.js";
import { ConsoleStreams, type RoomPresence } from "./consoleStreams.js";
import { EventChannels } from "./eventChannels.js";
import { hubSettingsOf, type RoomHubOptions } from "./hubSettings.js";
import { PresenceTable, type ChannelSink, type PresenceKind } from "./presence.js";
import { PresenceBeat } from "./presenceBeat.js";
import { EventSubscriptions } from "./subscriptions.js";

export type { ChannelSink, PresenceKind } from "./presence.js";
export type { RoomHubOptions } from "./hubSettings.js";
export type { RoomPresence } from "./consoleStreams.js";

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

/**
 * The hub is its parts, each in its own file: the presence table (presence.ts), the attendance
 * ledger that writes it (attendanceLedger.ts), the beat that paces the writes and tells the other
 * instances who is here (presenceBeat.ts), the attendees' channels with their timers and chat
 * fan-out (eventChannels.ts, chatFanOut.ts), the consoles' streams (consoleStreams.ts) and the bus
 * subscriptions they share (subscriptions.ts). This wires them and stops them in order.
 *
 * @example
 * const hub = createRoomHub({ orm, now: () => new Date(), bus });
 * const leave = await hub.open(room, "live", sink); // … later: await leave();
 */
export function createRoomHub(options: RoomHubOptions): RoomHub {
  const settings = hubSettingsOf(options);
  const chat = options.chat ?? roomChatViews(settings.orm);
  const bus = options.bus ?? createLocalRoomBus();
  const presences = new PresenceTable(settings.graceMs);
  const ledger = new AttendanceLedger(settings, presences, (eventId): number | undefined => channels.roomOf(eventId)?.timing.liveSeconds);
  const beat = new PresenceBeat(settings, presences, ledger, (eventId): string | undefined => channels.roomOf(eventId)?.accountId);
  const subscriptions = new EventSubscriptions(bus, (signal): void => fanOut(signal), (eventId): boolean => channels.has(eventId) || consoles.has(eventId));
  const channels = new EventChannels(settings, chat, presences, beat, subscriptions);
  const consoles = new ConsoleStreams(settings, chat, presences, beat, subscriptions);
  let stopped = false;

  /** One signal of an event, to its attendee channels and its consoles here. */
  function fanOut(signal: RoomSignal): void {
    const fresh = signal.type === "chat" ? subscriptions.isFresh(signal.message) : true;
    channels.onSignal(signal, fresh);
    consoles.onSignal(signal, fresh);
  }

  return {
    get stopped() {
      return stopped;
    },
    bus,
    present: (eventId) => beat.present(eventId),
    presence: (target) => consoles.presence(target),
    flush: () => beat.flush(),
    load: (token) => channels.load(token),

    async open(room, kind, sink, lastEventId = null) {
      if (stopped) throw new Error("The room service is stopping.");
      return channels.open(room, kind, sink, lastEventId);
    },

    async openConsole(target, sink, lastEventId = null) {
      if (stopped) throw new Error("The room service is stopping.");
      return consoles.open(target, sink, lastEventId);
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      channels.stop();
      consoles.stop();
      presences.closeAll(settings.now());
      await beat.stop();
      channels.clear();
      consoles.clear();
      subscriptions.stop();
    },
  };
}
