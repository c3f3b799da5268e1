import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
    /**
     * The nodes in `blocks`, kept with every save so the account-wide action limit is one sum
     * rather than a walk through every timeline's JSON.
     */
    actionCount: integer("action_count").notNull().default(0),
    /**
     * The code another account imports this timeline with (`share`, `get/code`); null until the
     * timeline is shared. Unique across accounts: it is the only cross-account way in.
     */
    shareCode: text("share_code").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("timelines_account_idx").on(t.accountId, t.status)],
);

export type TimelineRow = typeof timelines.$inferSelect;
