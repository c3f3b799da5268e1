import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.js";
import { timelines } from "./timelines.js";

/**
 * How a recurring series repeats (`POST /webinar/create` with `recurring`). `days` are the weekdays
 * it runs on (0 = Sunday); `every` repeats within those days by elapsed time instead of once a day;
 * the series ends at `until` (a local date, inclusive), after `count` occurrences, or — neither
 * given — at the generation horizon (see webinars/recurrence.ts).
 */
export interface RecurrencePattern {
  days: number[];
  until?: string | undefined;
  count?: number | undefined;
  every?: { value: number; unit: "minutes" | "hours" } | undefined;
}

/**
 * A recurring series: the pattern its events were generated from. Its id is the wire's
 * `uniqueID`; its events carry it as `series_id`, and go with it when it is deleted.
 */
export const eventSeries = pgTable(
  "event_series",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    timelineId: uuid("timeline_id")
      .notNull()
      .references(() => timelines.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    /** The first occurrence as the host wrote it: local `YYYY-MM-DDTHH:mm` in `time_zone`. */
    startLocal: text("start_local").notNull(),
    timeZone: text("time_zone").notNull(),
    pattern: jsonb("pattern").$type<RecurrencePattern>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("event_series_account_idx").on(t.accountId, t.timelineId)],
);

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
    seriesId: uuid("series_id").references(() => eventSeries.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    timeZone: text("time_zone").notNull(),
    visible: boolean("visible").notNull().default(true),
    /** On a multi-event timeline, the day this event is (`general.multiEvents.settings[].dayKey`); "" for none. */
    dayKey: text("day_key").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("events_account_start_idx").on(t.accountId, t.startsAt),
    index("events_timeline_idx").on(t.timelineId),
    index("events_series_idx").on(t.seriesId),
  ],
);

export type EventRow = typeof events.$inferSelect;
export type EventSeriesRow = typeof eventSeries.$inferSelect;
