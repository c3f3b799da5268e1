import { and, eq, sql } from "drizzle-orm";
import { chatModeOf, ROOM_CHAT_LIMITS, ROOM_CHAT_MESSAGES, roomViewAt } from "@cuepoint/sdk";
import { registrants, roomChatMessages, type RoomChatMessageRow } from "../../db/schema/index.js";
import { executePrepared } from "../../db/preparedStatement.js";
import type { Database, Orm } from "../../db/types.js";
import { forbidden, HttpError } from "../../http/errors.js";
import { isUuid } from "../../http/ids.js";
import type { RoomState } from "../roomState.js";
import { messageRowOf, toStored } from "./store.js";
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

async function byClient(orm: Orm, eventId: string, registrantId: string, clientId: string): Promise<RoomChatMessageRow | undefined> {
  const [row] = await orm
    .select()
    .from(roomChatMessages)
    .where(and(eq(roomChatMessages.eventId, eventId), eq(roomChatMessages.registrantId, registrantId), eq(roomChatMessages.clientId, clientId)));
  return row;
}

/**
 * Stores an attendee's message in one statement: the same `clientId` again answers the stored one
 * (a retry after a reconnect is never stored twice, and never counts against the limit);
 * otherwise the chat must be open (403), the attendee under `ROOM_CHAT_LIMITS` (`burst` messages
 * per `windowSeconds`: their `room_chat_rates` row, updated only while under the limit — the
 * upsert locks it, so the limit holds across instances: 429), and a muted attendee's message is
 * stored `muted` (silently: they see it, nobody else does). A registration-rush-sized chat (100
 * messages a second) is one prepared statement each on the embedded database.
 *
 * @example
 * const { message, created } = await sendAttendeeChat(db, room, { clientId, body }, new Date());
 */
export async function sendAttendeeChat(db: Database, room: RoomState, input: { clientId: string; body: string }, now: Date): Promise<SentChat> {
  const eventId = room.event.id;
  const registrantId = room.registrant.uuid;
  const email = room.registrant.email;
  if (!chatOpen(room, now.getTime())) {
    // A retry of a message stored before the chat closed still answers it.
    const stored = await byClient(db.orm, eventId, registrantId, input.clientId);
    if (stored) return { message: toStored(stored, email), created: false };
    throw forbidden(ROOM_CHAT_MESSAGES.closed);
  }
  const at = now.toISOString();
  const since = new Date(now.getTime() - ROOM_CHAT_LIMITS.windowSeconds * 1000).toISOString();
  const toAll = chatModeOf(room.timeline.general.hls.livechat.type) === "public";
  const result = await executePrepared(db, sql`
    with existing as (
      select * from room_chat_messages
      where event_id = ${eventId}::uuid and registrant_id = ${registrantId}::uuid and client_id = ${input.clientId}::text
    ),
    slot as (
      insert into room_chat_rates as r (account_id, event_id, registrant_id, sent_at)
      select ${room.accountId}::uuid, ${eventId}::uuid, ${registrantId}::uuid, array[${at}::timestamptz]
      where not exists (select 1 from existing)
      on conflict (event_id, registrant_id) do update
        set sent_at = array(select t from unnest(r.sent_at) as t where t > ${since}::timestamptz) || ${at}::timestamptz
        where (select count(*) from unnest(r.sent_at) as t where t > ${since}::timestamptz) < ${ROOM_CHAT_LIMITS.burst}::integer
      returning 1
    ),
    inserted as (
      insert into room_chat_messages (account_id, event_id, registrant_id, "from", name, body, to_all, client_id, muted, created_at)
      select ${room.accountId}::uuid, ${eventId}::uuid, ${registrantId}::uuid, 'attendee', ${room.registrant.name}::text,
        ${input.body}::text, ${toAll}::boolean, ${input.clientId}::text,
        exists (select 1 from room_chat_mutes m where m.event_id = ${eventId}::uuid and m.registrant_id = ${registrantId}::uuid),
        ${at}::timestamptz
      from slot
      on conflict do nothing
      returning *
    )
    select true as created, * from inserted
    union all
    select false as created, * from existing`);
  // Both drivers answer raw SQL with `rows` (node-postgres QueryResult, PGlite Results).
  const [answer] = (result as { rows: Array<Record<string, unknown>> }).rows;
  if (answer) return { message: toStored(messageRowOf(answer), email), created: answer.created === true };
  // Nothing stored and nothing found: over the limit — or the same client id stored at this very
  // instant by another request (the unique index kept it once), which answers the stored one.
  const raced = await byClient(db.orm, eventId, registrantId, input.clientId);
  if (raced) return { message: toStored(raced, email), created: false };
  throw new HttpError(429, ROOM_CHAT_MESSAGES.tooFast, "body");
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
