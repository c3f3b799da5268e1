import * as R from "../../../schemas/requests/index.js";
import type { CallRow } from "./types.js";

/** The event room's public calls (no bearer token: the personal token in the path is the key). */
export const roomCalls: Record<string, CallRow> = {
  "room.get": {
    call: (c) => c.room.get("tok/1"),
    method: "GET", path: "/public/room/tok%2F1", encoding: "none",
  },
  "room.clickCta": {
    schema: R.RoomCtaClickRequestSchema,
    call: (c) => c.room.clickCta("tok1", "node-7"),
    method: "POST", path: "/public/room/tok1/cta", encoding: "json",
    body: { id: "node-7" },
  },
};
