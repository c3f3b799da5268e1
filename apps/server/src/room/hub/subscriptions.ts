import type { BusChatMessage, RoomBus, RoomSignal } from "../bus/roomBus.js";

/** Message ids an event remembers having sent (a later signal of the same id is a change, not a new message). */
const SEEN_LIMIT = 5000;

/**
 * The bus as this instance listens to it: one subscription per event while the event has attendee
 * channels or consoles here (not one per connection), and the chat messages each event has seen.
 */
export class EventSubscriptions {
  private readonly offs = new Map<string, () => void>();
  private readonly seen = new Map<string, Set<string>>();

  constructor(
    private readonly bus: RoomBus,
    private readonly onSignal: (signal: RoomSignal) => void,
    /** Whether the event still has channels or consoles here. */
    private readonly inUse: (eventId: string) => boolean,
  ) {}

  /** Listens to the event (once, however many channels open). */
  retain(eventId: string): void {
    if (this.offs.has(eventId)) return;
    this.offs.set(eventId, this.bus.subscribe(eventId, (signal) => this.onSignal(signal)));
  }

  /** Stops listening to the event unless it still has channels or consoles here. */
  release(eventId: string): void {
    if (this.inUse(eventId)) return;
    this.offs.get(eventId)?.();
    this.offs.delete(eventId);
    this.seen.delete(eventId);
  }

  /** Whether a chat message is new to this instance (else a change: answered, deleted, muted). */
  isFresh(message: BusChatMessage): boolean {
    let ids = this.seen.get(message.eventId);
    if (!ids) this.seen.set(message.eventId, (ids = new Set()));
    if (ids.has(message.id)) return false;
    ids.add(message.id);
    if (ids.size > SEEN_LIMIT) ids.delete(ids.values().next().value as string);
    return true;
  }

  /** Stops every subscription (the hub is stopping). */
  stop(): void {
    for (const off of this.offs.values()) off();
    this.offs.clear();
  }
}
