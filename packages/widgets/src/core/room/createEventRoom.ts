import {
  isCuepointError,
  itemsDueAt,
  playbackPositionAt,
  roomViewAt,
  type RoomEntry,
  type RoomItem,
  type RoomPhase,
  type RoomSnapshot,
  type RoomView,
} from "@cuepoint/sdk";
import { batch, computed, signal, type ReadonlySignal } from "../signals.js";
import { createRoomChat, type RoomChat } from "./chat.js";
import { openRoomChannel } from "./roomChannel.js";
import type { ChatItem, CtaItem, EventSourceLike, RoomApi, RoomStatus } from "./types.js";

export interface EventRoomOptions {
  /** The registrant's personal token (the uuid in `/join/{token}`). */
  token: string;
  api: RoomApi;
  /** How the registrant arrived: `/join/…` or `/replay/…` (the snapshot's `entry` by default). */
  entry?: RoomEntry;
  /** The address relative URLs of the snapshot resolve against (the API's); the page's by default. */
  baseURL?: string;
  /** The local clock (`Date.now`); the room runs on the server's, from the offset it measures. */
  now?: () => number;
  /** `EventSource` (a test passes a fake); without one the room runs without its live channel. */
  EventSource?: EventSourceLike;
}

export interface EventRoomCore {
  readonly status: ReadonlySignal<RoomStatus>;
  /** Why the room could not be loaded (the server's message, e.g. an unknown link). */
  readonly message: ReadonlySignal<string>;
  readonly snapshot: ReadonlySignal<RoomSnapshot | undefined>;
  /** The view shown: `roomViewAt` at arrival, again at each `nextChangeAt`; a room shown stays until its end. */
  readonly view: ReadonlySignal<RoomView | undefined>;
  readonly phase: ReadonlySignal<RoomPhase | undefined>;
  /** The live room this page showed reached its end (the last frame stays, with the end overlay). */
  readonly finished: ReadonlySignal<boolean>;
  /** The server's time (epoch ms), moved on every whole second while the room is open. */
  readonly now: ReadonlySignal<number>;
  /** The timed items shown: live, those come due (snapshot + channel); replay, those due at the playback time. */
  readonly items: ReadonlySignal<RoomItem[]>;
  readonly chat: ReadonlySignal<ChatItem[]>;
  /** The attendee's chat: messages sent and received (the channel's `chat`), interleaved with `chat`'s auto-chat. */
  readonly conversation: RoomChat;
  /** The CTA popup shown: the latest CTA, unless dismissed. */
  readonly cta: ReadonlySignal<CtaItem | undefined>;
  /** The latest CTA shown at all (the end overlay offers its button). */
  readonly lastCta: ReadonlySignal<CtaItem | undefined>;
  /** The room's title: the latest `changesubject`, else the event's subject or title. */
  readonly subject: ReadonlySignal<string>;
  readonly audience: ReadonlySignal<number | null>;
  /** The replay's playback time, seconds (set by the player). */
  readonly playbackTime: ReadonlySignal<number>;
  /** The server's time now (epoch ms). */
  serverNow(): number;
  /** Live: where the event's video is now, seconds (the SDK's `playbackPositionAt`). */
  position(): number;
  /** `url` of the snapshot made absolute (against `baseURL`). */
  resolve(url: string): string;
  setPlaybackTime(seconds: number): void;
  /** Records a click of the CTA `id` (`POST …/cta`); never rejects (the link opens anyway). */
  clickCta(id: string): Promise<void>;
  dismissCta(): void;
  /** Loads the snapshot (again: after an error, or to refresh). */
  load(): Promise<void>;
  /** Stops the timers and closes the channel. */
  dispose(): void;
}

const SECOND = 1000;
/** The longest `setTimeout` delay; a later change is reached in several waits. */
const MAX_DELAY = 2 ** 31 - 1;

const lastOf = <T extends RoomItem>(items: readonly RoomItem[], test: (item: RoomItem) => item is T): T | undefined => {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i] as RoomItem)) return items[i] as T;
  return undefined;
};
const isCta = (item: RoomItem): item is CtaItem => item.action === "cta" && !!item.cta;
const isChat = (item: RoomItem): item is ChatItem => item.action === "livechat" && !!item.chat;

/** Items by second then arrival, without duplicates (the same item from the snapshot and the channel). */
const merge = (items: readonly RoomItem[], more: readonly RoomItem[]): RoomItem[] => {
  const known = new Set(items.map((item) => item.id));
  const added = more.filter((item) => !known.has(item.id) && known.add(item.id));
  return added.length ? [...items, ...added].sort((a, b) => a.offsetSeconds - b.offsetSeconds) : (items as RoomItem[]);
};

