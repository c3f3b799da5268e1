import type { RoomChatMessage, RoomItem } from "@cuepoint/sdk";
import type { EventSourceLike } from "./types.js";

/**
 * What the room's event stream tells: the server's clock, a timed or pushed item, the audience;
 * the chat (a message, a deletion), a manual start or end (`control`), a ban (`bye`).
 */
export interface RoomChannelHandlers {
  hello(serverNow: number): void;
  item(item: RoomItem): void;
  audience(count: number | null): void;
  chat(message: RoomChatMessage): void;
  chatDelete(id: string): void;
  /** The host started or ended the event: the core re-fetches the snapshot. */
  control(): void;
  /** The registrant was banned; the server closes the stream next. */
  bye(): void;
  /** The stream failed (the browser's own retry is stopped): the core re-fetches, then reopens. */
  lost(): void;
}

const parse = (data: unknown): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(String(data));
    return value && typeof value === "object" ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined; // a garbled event is skipped, the stream goes on
  }
};

/**
 * Opens the room's Server-Sent Events channel (`hello`, `item`, `audience`, `chat`, `chat-delete`,
 * `control`, `bye`); answers the function that closes it. On an error it closes the stream instead
 * of letting the browser retry it as is: items may have come due while it was down, so the core
 * fetches a fresh snapshot first, then reopens it with `?lastEventId=` (the chat resumes there).
 *
 * @example
 * const close = openRoomChannel(EventSource, snapshot.channelUrl, { hello, item, audience, chat, chatDelete, control, bye, lost });
 */
export function openRoomChannel(Source: EventSourceLike, url: string, on: RoomChannelHandlers): () => void {
  const source = new Source(url);
  const listen = (type: string, handle: (data: Record<string, unknown>) => void) =>
    source.addEventListener(type, (event) => {
      const data = parse((event as MessageEvent).data);
      if (data) handle(data);
    });
  listen("hello", (data) => typeof data.serverNow === "number" && on.hello(data.serverNow));
  listen("item", (data) => typeof data.id === "string" && typeof data.action === "string" && on.item(data as unknown as RoomItem));
  listen("audience", (data) => on.audience(typeof data.count === "number" ? data.count : null));
  listen("chat", (data) => typeof data.id === "string" && typeof data.seq === "number" && typeof data.body === "string" && on.chat(data as unknown as RoomChatMessage));
  listen("chat-delete", (data) => typeof data.id === "string" && on.chatDelete(data.id));
  listen("control", () => on.control());
  listen("bye", () => on.bye());
  source.onerror = () => {
    source.close();
    on.lost();
  };
  return () => source.close();
}
