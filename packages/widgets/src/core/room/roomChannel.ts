import type { RoomItem } from "@cuepoint/sdk";
import type { EventSourceLike } from "./types.js";

/** What the room's event stream tells: the server's clock, a timed item come due, the audience. */
export interface RoomChannelHandlers {
  hello(serverNow: number): void;
  item(item: RoomItem): void;
  audience(count: number | null): void;
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
 * Opens the room's Server-Sent Events channel (`hello`, `item`, `audience`); answers the function
 * that closes it. On an error it closes the stream instead of letting the browser retry it as is:
 * items may have come due while it was down, so the core fetches a fresh snapshot first.
 *
 * @example
 * const close = openRoomChannel(EventSource, snapshot.channelUrl, { hello, item, audience, lost });
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
  source.onerror = () => {
    source.close();
    on.lost();
  };
  return () => source.close();
}
