import * as v from "valibot";
import { RoomChatMessageSchema, RoomChatSendRequestSchema } from "@cuepoint/sdk";
import { defineRoute } from "../../http/route.js";
import { PUBLIC_PREFIX } from "../../http/publicCors.js";
import { sendAttendeeChat } from "./sendChat.js";
import { toRoomChatMessage } from "./visibility.js";

const send = defineRoute({
  method: "POST",
  path: `${PUBLIC_PREFIX}/room/:token/chat`,
  operationId: "room.chat.send",
  tag: "Event room",
  summary: "Send a chat message from the room",
  description:
    "Public: the registrant's personal token is the only key (404 unknown, 410 event gone, 403 banned). `body` is " +
    "1..500 characters after trimming (400, field body); at most 3 messages per 5 s per attendee, counted in the " +
    "database so it holds across instances (429, field body); 403 \"The chat is closed.\" when `hls.livechat` is off, " +
    "on a vsl event, or outside the waiting room and the live part. The same `clientId` again answers the stored " +
    "message with 200 (a retry is never stored twice); a new one 201. A muted attendee's message is stored and " +
    "answered as usual, but only they and the host see it. The message reaches the channels (`chat` events).",
  access: "public",
  body: RoomChatSendRequestSchema,
  answer: { description: "The stored message (201; 200 for a repeated clientId).", schema: v.object({ success: RoomChatMessageSchema }) },
  async handle({ params, body, deps, c }) {
    // The hub shares an event's room among its links while it has channels here: one query, not four.
    const room = await deps.room.load(params.token ?? "");
    const { message, created } = await sendAttendeeChat(deps.db, room, body, deps.config.now());
    if (created) await deps.roomBus.publish({ type: "chat", eventId: message.eventId, message });
    return c.json({ success: toRoomChatMessage(message, room.registrant.uuid) }, created ? 201 : 200);
  },
});

/** The room's chat for attendees (below /api/public/room/{token}); the history comes on the channel. */
export const roomChatRoutes = [send];
