import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.js";
import { registrants } from "./registrants.js";

const at = (name: string) => timestamp(name, { withTimezone: true });
const accountId = () =>
  uuid("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" });

/** The external platforms an event is delivered on (a timeline's `general.deliveryPlatform`). */
export type DeliveryPlatform = "zoom" | "gotowebinar" | "youtube";

/**
 * Where an event's session on its platform is (delivery/README.md): `pending` waits to be created,
 * moved or cancelled (a failed try waits for `next_attempt_at`); `ready` matches the event;
 * `refused` the platform said no (its words in `message`, shown to the host); `cancelled` done.
 */
export type PlatformSessionStatus = "pending" | "ready" | "refused" | "cancelled";

/**
 * An event's session on Zoom, GoTo Webinar or YouTube Live. `event_id` has no foreign key on purpose: when the
 * event is deleted this row stays until the platform's session is cancelled too. `remote_id` is
 * Zoom's webinar id, GoTo's webinarKey or YouTube's broadcast id; `occurrence_id` a Zoom occurrence when the series is one
 * recurring Zoom webinar. `synced_starts_at` is the start the platform has: an event moved since is
 * moved there.
 */
export const platformSessions = pgTable(
  "platform_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: accountId(),
    eventId: uuid("event_id").notNull(),
    seriesId: uuid("series_id"),
    integrationId: uuid("integration_id").notNull(),
    platform: text("platform").$type<DeliveryPlatform>().notNull(),
    remoteId: text("remote_id").notNull().default(""),
    /** What the platform holds: "" its usual session (driver.noun), or "meeting" (Zoom without the webinar plan). */
    remoteKind: text("remote_kind").notNull().default(""),
    occurrenceId: text("occurrence_id").notNull().default(""),
    syncedStartsAt: at("synced_starts_at"),
    status: text("status").$type<PlatformSessionStatus>().notNull().default("pending"),
    message: text("message").notNull().default(""),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: at("next_attempt_at"),
    attendanceImportedAt: at("attendance_imported_at"),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("platform_sessions_event_idx").on(t.eventId),
    index("platform_sessions_account_idx").on(t.accountId),
    index("platform_sessions_open_idx")
      .on(t.status)
      .where(sql`${t.status} <> 'cancelled'`),
  ],
);

/** A registrant on the platform: `registered` (with the personal `join_url`), `pending`, or `refused`. */
export type PlatformRegistrantStatus = "pending" | "registered" | "refused";

/**
 * One registrant's registration on their event's platform session: the platform's registrant id
 * and the personal join URL the Cuepoint link redirects to in the event's window. `event_id` is the
 * event it was made for: a registrant moved to another event is registered again.
 */
export const platformRegistrants = pgTable(
  "platform_registrants",
  {
    registrantId: uuid("registrant_id")
      .primaryKey()
      .references(() => registrants.uuid, { onDelete: "cascade" }),
    accountId: accountId(),
    eventId: uuid("event_id").notNull(),
    remoteId: text("remote_id").notNull().default(""),
    joinUrl: text("join_url").notNull().default(""),
    status: text("status").$type<PlatformRegistrantStatus>().notNull().default("pending"),
    message: text("message").notNull().default(""),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: at("next_attempt_at"),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [index("platform_registrants_event_idx").on(t.eventId, t.status)],
);

/** What one platform call came to. */
export type PlatformLogOutcome = "done" | "failed" | "refused";

/**
 * The delivery log of the platforms: one line per call made for an event or a registrant (create,
 * move, cancel, register, attendance), with the platform's words when it refused or failed.
 */
export const platformLog = pgTable(
  "platform_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: accountId(),
    eventId: uuid("event_id").notNull(),
    registrantId: uuid("registrant_id"),
    platform: text("platform").$type<DeliveryPlatform>().notNull(),
    operation: text("operation").notNull(),
    outcome: text("outcome").$type<PlatformLogOutcome>().notNull(),
    detail: text("detail").notNull().default(""),
    at: at("at").notNull(),
  },
  (t) => [index("platform_log_event_idx").on(t.accountId, t.eventId, t.at)],
);

export type PlatformSessionRow = typeof platformSessions.$inferSelect;
export type PlatformRegistrantRow = typeof platformRegistrants.$inferSelect;
