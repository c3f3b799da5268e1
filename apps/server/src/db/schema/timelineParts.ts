import { bigserial, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { CustomFormField, GeneralSetting, TimelineBlocks, TimelineMasterSetting } from "@cuepoint/sdk";
import { accounts, users } from "./accounts.js";
import { timelines } from "./timelines.js";

const accountId = () =>
  uuid("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" });
const timelineId = () =>
  uuid("timeline_id")
    .notNull()
    .references(() => timelines.id, { onDelete: "cascade" });

/**
 * Version history: a full snapshot of a timeline (name, setting, blocks) after every save, with
 * who saved it and why (`reason`: created, setting, item, copysetting, blocks, autocsv, restore…).
 * `seq` orders saves made within the same millisecond.
 */
export const timelineRevisions = pgTable(
  "timeline_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    accountId: accountId(),
    timelineId: timelineId(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    /** The save came from a past event's editor (spec §4). */
    isPast: boolean("is_past").notNull().default(false),
    /** The revision this one restored, for `reason = restore`. */
    restoredFrom: uuid("restored_from"),
    name: text("name").notNull(),
    setting: jsonb("setting").$type<TimelineMasterSetting>().notNull(),
    blocks: jsonb("blocks").$type<TimelineBlocks>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("timeline_revisions_timeline_idx").on(t.timelineId, t.seq)],
);

/** The general setting of one node (event) of a multi-event timeline (`generalsetting/*`). */
export const nodeGeneralSettings = pgTable(
  "general_settings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: accountId(),
    timelineId: timelineId(),
    nodeId: text("node_id").notNull(),
    general: jsonb("general").$type<GeneralSetting>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("general_settings_node_idx").on(t.timelineId, t.nodeId)],
);

/** Registration form templates (`/forms`): a name and the custom fields a timeline copies. */
export const templateForms = pgTable(
  "template_forms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: accountId(),
    name: text("name").notNull(),
    fields: jsonb("fields").$type<CustomFormField[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("template_forms_account_idx").on(t.accountId)],
);

export type TimelineRevisionRow = typeof timelineRevisions.$inferSelect;
export type TemplateFormRow = typeof templateForms.$inferSelect;
