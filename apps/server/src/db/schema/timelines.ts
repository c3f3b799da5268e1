import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { TimelineBlocks, TimelineMasterSetting } from "@cuepoint/sdk";
import { accounts } from "./accounts.js";

/**
 * A timeline (spec §3 "Timeline master"): its setting (general, registration, page, integration,
 * autoresponder) and its action blocks (buckets -45..45). Owned by the timelines routes.
 */
export const timelines = pgTable(
  "timelines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    setting: jsonb("setting").$type<TimelineMasterSetting>().notNull(),
    blocks: jsonb("blocks").$type<TimelineBlocks>().notNull().default({}),
    /** `active` or `trash` (spec §4: a trashed timeline can be restored). */
    status: text("status").$type<"active" | "trash">().notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("timelines_account_idx").on(t.accountId, t.status)],
);

export type TimelineRow = typeof timelines.$inferSelect;
