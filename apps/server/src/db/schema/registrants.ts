import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.js";
import { events } from "./events.js";
import { timelines } from "./timelines.js";

/**
 * A registrant (lead, spec §3): one person registered for one event of a timeline. A registration
 * is idempotent per email and event. Owned by the leads and public registration routes.
 */
export const registrants = pgTable(
  "registrants",
  {
    uuid: uuid("uuid").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    timelineId: uuid("timeline_id")
      .notNull()
      .references(() => timelines.id, { onDelete: "cascade" }),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    phone: text("phone").notNull().default(""),
    customFields: jsonb("custom_fields").$type<Record<string, string>>().notNull().default({}),
    banned: boolean("banned").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("registrants_account_created_idx").on(t.accountId, t.createdAt),
    uniqueIndex("registrants_event_email_idx").on(t.eventId, sql`lower(${t.email})`),
  ],
);

export type RegistrantRow = typeof registrants.$inferSelect;
