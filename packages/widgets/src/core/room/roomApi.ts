import { roomResource, type RoomEntry } from "@cuepoint/sdk";
import { createLiteFetcher } from "../liteFetcher.js";
import type { RoomApi } from "./types.js";

/**
 * The room's public calls at `apiURL` on the widgets' lite fetcher (no ofetch in room.js): the
 * SDK's `room` group, with the link's entry sent as the server reads it (`?entry=replay`; the
 * SDK's `get` takes the token only).
 *
 * @example
 * const api = roomApi("https://app.example.com/api");
 * const { success: snapshot } = await api.get(token, { entry: "replay" });
 */
/* @__NO_SIDE_EFFECTS__ */
export function roomApi(apiURL: string | undefined): RoomApi {
  if (!apiURL) throw new Error("EventRoom needs an apiURL or a client.");
  const call = createLiteFetcher(apiURL);
  const room = roomResource(call);
  return {
    get: (token: string, query?: { entry?: RoomEntry }) =>
      query?.entry === "replay"
        ? (call("GET", `/public/room/${encodeURIComponent(token)}?entry=replay`) as unknown as ReturnType<RoomApi["get"]>)
        : room.get(token),
    clickCta: room.clickCta,
  };
}
