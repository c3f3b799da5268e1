import type { RoomEntry } from "../room/types.js";
import type { RoomSnapshot } from "../schemas/room.js";
import type { CuepointPromise, Fetcher } from "./createFetcher.js";
import { fetcherOf, type CallOf } from "./route.js";
import { roomChat, type RoomChatResource } from "./roomConsole.js";
import type { Success } from "./types.js";

export interface RoomResource {
  /**
   * `GET /public/room/{token}`: the registrant's room at the server's instant (`RoomSnapshot`:
   * phase, timing, video, due items, audience…). Public: the personal token is the only key; no
   * bearer token is sent. An unknown token rejects with a 404 `ApiError`, a gone event with 410, a
   * banned registrant with 403. `entry` says which personal link was opened: `"replay"` for
   * `/replay/{token}` (sent as `?entry=replay`; the server's default is `"join"`).
   *
   * @example
   * const { success: room } = await client.room.get(token)
   * if (room.view.phase === "waiting") showCountdown(room.view.nextChangeAt)
   * await client.room.get(token, { entry: "replay" }) // the replay link's view
   */
  get(token: string, query?: RoomGetQuery): CuepointPromise<Success<RoomSnapshot>>;
  /**
   * `POST /public/room/{token}/cta` `{ id }`: records that the registrant clicked the call to
   * action `id` (a room item's id). Public; resolves with no data (204).
   *
   * @example
   * await client.room.clickCta(token, item.id)
   */
  clickCta(token: string, id: string): CuepointPromise<void>;
  /** The room's chat (issue 13): `chat.send(token, { clientId, body })`. */
  chat: RoomChatResource;
}

/** The query of `room.get`. */
export interface RoomGetQuery {
  /** The personal link opened: `/join/{token}` (the default) or `/replay/{token}`. */
  entry?: RoomEntry;
}

const path = (token: string) => `/public/room/${encodeURIComponent(token)}`;

/**
 * `GET /public/room/{token}`: the registrant's room at the server's instant, without the bearer
 * token (the personal token is the only key); `entry: "replay"` for the `/replay/{token}` link.
 *
 * @example
 * const { success: room } = await roomGet(client, token)
 */
export const roomGet: CallOf<RoomResource["get"]> = (client, token, query) =>
  fetcherOf(client)("GET", path(token), query?.entry ? { entry: query.entry } : undefined, { auth: false });

/** `POST /public/room/{token}/cta` `{ id }`: the registrant clicked a call to action (204). @example await roomClickCta(client, token, item.id) */
export const roomClickCta: CallOf<RoomResource["clickCta"]> = (client, token, id) =>
  fetcherOf(client)("POST", `${path(token)}/cta`, { id }, { auth: false });

/**
 * The event room's public endpoints, for the room widget and hosted room pages. They never carry
 * the client's bearer token (`auth: false`): a personal link is the only key to a room.
 */
export const room = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): RoomResource => ({
  get: (token, query) => roomGet(call, token, query),
  clickCta: (token, id) => roomClickCta(call, token, id),
  chat: roomChat(call),
});
