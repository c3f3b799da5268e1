import { expectTypeOf, test } from "vitest";
import type { RoomSnapshot } from "../schemas/room.js";
import { createClient } from "./createClient.js";
import type { RoomGetQuery } from "./room.js";
import type { Success } from "./types.js";

test("client.room answers the room's wire types", () => {
  const client = createClient({ apiURL: "https://app.example.com/api" });
  expectTypeOf(client.room.get).parameters.toEqualTypeOf<[token: string, query?: RoomGetQuery]>();
  expectTypeOf(client.room.get("t", { entry: "replay" })).resolves.toEqualTypeOf<Success<RoomSnapshot>>();
  expectTypeOf(client.room.get("t")).resolves.toEqualTypeOf<Success<RoomSnapshot>>();
  expectTypeOf(client.room.clickCta("t", "node-7")).resolves.toEqualTypeOf<void>();
});
