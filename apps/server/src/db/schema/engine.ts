import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.js";
import { events } from "./events.js";
import { registrants } from "./registrants.js";
import { timelines } from "./timelines.js";

const accountId = () =>
  uuid("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" });
const timelineId = () =>
  uuid("timeline_id")
    .notNull()
    .references(() => timelines.id, { onDelete: "cascade" });
const eventId = () =>
  uuid("event_id")
    .notNull()
    .references(() => events.id, { onDelete: "cascade" });
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Where a scheduled action is (engine/README.md):
 * `pending` waits for `due_at`; `queued` has a pg-boss job (`job_id`), waiting or being carried
 * out; `sent`, `skipped`, `dead` and `canceled` are final (a canceled one may be revived by a
 * reschedule while its time is still ahead).
 */
export type ScheduledActionStatus = "pending" | "queued" | "sent" | "skipped" | "dead" | "canceled";

/**
 * One timeline action for one registrant of one event: the durable job. Its identity is
 * `(node_key, registrant_id, event_id)` (unique), also the idempotency key peers receive, so a
 * registration or reschedule can never double it. `planned_at` is the instant the timeline math
 * gives; `due_at` when it will run (later after a quiet-hours deferral or a retry, earlier for a
 * late registrant's catch-up). Registrants and events going away take their jobs with them.
 */
export const scheduledActions = pgTable(
  "scheduled_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: accountId(),
    timelineId: timelineId(),
    eventId: eventId(),
    registrantId: uuid("registrant_id")
      .notNull()
      .references(() => registrants.uuid, { onDelete: "cascade" }),
    /** The node's `id` in the timeline's blocks. */
    nodeKey: text("node_key").notNull(),
    /** The node's action key (sendMail, sendsms…), for the logs. */
    action: text("action").notNull().default(""),
    plannedAt: at("planned_at").notNull(),
    dueAt: at("due_at").notNull(),
    status: text("status").$type<ScheduledActionStatus>().notNull().default("pending"),
    /** Tries started (retries after a RetryableActionError count; crash re-deliveries do not). */
    attempts: integer("attempts").notNull().default(0),
    /** The pg-boss job carrying it while `queued`; a job with another id is stale. */
    jobId: uuid("job_id"),
    /** Why it ended as it did, or why it waits (the last log line). */
    detail: text("detail").notNull().default(""),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("scheduled_actions_identity_idx").on(t.nodeKey, t.registrantId, t.eventId),
    // The pump's scan: only waiting rows, by time.
    index("scheduled_actions_due_idx")
      .on(t.dueAt)
      .where(sql`${t.status} = 'pending'`),
    index("scheduled_actions_event_node_idx").on(t.eventId, t.nodeKey),
    index("scheduled_actions_timeline_idx").on(t.timelineId, t.status),
    index("scheduled_actions_registrant_idx").on(t.registrantId),
  ],
);

/** What happened at one step of a scheduled action. */
export type DeliveryOutcome = "sent" | "skipped" | "failed" | "dead" | "deferred" | "canceled";

/**
 * The delivery log: one row per outcome of a scheduled action (sent, skipped and why, failed and
 * retried, dead letter with its reason, deferred by quiet hours). Read per timeline, event or
 * registrant through `GET /automation/deliveries`.
 */
export const actionDeliveries = pgTable(
  "action_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: accountId(),
    timelineId: timelineId(),
    eventId: eventId(),
    registrantId: uuid("registrant_id")
      .notNull()
      .references(() => registrants.uuid, { onDelete: "cascade" }),
    scheduledActionId: uuid("scheduled_action_id")
      .notNull()
      .references(() => scheduledActions.id, { onDelete: "cascade" }),
    nodeKey: text("node_key").notNull(),
    action: text("action").notNull().default(""),
    outcome: text("outcome").$type<DeliveryOutcome>().notNull(),
    attempt: integer("attempt").notNull().default(0),
    detail: text("detail").notNull().default(""),
    dueAt: at("due_at").notNull(),
    at: at("at").notNull(),
  },
  (t) => [
    index("action_deliveries_timeline_idx").on(t.timelineId, t.at),
    index("action_deliveries_event_idx").on(t.eventId, t.at),
    index("action_deliveries_registrant_idx").on(t.registrantId, t.at),
  ],
);

/** How actions already due when someone registers are treated (engine/README.md "Catch-up"). */
export interface CatchUpPolicy {
  /** `skip` them all; `latest`: run the latest missed one now; `all`: run every missed one now. */
  mode: "skip" | "latest" | "all";
  /** Only actions missed by at most this many minutes are run. */
  windowMinutes: number;
}

/** SMS/MMS are not sent between `start` and `end` (HH:MM) in the registrant's zone; they wait. */
export interface QuietHours {
  enabled: boolean;
  start: string;
  end: string;
}

/**
 * A timeline's automation settings (`automation/settings`): catch-up policy and quiet hours. A
 * timeline without a row has the defaults of engine/policy.ts.
 */
export const automationSettings = pgTable("automation_settings", {
  timelineId: timelineId().primaryKey(),
  accountId: accountId(),
  catchUp: jsonb("catch_up").$type<CatchUpPolicy>().notNull(),
  quietHours: jsonb("quiet_hours").$type<QuietHours>().notNull(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

/** One timed action of an event's live room. */
export interface LiveScriptItem {
  nodeKey: string;
  /** livechat, cta or changesubject (and the other live keys). */
  action: string;
  /** When it happens, UTC ISO. */
  at: string;
  /** Seconds after the event's start (negative before it). */
  offsetSeconds: number;
  /** The node's model (message, headline, subject…). */
  model: Record<string, unknown>;
}

/**
 * The live script of an event: the timeline's live-event actions (livechat, cta,
 * changesubject…) at their instants for this event, in time order. Written whenever the event's
 * actions are (re)scheduled; the own platform's live room reads it.
 */
export const eventLiveScripts = pgTable("event_live_scripts", {
  eventId: eventId().primaryKey(),
  accountId: accountId(),
  timelineId: timelineId(),
  items: jsonb("items").$type<LiveScriptItem[]>().notNull().default([]),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

export type ScheduledActionRow = typeof scheduledActions.$inferSelect;
export type ActionDeliveryRow = typeof actionDeliveries.$inferSelect;
export type AutomationSettingsRow = typeof automationSettings.$inferSelect;
