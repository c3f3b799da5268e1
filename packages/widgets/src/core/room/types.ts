import type { RoomChatMessage, RoomChatSendRequest, RoomEntry, RoomItem, RoomSnapshot } from "@cuepoint/sdk";

/**
 * The public calls the event room makes: the SDK client's `room` group (`client.room`), or
 * `roomResource(createLiteFetcher(apiURL))` for a page without the full client.
 */
export interface RoomApi {
  /** `GET /public/room/{token}`; `entry` "replay" for the replay link (the server reads `?entry=replay`). */
  get(token: string, query?: { entry?: RoomEntry }): PromiseLike<{ success: RoomSnapshot }>;
  clickCta(token: string, id: string): PromiseLike<unknown>;
  /** `POST /public/room/{token}/chat` (issue 13); without it the room shows the chat read-only. */
  chat?: { send(token: string, body: RoomChatSendRequest): PromiseLike<{ success: RoomChatMessage }> };
}

/**
 * Where the room widget stands: `loading` the snapshot, `ready` (see the core's `phase`), `failed`
 * (the first snapshot could not be loaded: `message` says why).
 */
export type RoomStatus = "loading" | "ready" | "failed";

/** A timed item of each kind, with its payload present. */
export type ChatItem = RoomItem & { chat: NonNullable<RoomItem["chat"]> };
export type CtaItem = RoomItem & { cta: NonNullable<RoomItem["cta"]> };

/** The `EventSource` constructor (a test passes a fake). */
export type EventSourceLike = new (url: string) => Pick<EventSource, "addEventListener" | "close" | "onerror">;
