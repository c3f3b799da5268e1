import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.js";
import { timelines } from "./timelines.js";

/**
 * A scheduled webinar event (spec §3 "Webinar"): one occurrence of a timeline. A recurring series
 * shares `seriesId` (the wire's `uniqueID`); a single event has none. Owned by the webinars routes.
 */
export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    timelineId: uuid("timeline_id")
      .notNull()
      .references(() => timelines.id, { onDelete: "cascade" }),
    seriesId: uuid("series_id"),
    name: text("name").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    timeZone: text("time_zone").notNull(),
    visible: boolean("visible").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("events_account_start_idx").on(t.accountId, t.startsAt), index("events_timeline_idx").on(t.timelineId)],
);

export type EventRow = typeof events.$inferSelect;
