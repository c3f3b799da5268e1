import { and, asc, desc, eq, getTableColumns, gt, isNotNull, isNull } from "drizzle-orm";
import { registrants, roomChatMessages, roomChatMutes, type RoomChatMessageRow } from "../../db/schema/index.js";
import type { Orm } from "../../db/types.js";
import type { StoredChatMessage } from "./types.js";

/** The columns a stored message is read with: the row and its author's email. */
export const messageColumns = { row: roomChatMessages, email: registrants.email };

/** A message row as raw SQL answers it (snake_case columns, driver values) in drizzle's shape. */
export function messageRowOf(raw: Record<string, unknown>): RoomChatMessageRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(roomChatMessages))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as RoomChatMessageRow;
}

/** A row (and its author's email) as a stored message. */
export function toStored(row: RoomChatMessageRow, email: string | null): StoredChatMessage {
  return {
    id: row.id,
    seq: row.seq,
    accountId: row.accountId,
    eventId: row.eventId,
    from: row.from,
    name: row.name,
    body: row.body,
    sentAt: row.createdAt.getTime(),
    replyTo: row.replyTo,
    registrantId: row.registrantId,
    email,
    toAll: row.toAll,
    toRegistrantId: row.toRegistrantId,
    muted: row.muted,
    answeredAt: row.answeredAt?.getTime() ?? null,
    deletedAt: row.deletedAt?.getTime() ?? null,
    emailed: row.emailed,
    sentBy: row.sentBy,
  };
}

/** Messages of an event with their authors' emails (the account is part of every lookup). */
export function selectMessages(orm: Orm, target: { accountId: string; eventId: string }) {
  return orm
    .select(messageColumns)
    .from(roomChatMessages)
    .leftJoin(registrants, eq(registrants.uuid, roomChatMessages.registrantId))
    .where(and(eq(roomChatMessages.eventId, target.eventId), eq(roomChatMessages.accountId, target.accountId)))
    .$dynamic();
}

/** One message of the event, or undefined (another event's or account's message is not found). */
export async function findMessage(orm: Orm, target: { accountId: string; eventId: string }, id: string): Promise<StoredChatMessage | undefined> {
  const [found] = await selectMessages(orm, target).where(
    and(eq(roomChatMessages.eventId, target.eventId), eq(roomChatMessages.accountId, target.accountId), eq(roomChatMessages.id, id)),
  );
  return found ? toStored(found.row, found.email) : undefined;
}

/** The latest `limit` messages of the event, oldest first. */
export async function latestMessages(orm: Orm, target: { accountId: string; eventId: string }, limit: number): Promise<StoredChatMessage[]> {
  const rows = await selectMessages(orm, target).orderBy(desc(roomChatMessages.seq)).limit(limit);
  return rows.reverse().map((found) => toStored(found.row, found.email));
}

/** Every message of the event after `afterSeq`, oldest first (a console resuming). */
export async function messagesAfter(orm: Orm, target: { accountId: string; eventId: string }, afterSeq: number, limit = 1000): Promise<StoredChatMessage[]> {
  const rows = await selectMessages(orm, target)
    .where(
      and(eq(roomChatMessages.eventId, target.eventId), eq(roomChatMessages.accountId, target.accountId), gt(roomChatMessages.seq, afterSeq)),
    )
    .orderBy(asc(roomChatMessages.seq))
    .limit(limit);
  return rows.map((found) => toStored(found.row, found.email));
}

/** The registrants muted in an event's chat. */
export async function mutedRegistrants(orm: Orm, eventId: string): Promise<string[]> {
  const rows = await orm.select({ id: roomChatMutes.registrantId }).from(roomChatMutes).where(eq(roomChatMutes.eventId, eventId));
  return rows.map((row) => row.id);
}

/** Marks a message answered now (when it is not already). */
export async function markAnswered(orm: Pick<Orm, "update">, target: { accountId: string; eventId: string }, id: string, at: Date | null): Promise<boolean> {
  const changed = await orm
    .update(roomChatMessages)
    .set({ answeredAt: at })
    .where(
      and(
        eq(roomChatMessages.id, id),
        eq(roomChatMessages.eventId, target.eventId),
        eq(roomChatMessages.accountId, target.accountId),
        at === null ? isNotNull(roomChatMessages.answeredAt) : isNull(roomChatMessages.answeredAt),
      ),
    )
    .returning({ id: roomChatMessages.id });
  return changed.length > 0;
}