/**
 * The event room's behaviour, framework-free: loads the registrant's snapshot, keeps the server's
 * clock (the offset between `snapshot.serverNow` and the local clock, measured at the middle of the
 * request), derives the phase with the SDK's `roomViewAt` and moves on by itself at `nextChangeAt`
 * (the confirmation becomes the waiting room, the waiting room the room, at their instants). In the
 * waiting, live and replay phases it keeps the room's event stream open (the server counts presence
 * by it from the start; the host's console lists who waits; a host's manual start comes as `control`):
 * `item`s are added as they come due, `audience` updates the count, the chat comes and goes
 * (`conversation`); when the stream fails it fetches
 * a fresh snapshot (with backoff: 1, 2, 4… up to 30 s) and reopens it. A page that shows the room
 * keeps it until the event's end (a late `roomViewAt` answer of "replay" is for arrivals only), then
 * stays on the last frame (`finished`).
 *
 * @example
 * const room = createEventRoom({ token, api: client.room, EventSource });
 * room.phase.subscribe((phase) => console.log(phase));
 * await room.load();
 */
export function createEventRoom(options: EventRoomOptions): EventRoomCore {
  const local = options.now ?? Date.now;
  let offset = 0;
  const serverNow = () => local() + offset;

  const status = signal<RoomStatus>("loading");
  const message = signal("");
  const snapshot = signal<RoomSnapshot | undefined>(undefined);
  const view = signal<RoomView | undefined>(undefined);
  const finished = signal(false);
  const now = signal(0);
  const received = signal<RoomItem[]>([]);
  const playbackTime = signal(0);
  const audience = signal<number | null>(null);
  const dismissed = signal("");

  const phase = computed(() => view.value?.phase);
  const items = computed(() =>
    phase.value === "replay" ? itemsDueAt(snapshot.value?.items ?? [], playbackTime.value) : received.value,
  );
  const lastCta = computed(() => lastOf(items.value, isCta));
  const chat = computed(() => items.value.filter(isChat));
  const startsAt = () => snapshot.value?.timing.startsAt ?? 0;
  const conversation = createRoomChat({
    token: options.token,
    api: options.api,
    serverNow,
    items: chat,
    startsAt,
    // The replay shows what was said up to the playback's instant, as it shows the items.
    until: () => (phase.value === "replay" ? startsAt() + playbackTime.value * SECOND : undefined),
  });
  const room: EventRoomCore = {
    status,
    message,
    snapshot,
    view,
    phase,
    finished,
    now,
    items,
    chat,
    conversation,
    lastCta,
    cta: computed(() => (lastCta.value?.id === dismissed.value ? undefined : lastCta.value)),
    subject: computed(() => {
      const changed = lastOf(items.value, (item): item is RoomItem => item.action === "changesubject" && !!item.subject);
      const event = snapshot.value?.event;
      return changed?.subject || event?.subject || event?.title || "";
    }),
    audience,
    playbackTime,
    serverNow,
    position: () => {
      const timing = snapshot.peek()?.timing;
      return timing ? playbackPositionAt(timing, serverNow()) : 0;
    },
    resolve: (url) => new URL(url, options.baseURL ?? globalThis.location?.href).href,
    setPlaybackTime: (seconds) => void (playbackTime.value = seconds),
    async clickCta(id) {
      try {
        await options.api.clickCta(options.token, id);
      } catch {
        // Recording the click is the host's statistic; the visitor's link opens all the same.
      }
    },
    dismissCta: () => void (dismissed.value = lastCta.peek()?.id ?? ""),
    load,
    dispose() {
      disposed = true;
      clearTimeout(timer);
      clearTimeout(retry);
      closeChannel?.();
      conversation.dispose();
    },
  };

  let disposed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closeChannel: (() => void) | undefined;
  let failures = 0;
  /** The host started or ended the event (`control`): the next snapshot's timing re-judges the live room's end. */
  let controlled = false;

  async function load(): Promise<void> {
    clearTimeout(retry);
    const rejudge = controlled;
    controlled = false;
    const sentAt = local();
    try {
      const { success } = await options.api.get(options.token, options.entry && { entry: options.entry });
      if (disposed) return;
      offset = success.serverNow - (sentAt + local()) / 2;
      batch(() => {
        snapshot.value = success;
        audience.value = success.audience;
        received.value = merge(received.peek(), success.items);
        status.value = "ready";
        evaluate(rejudge);
      });
    } catch (error) {
      if (disposed) return;
      // A refresh failed: keep the page and try again later, unless the server refused the link
      // itself (a ban answers 403 after the channel's `bye`): then its page.
      const refused = isCuepointError(error) && (error.status ?? 0) >= 400 && (error.status ?? 0) < 500 && error.status !== 429;
      if (snapshot.peek() && !refused) return lost();
      if (refused) {
        clearTimeout(timer);
        closeChannel?.();
        closeChannel = undefined;
      }
      batch(() => {
        snapshot.value = undefined;
        view.value = undefined;
        status.value = "failed";
        message.value = isCuepointError(error) ? error.message : "The event room could not be loaded. Check your connection and try again.";
      });
    }
  }

  /** The stream or a refresh failed: fetch a fresh snapshot after a growing pause (it reopens the stream). */
  function lost() {
    closeChannel?.();
    closeChannel = undefined;
    clearTimeout(retry);
    retry = setTimeout(() => void load(), Math.min(30, 2 ** failures++) * SECOND);
  }

  function openChannel(current: RoomSnapshot) {
    const Source = options.EventSource ?? (globalThis.EventSource as EventSourceLike | undefined);
    if (closeChannel || !Source || !current.channelUrl) return;
    // Reopened after a loss: the chat's backlog starts after the last message seen (an EventSource
    // made anew sends no Last-Event-ID header of its own).
    const url = new URL(room.resolve(current.channelUrl));
    if (conversation.lastSeq()) url.searchParams.set("lastEventId", String(conversation.lastSeq()));
    closeChannel = openRoomChannel(Source, url.href, {
      hello(at) {
        failures = 0;
        // The snapshot's round-trip estimate is the better one; a hello only corrects a clock that jumped.
        if (Math.abs(at - serverNow()) > SECOND) offset = at - local();
      },
      item: (item) => void (received.value = merge(received.peek(), [item])),
      audience: (count) => void (audience.value = count),
      chat: conversation.receive,
      chatDelete: conversation.remove,
      control() {
        controlled = true;
        void load();
      },
      bye() {
        // Banned: the stream ends here; the snapshot now answers the server's 403 page.
        closeChannel?.();
        closeChannel = undefined;
        void load();
      },
      lost,
    });
  }

  /**
   * Brings the view up to the server's time now; schedules the next whole second (or change).
   * `rejudge`: a snapshot fetched after a `control` (the host started or ended the event).
   */
  function evaluate(rejudge = false) {
    const current = snapshot.peek();
    if (!current || disposed) return;
    const at = serverNow();
    const shown = view.peek();
    let next: RoomView;
    if (shown?.phase === "live") {
      next = shown; // the room stays until its end, whatever an arrival now would get
      if (rejudge || (current.timing.control && at >= shown.endsAt)) {
        // The host moved the end (a `control`), or a hand-run event's open end (a minute ahead while
        // the host has not ended it) came: a room still live takes the new end; past it, it ends now.
        // (Not an arrival: the late arrival's replay rule does not apply.)
        const fresh = roomViewAt({ ...current.timing, replayStartMinutes: Infinity }, at, options.entry ?? current.entry);
        if (fresh.phase === "live") next = view.value = fresh;
        else next = view.value = { ...shown, endsAt: Math.min(shown.endsAt, at) };
      }
      if (at >= next.endsAt) finished.value = true;
    } else {
      next = roomViewAt(current.timing, at, options.entry ?? current.entry);
      if (shown && next.phase !== shown.phase) {
        // Moved on by itself: fetch what the new phase brings (items, video) soon, spread over 2 s.
        clearTimeout(retry);
        retry = setTimeout(() => void load(), Math.random() * 2 * SECOND);
      }
      view.value = next;
    }
    const open = next.phase === "waiting" || (next.phase === "live" && !finished.peek()) || next.phase === "replay";
    if (open) openChannel(current);
    else {
      closeChannel?.();
      closeChannel = undefined;
    }
    now.value = at;
    clearTimeout(timer);
    if (finished.peek()) return;
    const change = next.phase === "live" ? next.endsAt : next.nextChangeAt;
    const nextSecond = (Math.floor(at / SECOND) + 1) * SECOND;
    const wake = change != null && change > at ? Math.min(change, nextSecond) : nextSecond;
    timer = setTimeout(() => batch(() => evaluate()), Math.min(MAX_DELAY, wake - at));
  }

  return room;
}
