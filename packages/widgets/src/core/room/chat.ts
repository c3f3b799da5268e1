import { isCuepointError, type RoomChatMessage } from "@cuepoint/sdk";
import { batch, computed, signal, type ReadonlySignal, type Signal } from "../signals.js";
import type { ChatItem, RoomApi } from "./types.js";

/** One line of the chat as the room shows it: an auto-chat item, a stored message, or one of ours on its way. */
export interface ChatLine {
  /** Unique in the list: the item's or message's id, or `send-<clientId>` while it is on its way. */
  key: string;
  /** When it was said, the server's epoch ms (an auto-chat item: the start + its second). */
  at: number;
  /** `auto`: the timeline's auto-chat (an attendee as scripted); `attendee`, `host`: real messages. */
  from: "auto" | "attendee" | "host";
  name: string;
  body: string;
  mine: boolean;
  /** A host message to everyone (else to this attendee only), or an attendee message everyone sees. */
  toAll: boolean;
  /** Its addresses may become links (the host's messages only). */
  links: boolean;
  /** Ours, not stored yet: `sending` (also while retrying), `failed` (the Retry button sends it again). */
  state?: "sending" | "failed";
  /** Ours on its way: the id that makes a retry store nothing twice. */
  clientId?: string;
}

export interface RoomChatOptions {
  token: string;
  api: RoomApi;
  /** The server's time now (epoch ms). */
  serverNow(): number;
  /** The timed auto-chat items shown now, and the instant their seconds count from. */
  items: ReadonlySignal<ChatItem[]>;
  startsAt(): number;
  /** Replay: only what was said up to this instant (the playback's); undefined: everything. */
  until(): number | undefined;
  /** How incoming messages are gathered into one update (a backlog of 100 is one render, not 100); a test runs them at once. */
  schedule?: (run: () => void) => void;
  /** A new message's client id (`crypto.randomUUID` by default). */
  clientId?: () => string;
}

export interface RoomChat {
  /** The API can send (`api.chat`): the room shows the message box. */
  readonly writable: boolean;
  /** The latest `SHOWN` lines, oldest first: auto-chat, messages and ours on their way, by time. */
  readonly lines: ReadonlySignal<ChatLine[]>;
  /** The text in the message box. */
  readonly draft: Signal<string>;
  /** Why the last message was refused (the server's 429/400/403 sentence, or ours), "" when none. */
  readonly error: ReadonlySignal<string>;
  /** The latest host message that came in live, as a sentence for a polite live region. */
  readonly announcement: ReadonlySignal<string>;
  /** The highest `seq` the channel delivered (0: none): the channel reopens from it (`lastEventId`). */
  lastSeq(): number;
  /** A message from the channel (backlog or live); one already known by id replaces it. */
  receive(message: RoomChatMessage): void;
  /** The host deleted message `id`. */
  remove(id: string): void;
  /** Sends `body` (the draft by default, which it then empties); false when refused at once (`error` says why). */
  send(body?: string): boolean;
  /** Sends a failed message again, with its client id. */
  retry(clientId: string): void;
  dispose(): void;
}

/**
 * The SDK's `ROOM_CHAT_LIMITS.maxLength` and `ROOM_CHAT_MESSAGES` (the server's sentences), copied:
 * importing them pulls the SDK's chat schemas, and valibot with them, into room.js (2.4 KB gzip of
 * its 20 KB budget). chat.test.ts checks the copies against the SDK's.
 */
export const CHAT_MAX_LENGTH = 500;
export const CHAT_SENTENCES = {
  empty: "Write a message first.",
  tooLong: `A message is at most ${CHAT_MAX_LENGTH} characters.`,
  closed: "The chat is closed.",
};

/** Lines rendered at most: a public chat of thousands keeps a short list in the page. */
export const SHOWN = 200;
/** Stored messages kept at most (the oldest go first). */
const KEPT = 500;
/** Attempts of one message before it shows "Not sent" (a network blip, a 5xx), 1 s then 2 s apart. */
const ATTEMPTS = 3;
/** A host message counts as live (announced) when sent this close to now; a backlog's are not. */
const FRESH = 15_000;

interface Pending {
  clientId: string;
  body: string;
  at: number;
  state: "sending" | "failed";
}

type Change = { message: RoomChatMessage; channel: boolean } | { deleted: string };

const randomId = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;

const byTime = (a: { at: number; seq?: number }, b: { at: number; seq?: number }) => a.at - b.at || (a.seq ?? 0) - (b.seq ?? 0);

const lineOf = (message: RoomChatMessage): ChatLine & { seq: number } => ({
  key: message.id,
  seq: message.seq,
  at: message.sentAt,
  from: message.from,
  name: message.mine ? "You" : message.name,
  body: message.body,
  mine: message.mine,
  toAll: message.toAll,
  links: message.links && message.from === "host",
});

/**
 * The attendee's chat, framework-free: the messages the channel delivers (de-duplicated by id, in
 * `seq` order, the latest 500 kept), the host's deletions, and the attendee's own messages shown
 * at once as `sending` until the server's stored copy replaces them. Each message carries a
 * `clientId`, so a retry after a network blip (automatic, twice; then the Retry button) stores
 * nothing twice. A refusal (429 too fast, 400 too long, 403 closed) puts the text back in the box
 * with the server's sentence. `lines` interleaves the timed auto-chat by time.
 *
 * @example
 * const chat = createRoomChat({ token, api, serverNow, items, startsAt, until: () => undefined });
 * chat.draft.value = "How long is the replay?";
 * chat.send();
 */
