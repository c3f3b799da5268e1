import { roomResource } from "@cuepoint/sdk";
import { createLiteFetcher } from "../liteFetcher.js";
import type { RoomApi } from "./types.js";

/**
 * The room's public calls at `apiURL` on the widgets' lite fetcher (no ofetch in room.js): the
 * SDK's `room` group (`get` sends the link's entry as `?entry=replay`).
 *
 * @example
 * const api = roomApi("https://app.example.com/api");
 * const { success: snapshot } = await api.get(token, { entry: "replay" });
 */
/* @__NO_SIDE_EFFECTS__ */
export function roomApi(apiURL: string | undefined): RoomApi {
  if (!apiURL) throw new Error("EventRoom needs an apiURL or a client.");
  return roomResource(createLiteFetcher(apiURL));
}
