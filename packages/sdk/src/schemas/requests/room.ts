import * as v from "valibot";
import { ROOM_ITEM_ID_MAX_LENGTH } from "../room.js";

/**
 * `POST /api/public/room/{token}/cta`: a registrant clicked the call to action `id` (a room
 * item's id). Surrounding spaces are forgiven.
 *
 * @example
 * v.parse(RoomCtaClickRequestSchema, { id: " node-7 " }); // { id: "node-7" }
 */
export const RoomCtaClickRequestSchema = /* @__PURE__ */ v.object({
  id: /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.string("Give the call to action's id."),
    /* @__PURE__ */ v.trim(),
    /* @__PURE__ */ v.nonEmpty("Give the call to action's id."),
    /* @__PURE__ */ v.maxLength(
      ROOM_ITEM_ID_MAX_LENGTH,
      `The call to action's id can be at most ${ROOM_ITEM_ID_MAX_LENGTH} characters long.`,
    ),
  ),
});

export type RoomCtaClickRequest = v.InferInput<typeof RoomCtaClickRequestSchema>;
