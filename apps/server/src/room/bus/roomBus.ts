import type { ConsoleAction, ConsoleMessage, RoomItem } from "@cuepoint/sdk";

/**
 * A chat message as stored (H4's `room/chat/types.ts` StoredChatMessage): the console's view plus
 * its account and event. Written structurally here so the bus does not depend on the chat folder.
 */
export type BusChatMessage = ConsoleMessage & { accountId: string; eventId: string };

/** What one instance tells every instance (and itself) about a room, after the write has committed. */
export type RoomSignal =
  /** A new or changed message (answered, deleted, muted). */
  | { type: "chat"; eventId: string; message: BusChatMessage }
  /** A pushed CTA or subject: every attendee present. */
  | { type: "item"; eventId: string; item: RoomItem }
  /** The host started or ended the event. */
  | { type: "control"; eventId: string; startedAt: number | null; endedAt: number | null }
  /** The registrant was banned: their channels close on every instance. */
  | { type: "ban"; eventId: string; registrantId: string }
  | { type: "mute"; eventId: string; registrantId: string; muted: boolean }
  /** A recorded console action: consoles only. */
  | { type: "action"; eventId: string; action: ConsoleAction };

export type RoomSignalListener = (signal: RoomSignal) => void;

/**
 * Signals of one event reach every subscriber of that event on every instance: in-process at once,
 * and through PostgreSQL's LISTEN/NOTIFY to the other instances (postgresBus.ts).
 */
export interface RoomBus {
  /** Sends a signal; call it after the write it tells of has committed. */
  publish(signal: RoomSignal): Promise<void>;
  /** Listens to one event's signals; answers the function that stops listening. */
  subscribe(eventId: string, listener: RoomSignalListener): () => void;
  /** Stops listening to the database (the server is stopping); local delivery still works. */
  stop(): Promise<void>;
}

/** The listeners of this process, per event: what every bus delivers to. */
export interface LocalFanOut {
  deliver(signal: RoomSignal): void;
  subscribe(eventId: string, listener: RoomSignalListener): () => void;
  has(eventId: string): boolean;
}

/** One listener's failure never keeps the signal from the others. */
export function createLocalFanOut(): LocalFanOut {
  const listeners = new Map<string, Set<RoomSignalListener>>();
  return {
    deliver(signal) {
      for (const listener of [...(listeners.get(signal.eventId) ?? [])]) {
        try {
          listener(signal);
        } catch (error) {
          console.error(`Room signal ${signal.type} of event ${signal.eventId} failed in a listener:`, error);
        }
      }
    },
    subscribe(eventId, listener) {
      let set = listeners.get(eventId);
      if (!set) listeners.set(eventId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(eventId) === set) listeners.delete(eventId);
      };
    },
    has: (eventId) => listeners.has(eventId),
  };
}

/**
 * The bus of one process (the embedded database: one instance). Delivery is synchronous, so a
 * signal published after a write reaches the channels before `publish` resolves.
 *
 * @example
 * const bus = createLocalRoomBus();
 * const stop = bus.subscribe(eventId, (signal) => console.log(signal.type));
 * await bus.publish({ type: "control", eventId, startedAt: Date.now(), endedAt: null });
 */
export function createLocalRoomBus(): RoomBus {
  const local = createLocalFanOut();
  return {
    publish: async (signal) => local.deliver(signal),
    subscribe: local.subscribe,
    stop: async () => {},
  };
}
