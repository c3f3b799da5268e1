import { sql } from "drizzle-orm";
import { bigint, boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts, users } from "./accounts.js";
import { events } from "./events.js";
import { registrants } from "./registrants.js";

/*
 * Live in the room (issue 13): the chat, the host's mutes, the console's recorded actions and the
 * host's start and end of an event. Owned by apps/server/src/room/chat/.
 */

const accountId = () =>
  uuid("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" });
const eventId = () =>
  uuid("event_id")
    .notNull()
    .references(() => events.id, { onDelete: "cascade" });

/**
 * One chat message of an event's room. `seq` (an identity) orders the stream and is the channel's
 * SSE id, so a reconnect resumes after the last one it saw. An attendee's message has its
 * `registrant_id`; a host's has none, its `sent_by_user_id` and `sent_by` (the user's name or
 * email then). `client_id` makes sending idempotent per author: the same id again is the same
 * message. `muted`: written while its author was muted (nobody but them and the host sees it).
 */
export const roomChatMessages = pgTable(
  "room_chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    accountId: accountId(),
    eventId: eventId(),
    registrantId: uuid("registrant_id").references(() => registrants.uuid, { onDelete: "cascade" }),
    from: text("from").$type<"attendee" | "host">().notNull(),
    name: text("name").notNull().default(""),
    body: text("body").notNull(),
    toAll: boolean("to_all").notNull().default(false),
    toRegistrantId: uuid("to_registrant_id").references(() => registrants.uuid, { onDelete: "cascade" }),
    replyTo: uuid("reply_to"),
    clientId: text("client_id").notNull(),
    muted: boolean("muted").notNull().default(false),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    emailed: boolean("emailed").notNull().default(false),
    sentBy: text("sent_by"),
    sentByUserId: uuid("sent_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The backlog and the console read an event's messages in stream order.
    index("room_chat_messages_event_seq_idx").on(t.eventId, t.seq),
    // The rate limit counts one attendee's recent messages.
    index("room_chat_messages_rate_idx").on(t.eventId, t.registrantId, t.createdAt),
    // Idempotent sending: one message per author and client id.
    uniqueIndex("room_chat_messages_attendee_client_idx")
      .on(t.eventId, t.registrantId, t.clientId)
      .where(sql`${t.registrantId} is not null`),
    uniqueIndex("room_chat_messages_host_client_idx")
      .on(t.eventId, t.sentByUserId, t.clientId)
      .where(sql`${t.registrantId} is null`),
  ],
);

/** A registrant the host muted in an event's chat (silently: they still see their own messages). */
export const roomChatMutes = pgTable(
  "room_chat_mutes",
  {
    accountId: accountId(),
    eventId: eventId(),
    registrantId: uuid("registrant_id")
      .notNull()
      .references(() => registrants.uuid, { onDelete: "cascade" }),
    mutedAt: timestamp("muted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.registrantId] })],
);

/**
 * An attendee's recent chat sends in an event (`sent_at`, those within ROOM_CHAT_LIMITS' window):
 * the rate limit's one row per attendee, taken and updated in the statement that stores the
 * message, so the limit holds across instances without a transaction (the upsert locks the row).
 */
export const roomChatRates = pgTable(
  "room_chat_rates",
  {
    accountId: accountId(),
    eventId: eventId(),
    registrantId: uuid("registrant_id")
      .notNull()
      .references(() => registrants.uuid, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.registrantId] })],
);

/**
 * What the host did from the live console: a pushed CTA or subject (`detail.item`, the room item
 * sent, so a later snapshot, the replay and the analytics know it), a chat message, start, end,
 * mute, unmute, ban, delete, answer — by whom (`by`: the user's name or email then) and when.
 */
export const roomConsoleActions = pgTable(
  "room_console_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order the actions were taken in (several can share an instant). */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    accountId: accountId(),
    eventId: eventId(),
    kind: text("kind").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    by: text("by").notNull().default(""),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("room_console_actions_event_at_idx").on(t.eventId, t.at), index("room_console_actions_event_seq_idx").on(t.eventId, t.seq)],
);

/**
 * The host's start and end of a semi-automatic or manual event (one row per event, once started).
 * The room's timing reads `started_at` instead of the scheduled start.
 */
export const eventControls = pgTable("event_controls", {
  eventId: uuid("event_id")
    .primaryKey()
    .references(() => events.id, { onDelete: "cascade" }),
  accountId: accountId(),
  startedAt: timestamp("started_at", { withTimezone: true }),
  endedAt: timestamp("ended_at", { withTimezone: true }),
});

export type RoomChatMessageRow = typeof roomChatMessages.$inferSelect;
export type RoomConsoleActionRow = typeof roomConsoleActions.$inferSelect;
export type EventControlRow = typeof eventControls.$inferSelect;
