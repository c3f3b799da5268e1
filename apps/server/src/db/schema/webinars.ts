import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.js";
import { events } from "./events.js";
import { registrants } from "./registrants.js";

const accountId = () =>
  uuid("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" });
const eventId = () =>
  uuid("event_id")
    .notNull()
    .references(() => events.id, { onDelete: "cascade" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * Co-organizers of an event on the own streaming platform (`POST /stream/webinar/coorganizer`).
 * `tenant_id` is kept as the caller sent it (the platform's tenant); one row per email per event.
 */
export const coOrganizers = pgTable(
  "co_organizers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: accountId(),
    eventId: eventId(),
    tenantId: text("tenant_id").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("co_organizers_event_email_idx").on(t.eventId, sql`lower(${t.email})`)],
);

/** People attached to an event: `host` (runs it; the scheduler is one) or `agent` (chat support). */
export const eventPeople = pgTable(
  "event_people",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: accountId(),
    eventId: eventId(),
    role: text("role").$type<"host" | "agent">().notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("event_people_event_role_email_idx").on(t.eventId, t.role, sql`lower(${t.email})`)],
);

/**
 * Attendance of one registrant at one event: first join, last leave, and the seconds actually
 * spent in the room (the sum over every visit). The source of the analytics and of the Attendee
 * (attended > 0) and Non-Attendee segments.
 */
export const attendance = pgTable(
  "attendance",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: accountId(),
    eventId: eventId(),
    registrantId: uuid("registrant_id")
      .notNull()
      .references(() => registrants.uuid, { onDelete: "cascade" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }),
    leftAt: timestamp("left_at", { withTimezone: true }),
    attendedSeconds: integer("attended_seconds").notNull().default(0),
    /** Replay viewing, counted apart from the live attendance (never makes an Attendee). */
    replayJoinedAt: timestamp("replay_joined_at", { withTimezone: true }),
    replayLeftAt: timestamp("replay_left_at", { withTimezone: true }),
    replaySeconds: integer("replay_seconds").notNull().default(0),
    /**
     * The CTAs shown to the registrant in the live room (their timeline node keys or pushed items'
     * ids), each once: written with the attendance (a view costs no row of its own).
     */
    ctaSeen: text("cta_seen").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex("attendance_event_registrant_idx").on(t.eventId, t.registrantId),
    index("attendance_account_idx").on(t.accountId),
  ],
);

/**
 * Who is in an event's live room on one server instance (its room hub, `hub_id`): the hub rewrites
 * its row every few seconds while it holds attendees there (`seen_at`), and deletes it when it holds
 * none. Another instance reads the others' rows to know who is present elsewhere; a row not rewritten
 * for three beats is a hub that stopped. How long people stayed is `attendance`, written apart.
 */
export const roomPresence = pgTable(
  "room_presence",
  {
    eventId: eventId(),
    hubId: text("hub_id").notNull(),
    accountId: accountId(),
    registrantIds: uuid("registrant_ids").array().notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.hubId] })],
);

/**
 * What registrants did in the event room besides being there: a CTA clicked (`node_key` names the
 * timeline node). One row per happening; the analytics count them. (Views are the attendance rows'
 * `cta_seen`; the `cta_view` rows of before migration 0017 were folded into those.)
 */
export const roomActivity = pgTable(
  "room_activity",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: accountId(),
    eventId: eventId(),
    registrantId: uuid("registrant_id").references(() => registrants.uuid, { onDelete: "cascade" }),
    kind: text("kind").$type<"cta_click">().notNull(),
    nodeKey: text("node_key").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("room_activity_event_kind_idx").on(t.eventId, t.kind),
  ],
);

export type RoomActivityRow = typeof roomActivity.$inferSelect;
export type CoOrganizerRow = typeof coOrganizers.$inferSelect;
export type EventPersonRow = typeof eventPeople.$inferSelect;
export type AttendanceRow = typeof attendance.$inferSelect;
export type RoomPresenceRow = typeof roomPresence.$inferSelect;
