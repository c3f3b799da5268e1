import type * as v from "valibot";
import { expectTypeOf, test } from "vitest";
import type { RoomEntrySchema, RoomPhaseSchema, RoomTimingSchema, RoomViewSchema } from "../schemas/room.js";
import type { RoomEntry, RoomPhase, RoomTiming, RoomView } from "./types.js";

test("the room's interfaces and its wire schemas describe the same shapes", () => {
  expectTypeOf<v.InferOutput<typeof RoomTimingSchema>>().toEqualTypeOf<RoomTiming>();
  expectTypeOf<v.InferOutput<typeof RoomViewSchema>>().toEqualTypeOf<RoomView>();
  expectTypeOf<v.InferOutput<typeof RoomPhaseSchema>>().toEqualTypeOf<RoomPhase>();
  expectTypeOf<v.InferOutput<typeof RoomEntrySchema>>().toEqualTypeOf<RoomEntry>();
});
