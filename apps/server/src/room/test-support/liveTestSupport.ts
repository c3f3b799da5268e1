import type { BusChatMessage } from "../bus/roomBus.js";
import { chatAudience, chatVisibleTo, toConsoleMessage, toRoomChatMessage } from "../chat/visibility.js";
import type { RoomChatViews } from "../liveChat.js";

/**
 * Test support for the live channels: a chat held in memory, seen through the chat's own visibility rule and views (chat/visibility.ts)
 * (the hub's tests do not depend on the chat's storage), and an SSE reader that keeps ids.
 */
export interface MemoryChat extends RoomChatViews {
  messages: BusChatMessage[];
  /** A stored message with the next seq. */
  add(fields: Partial<BusChatMessage> & Pick<BusChatMessage, "accountId" | "eventId" | "from">): BusChatMessage;
}

let seq = 0;

export function memoryChat(): MemoryChat {
  const messages: BusChatMessage[] = [];
  const visibleTo = chatVisibleTo;
  return {
    messages,
    add(fields) {
      const message: BusChatMessage = {
        id: crypto.randomUUID(),
        seq: ++seq,
        name: fields.from === "host" ? "Host" : "Guest",
        body: `message ${seq}`,
        sentAt: Date.now(),
        replyTo: null,
        registrantId: null,
        email: null,
        toAll: false,
        toRegistrantId: null,
        muted: false,
        answeredAt: null,
        deletedAt: null,
        emailed: false,
        sentBy: null,
        ...fields,
      };
      messages.push(message);
      return message;
    },
    visibleTo,
    audience: chatAudience,
    forAttendee: toRoomChatMessage,
    forConsole: toConsoleMessage,
    backlog: async (viewer, after) => {
      const mine = messages.filter((m) => m.eventId === viewer.eventId && visibleTo(m, viewer.registrantId, viewer.mode));
      return after === null ? mine.slice(-100) : mine.filter((m) => m.seq > after);
    },
    consoleBacklog: async (target, after) => messages.filter((m) => m.eventId === target.eventId && m.seq > after),
  };
}

export interface SseMessage {
  event: string;
  id: string | undefined;
  data: unknown;
}

export interface LiveStream {
  events: SseMessage[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  waitFor(name: string, test?: (data: never) => boolean, timeoutMs?: number): Promise<SseMessage>;
  named(name: string): SseMessage[];
  close(): void;
}

/** Opens an event stream with fetch (headers such as Last-Event-ID or Authorization allowed). */
export async function openStream(url: string, headers: Record<string, string> = {}): Promise<LiveStream> {
  const abort = new AbortController();
  const response = await fetch(url, { signal: abort.signal, headers: { accept: "text/event-stream", ...headers } });
  if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}: ${await response.text()}`);
  const events: SseMessage[] = [];
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const lines = buffer.slice(0, cut).split("\n");
          buffer = buffer.slice(cut + 2);
          const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
          const event = field("event");
          if (event) events.push({ event, id: field("id"), data: JSON.parse(field("data") ?? "null") });
        }
      }
    } catch {
      // aborted by the test
    }
  })();
  const named = (name: string) => events.filter((e) => e.event === name);
  return {
    events,
    ended,
    named,
    async waitFor(name, test = () => true, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = named(name).find((e) => test(e.data as never));
        if (found) return found;
        if (Date.now() > until) throw new Error(`no ${name} within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () => abort.abort(),
  };
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
