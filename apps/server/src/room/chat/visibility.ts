import { and, asc, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { ConsoleMessage, RoomChatMessage, RoomChatMode } from "@cuepoint/sdk";
import { roomChatMessages } from "../../db/schema/index.js";
import type { Orm } from "../../db/types.js";
import { messagesAfter, selectMessages, toStored } from "./store.js";
import type { ChatAudience } from "../liveChat.js";
import type { StoredChatMessage } from "./types.js";

/** How many messages a channel opened without `Last-Event-ID` gets first. */
export const BACKLOG_LIMIT = 100;
/** At most this many messages are sent to a channel resuming after `Last-Event-ID`. */
export const RESUME_LIMIT = 1000;

/**
 * Who sees a message — the one rule for the live channel and the backlog: its author (muted or
 * not); other attendees only in a public chat and only when not muted; the host's to everyone or
 * to the one attendee it is for; nobody once deleted.
 *
 * @example
 * chatAudience(question, "private"); // [askerId]
 * chatAudience(hostReplyToAll, "private"); // "everyone"
 */
export function chatAudience(message: StoredChatMessage, mode: RoomChatMode): ChatAudience {
  if (message.deletedAt !== null) return [];
  if (message.from === "host") return message.toAll ? "everyone" : message.toRegistrantId ? [message.toRegistrantId] : [];
  if (mode === "public" && !message.muted) return "everyone";
  return message.registrantId ? [message.registrantId] : [];
}

/**
 * Whether an attendee sees a message (`chatAudience`).
 *
 * @example
 * chatVisibleTo(question, askerId, "private"); // true
 * chatVisibleTo(question, someoneElse, "private"); // false
 */
export function chatVisibleTo(message: StoredChatMessage, registrantId: string, mode: RoomChatMode): boolean {
  const audience = chatAudience(message, mode);
  return audience === "everyone" || audience.includes(registrantId);
}

/** The message as one attendee sees it: no author id or email, `links` only for the host's. */
export function toRoomChatMessage(message: StoredChatMessage, registrantId: string): RoomChatMessage {
  return {
    id: message.id,
    seq: message.seq,
    from: message.from,
    name: message.name,
    body: message.body,
    sentAt: message.sentAt,
    mine: message.from === "attendee" && message.registrantId === registrantId,
    toAll: message.toAll,
    links: message.from === "host",
    replyTo: message.replyTo,
  };
}

/** The message as the host's console sees it (the stored one without its account and event). */
export function toConsoleMessage(message: StoredChatMessage): ConsoleMessage {
  const { accountId: _account, eventId: _event, ...wire } = message;
  return wire;
}

/** Who reads a backlog: one attendee of one event of one account, in the chat's mode. */
export interface ChatBacklogInput {
  accountId: string;
  eventId: string;
  /** The attendee; null for the host (every message). */
  registrantId: string | null;
  mode: RoomChatMode;
  /** Messages after this seq (the channel's Last-Event-ID); null: the latest `limit`. */
  afterSeq: number | null;
  limit?: number;
}

/**
 * The messages an attendee sees with `seq` > `afterSeq` (or the latest `limit` when null), oldest
 * first (at most 1,000 when resuming) — `chatVisibleTo` as a query, so a resuming channel reads only what it will send.
 *
 * @example
 * const backlog = await chatBacklog(orm, { accountId, eventId, registrantId, mode: "private", afterSeq: lastEventId });
 */
export async function chatBacklog(orm: Orm, input: ChatBacklogInput): Promise<StoredChatMessage[]> {
  const limit = input.limit ?? (input.afterSeq === null ? BACKLOG_LIMIT : RESUME_LIMIT);
  const m = roomChatMessages;
  const { registrantId } = input;
  const visible =
    registrantId === null
      ? undefined
      : or(
          eq(m.registrantId, registrantId),
          and(eq(m.from, "host"), or(eq(m.toAll, true), eq(m.toRegistrantId, registrantId))),
          input.mode === "public" ? and(eq(m.from, "attendee"), eq(m.muted, false)) : sql`false`,
        );
  const where = and(
    eq(m.eventId, input.eventId),
    eq(m.accountId, input.accountId),
    isNull(m.deletedAt),
    visible,
    input.afterSeq === null ? undefined : gt(m.seq, input.afterSeq),
  );
  const query = selectMessages(orm, input).where(where);
  const rows =
    input.afterSeq === null
      ? (await query.orderBy(desc(m.seq)).limit(limit)).reverse()
      : await query.orderBy(asc(m.seq)).limit(limit);
  return rows.map((found) => toStored(found.row, found.email));
}

/**
 * The chat as the room hub needs it (room/liveChat.ts `RoomChatViews`): the visibility rule, the
 * two views and the backlogs.
 *
 * @example
 * const hub = createRoomHub({ orm, now, bus, chat: roomChatViews(orm) });
 */
export function roomChatViews(orm: Orm) {
  return {
    visibleTo: chatVisibleTo,
    audience: chatAudience,
    forAttendee: toRoomChatMessage,
    forConsole: toConsoleMessage,
    backlog: (viewer: { accountId: string; eventId: string; registrantId: string; mode: RoomChatMode }, after: number | null) =>
      chatBacklog(orm, { ...viewer, afterSeq: after }),
    consoleBacklog: (target: { accountId: string; eventId: string }, after: number) => messagesAfter(orm, target, after),
  };
}
