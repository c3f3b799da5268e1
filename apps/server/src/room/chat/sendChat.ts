import { and, count, eq, gt, isNull } from "drizzle-orm";
import { chatModeOf, ROOM_CHAT_LIMITS, ROOM_CHAT_MESSAGES, roomViewAt } from "@cuepoint/sdk";
import { registrants, roomChatMessages, type RoomChatMessageRow } from "../../db/schema/index.js";
import type { Orm } from "../../db/types.js";
import { forbidden, HttpError } from "../../http/errors.js";
import { isUuid } from "../../http/ids.js";
import type { RoomState } from "../roomState.js";
import { isMuted, lockAuthor, toStored } from "./store.js";
import type { StoredChatMessage } from "./types.js";

/**
 * Whether attendees may write in the room's chat now: Cuepoint's own room (not vsl), the chat on
 * (`hls.livechat.enabled`), from the waiting room to the end of the live part. Someone already in
 * the live room stays in it past the arrival rule, so the live part counts, not the arrival's page.
 */
export function chatOpen(room: Pick<RoomState, "platform" | "timeline" | "timing">, now: number): boolean {
  if (room.platform === "vsl" || !room.timeline.general.hls.livechat.enabled) return false;
  const view = roomViewAt(room.timing, now);
  return view.phase === "waiting" || view.phase === "live" || (view.phase === "replay" && now >= view.startsAt && now < view.endsAt);
}

/** A message sent, and whether it is new (false: the same client id was already stored). */
export interface SentChat {
  message: StoredChatMessage;
  created: boolean;
}

async function byClient(tx: Pick<Orm, "select">, eventId: string, registrantId: string, clientId: string): Promise<RoomChatMessageRow | undefined> {
  const [row] = await tx
    .select()
    .from(roomChatMessages)
    .where(and(eq(roomChatMessages.eventId, eventId), eq(roomChatMessages.registrantId, registrantId), eq(roomChatMessages.clientId, clientId)));
  return row;
}

/**
 * Stores an attendee's message: the same `clientId` again answers the stored one (a retry after a
 * reconnect is never stored twice, and never counts against the limit); otherwise the chat must be
 * open (403), the attendee under `ROOM_CHAT_LIMITS` (`burst` messages per `windowSeconds`, counted
 * in the database under a lock per attendee, so it holds across instances: 429), and a muted
 * attendee's message is stored `muted` (silently: they see it, nobody else does).
 *
 * @example
 * const { message, created } = await sendAttendeeChat(orm, room, { clientId, body }, new Date());
 */
export async function sendAttendeeChat(orm: Orm, room: RoomState, input: { clientId: string; body: string }, now: Date): Promise<SentChat> {
  const eventId = room.event.id;
  const registrantId = room.registrant.uuid;
  const email = room.registrant.email;
  const stored = await byClient(orm, eventId, registrantId, input.clientId);
  if (stored) return { message: toStored(stored, email), created: false };
  if (!chatOpen(room, now.getTime())) throw forbidden(ROOM_CHAT_MESSAGES.closed);
  return orm.transaction(async (tx) => {
    await lockAuthor(tx, eventId, registrantId);
    const again = await byClient(tx, eventId, registrantId, input.clientId);
    if (again) return { message: toStored(again, email), created: false };
    const since = new Date(now.getTime() - ROOM_CHAT_LIMITS.windowSeconds * 1000);
    const [recent] = await tx
      .select({ n: count() })
      .from(roomChatMessages)
      .where(
        and(
          eq(roomChatMessages.eventId, eventId),
          eq(roomChatMessages.registrantId, registrantId),
          gt(roomChatMessages.createdAt, since),
          isNull(roomChatMessages.sentByUserId),
        ),
      );
    if ((recent?.n ?? 0) >= ROOM_CHAT_LIMITS.burst) throw new HttpError(429, ROOM_CHAT_MESSAGES.tooFast, "body");
    const muted = await isMuted(tx, eventId, registrantId);
    const [row] = await tx
      .insert(roomChatMessages)
      .values({
        accountId: room.accountId,
        eventId,
        registrantId,
        from: "attendee",
        name: room.registrant.name,
        body: input.body,
        toAll: chatModeOf(room.timeline.general.hls.livechat.type) === "public",
        clientId: input.clientId,
        muted,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error("The chat message was not stored.");
    return { message: toStored(row, email), created: true };
  });
}

/** A registrant of the event (of the account), or undefined. */
export async function eventRegistrant(orm: Orm, target: { accountId: string; eventId: string }, registrantId: string) {
  if (!isUuid(registrantId)) return undefined;
  const [row] = await orm
    .select()
    .from(registrants)
    .where(and(eq(registrants.uuid, registrantId), eq(registrants.accountId, target.accountId), eq(registrants.eventId, target.eventId)));
  return row;
}