export function createRoomChat(options: RoomChatOptions): RoomChat {
  const schedule = options.schedule ?? ((run) => setTimeout(run, 30));
  const newId = options.clientId ?? randomId;
  const messages = signal<RoomChatMessage[]>([]);
  const pending = signal<Pending[]>([]);
  const draft = signal("");
  const error = signal("");
  const announcement = signal("");
  let lastSeq = 0;
  let queue: Change[] = [];
  let disposed = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const lines = computed(() => {
    const startsAt = options.startsAt();
    const until = options.until() ?? Infinity;
    const all: ChatLine[] = [
      ...options.items.value.map((item) => ({
        key: item.id,
        at: startsAt + item.offsetSeconds * 1000,
        from: "auto" as const,
        name: item.chat.name,
        body: item.chat.message,
        mine: false,
        toAll: true,
        links: false,
      })),
      ...messages.value.filter((message) => message.sentAt <= until).map(lineOf),
      ...pending.value.map((p) => ({ key: `send-${p.clientId}`, at: p.at, from: "attendee" as const, name: "You", body: p.body, mine: true, toAll: false, links: false, state: p.state, clientId: p.clientId })),
    ].sort(byTime);
    return all.length > SHOWN ? all.slice(-SHOWN) : all;
  });

  const flush = () => {
    const changes = queue;
    queue = [];
    if (disposed || !changes.length) return;
    batch(() => {
      let list = messages.peek();
      let waiting = pending.peek();
      const index = new Map(list.map((message, i) => [message.id, i]));
      let added = false;
      let unordered = false;
      for (const change of changes) {
        if ("deleted" in change) {
          list = list.filter((message) => message.id !== change.deleted);
          index.clear();
          list.forEach((message, i) => index.set(message.id, i));
          continue;
        }
        const { message } = change;
        if (change.channel) lastSeq = Math.max(lastSeq, message.seq);
        const at = index.get(message.id);
        if (at !== undefined) {
          list = list.slice();
          list[at] = message;
          continue;
        }
        // Older than everything kept, with the list full: it was dropped already (or would be at once).
        if (list.length >= KEPT && message.seq < (list[0] as RoomChatMessage).seq) continue;
        if (!added) list = list.slice();
        added = true;
        unordered ||= list.length > 0 && message.seq < (list[list.length - 1] as RoomChatMessage).seq;
        index.set(message.id, list.length);
        list.push(message);
        if (message.mine) {
          // Our own, delivered by the channel before the POST answered: it replaces the one on its way.
          const twin = waiting.findIndex((p) => p.body === message.body);
          if (twin >= 0) waiting = waiting.filter((_, i) => i !== twin);
        }
        if (message.from === "host" && message.sentAt >= options.serverNow() - FRESH) {
          announcement.value = `${message.name} ${message.toAll ? "to everyone" : "to you"}: ${message.body}`;
        }
      }
      if (added) {
        if (unordered) list.sort((a, b) => a.seq - b.seq);
        if (list.length > KEPT) list = list.slice(-KEPT);
      }
      messages.value = list;
      pending.value = waiting;
    });
  };

  const enqueue = (change: Change) => {
    if (disposed) return;
    queue.push(change);
    if (queue.length === 1) schedule(flush);
  };

  const later = (run: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  const update = (clientId: string, change: Partial<Pending> | null) => {
    pending.value = change
      ? pending.peek().map((p) => (p.clientId === clientId ? { ...p, ...change } : p))
      : pending.peek().filter((p) => p.clientId !== clientId);
  };

  function post(item: Pending, attempt: number) {
    const send = options.api.chat?.send;
    if (!send) return;
    Promise.resolve(send(options.token, { clientId: item.clientId, body: item.body })).then(
      ({ success }) => {
        if (disposed) return;
        batch(() => {
          update(item.clientId, null);
          queue.push({ message: success, channel: false });
          flush();
        });
      },
      (failure: unknown) => {
        if (disposed) return;
        const status = isCuepointError(failure) ? failure.status : undefined;
        if (status && status < 500) {
          // Refused (too fast, too long, closed): the sentence under the box, the text back in it.
          batch(() => {
            update(item.clientId, null);
            error.value = isCuepointError(failure) ? failure.message : CHAT_SENTENCES.closed;
            if (!draft.peek()) draft.value = item.body;
          });
        } else if (attempt + 1 < ATTEMPTS) {
          later(() => post(item, attempt + 1), 1000 * 2 ** attempt);
        } else {
          batch(() => {
            update(item.clientId, { state: "failed" });
            error.value = "Your message was not sent. Check your connection, then retry it.";
          });
        }
      },
    );
  }

  return {
    writable: !!options.api.chat,
    lines,
    draft,
    error,
    announcement,
    lastSeq: () => lastSeq,
    receive: (message) => enqueue({ message, channel: true }),
    remove: (id) => enqueue({ deleted: id }),
    send(text) {
      const body = (text ?? draft.peek()).trim();
      const refused = !options.api.chat
        ? CHAT_SENTENCES.closed
        : !body
          ? CHAT_SENTENCES.empty
          : body.length > CHAT_MAX_LENGTH
            ? CHAT_SENTENCES.tooLong
            : "";
      if (refused) {
        error.value = refused;
        return false;
      }
      const item: Pending = { clientId: newId(), body, at: options.serverNow(), state: "sending" };
      batch(() => {
        pending.value = [...pending.peek(), item];
        error.value = "";
        if (text === undefined) draft.value = "";
      });
      post(item, 0);
      return true;
    },
    retry(clientId) {
      const item = pending.peek().find((p) => p.clientId === clientId);
      if (!item || item.state !== "failed") return;
      batch(() => {
        update(clientId, { state: "sending" });
        error.value = "";
      });
      post(item, 0);
    },
    dispose() {
      disposed = true;
      queue = [];
      for (const timer of timers) clearTimeout(timer);
    },
  };
}
