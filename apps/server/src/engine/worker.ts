import { and, eq, inArray, sql } from "drizzle-orm";
import type { AudienceSegment, TimelineNode } from "@cuepoint/sdk";
import type { ServerConfig } from "../config/serverConfig.js";
import {
  actionDeliveries,
  attendance,
  events,
  registrants,
  scheduledActions,
  timelines,
  usageEvents,
  type DeliveryOutcome,
  type EventRow,
  type RegistrantRow,
  type ScheduledActionRow,
  type ScheduledActionStatus,
  type TimelineRow,
} from "../db/schema/index.js";
import type { Database } from "../db/types.js";
import { linkBase } from "../config/joinDomains.js";
import { autoresponderMessageOf, autoresponderNode, type AutoresponderNode } from "./actions/autoresponder.js";
import { forDay } from "./actions/dayConfirmation.js";
import { PermanentActionError, RetryableActionError, type ActionContext, type ActionJob, type ExecuteAction } from "../integrations/actions/types.js";
import { actionBudget, withinBudget, type ActionBudget } from "./budget.js";
import { isPaused } from "./paused.js";
import { audienceVerdict, isTextMessage, quietHoursEnd } from "./policy.js";
import { REASONS } from "./reasons.js";
import { automationSettingsOf, type AutomationSettings } from "./settings.js";

/** Retries of actions that failed with a RetryableActionError. */
export interface RetryPolicy {
  /** Tries in all, the first included; after the last a dead letter. */
  maxAttempts: number;
  /** The first retry waits this long; each next one twice as long (exponential backoff). */
  baseDelayMs: number;
  /** No wait is longer than this. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 30_000, maxDelayMs: 60 * 60_000 };

/**
 * The wait before try `attempt + 1` after try `attempt` failed: base × 2^(attempt−1), capped.
 *
 * @example
 * backoffMs(3, DEFAULT_RETRY); // 120000 (30 s, 60 s, 120 s …)
 */
export const backoffMs = (attempt: number, retry: RetryPolicy): number =>
  Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** Math.max(0, attempt - 1));

export interface WorkerDeps {
  db: Database;
  config: ServerConfig;
  execute: ExecuteAction;
  retry: RetryPolicy;
  /** Actions carried out at once within a batch. */
  concurrency: number;
}

/** A pg-boss job of the actions queue. */
export interface QueueJob {
  id: string;
  data: { id: string };
}

interface Loaded {
  row: ScheduledActionRow;
  registrant: RegistrantRow;
  event: EventRow;
  timeline: TimelineRow;
  attendedSeconds: number;
}

/** What became of one action in this batch. */
interface Result {
  loaded: Loaded;
  status: ScheduledActionStatus;
  outcome: DeliveryOutcome;
  detail: string;
  attempts: number;
  dueAt: Date;
  /** A usage event is written (the action was carried out). */
  used: boolean;
}

function findNode(timeline: TimelineRow, key: string): TimelineNode | undefined {
  for (const [bucket, nodes] of Object.entries(timeline.blocks)) {
    const found = nodes.find((node, index) => (node.id || `${bucket}:${index}`) === key);
    if (found) return found;
  }
  return undefined;
}

/** What one batch looks up once: settings, budgets and autoresponder mails, shared by its actions. */
interface BatchLookups {
  settingsOf(timelineId: string): Promise<AutomationSettings>;
  budgetOf(accountId: string, now: Date): Promise<ActionBudget>;
  /** The node a job carries out: the timeline's, or an autoresponder mail made when it fires. */
  nodeOf(loaded: Loaded): Promise<{ node: TimelineNode } | { canceled: string } | { skipped: string }>;
}

/** The batch's value for `key`, made once (the first caller's `make`). */
function memo<T>(made: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let found = made.get(key);
  if (!found) made.set(key, (found = make()));
  return found;
}

function batchLookups(deps: WorkerDeps): BatchLookups {
  const { db, config } = deps;
  const ctx: ActionContext = { db, config, now: config.now };
  const settings = new Map<string, Promise<AutomationSettings>>();
  const budgets = new Map<string, Promise<ActionBudget>>();
  const mails = new Map<string, Promise<AutoresponderNode>>();
  return {
    settingsOf: (timelineId) => memo(settings, timelineId, () => automationSettingsOf(db.orm, timelineId)),
    budgetOf: (accountId, now) => memo(budgets, accountId, () => actionBudget(db.orm, accountId, now)),
    async nodeOf({ row, timeline, event }) {
      const message = autoresponderMessageOf(row.nodeKey);
      if (!message) {
        const node = findNode(timeline, row.nodeKey);
        return node ? { node } : { canceled: REASONS.nodeGone };
      }
      // Made when it fires, from the setting as it is now; the integration is opened once per
      // timeline and message in a batch, not once per mail.
      const { autoresponder, general } = timeline.setting;
      // A multi-event day's registrants get the day's confirmation subject and body (actions/dayConfirmation.ts).
      const made = await memo(mails, `${timeline.id}:${message}:${event.dayKey}`, () =>
        autoresponderNode(ctx, timeline.accountId, forDay(autoresponder, general, message, event.dayKey), message, general.organizer),
      );
      return made.ok ? { node: made.node } : { skipped: `Skipped: ${made.reason}.` };
    },
  };
}

async function load(db: Database, ids: string[]): Promise<Map<string, Loaded>> {
  const rows = await db.orm
    .select({
      row: scheduledActions,
      registrant: registrants,
      attendedSeconds: sql<number>`coalesce(${attendance.attendedSeconds}, 0)`.mapWith(Number),
    })
    .from(scheduledActions)
    .innerJoin(registrants, eq(registrants.uuid, scheduledActions.registrantId))
    .leftJoin(attendance, and(eq(attendance.eventId, scheduledActions.eventId), eq(attendance.registrantId, scheduledActions.registrantId)))
    .where(inArray(scheduledActions.id, ids));
  // Events and timelines once each: a batch is mostly one event, and a timeline's JSON is large.
  const eventIds = [...new Set(rows.map((r) => r.row.eventId))];
  const timelineIds = [...new Set(rows.map((r) => r.row.timelineId))];
  const [eventRows, timelineRows] = await Promise.all([
    eventIds.length > 0 ? db.orm.select().from(events).where(inArray(events.id, eventIds)) : [],
    timelineIds.length > 0 ? db.orm.select().from(timelines).where(inArray(timelines.id, timelineIds)) : [],
  ]);
  const eventById = new Map(eventRows.map((e) => [e.id, e]));
  const timelineById = new Map(timelineRows.map((t) => [t.id, t]));
  const loaded = new Map<string, Loaded>();
  for (const r of rows) {
    const event = eventById.get(r.row.eventId);
    const timeline = timelineById.get(r.row.timelineId);
    if (event && timeline) loaded.set(r.row.id, { ...r, event, timeline });
  }
  return loaded;
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

function actionJobOf(loaded: Loaded, node: TimelineNode, config: ServerConfig, attempt: number): ActionJob {
  const { row, registrant, event, timeline } = loaded;
  // The timeline's join domain when it has one the server lists, else PUBLIC_URL.
  const base = linkBase(config, timeline.setting.general);
  return {
    accountId: row.accountId,
    timeline: { id: timeline.id, name: timeline.name },
    node,
    registrant: {
      id: registrant.uuid,
      email: registrant.email,
      name: registrant.name,
      phone: registrant.phone,
      timeZone: registrant.timeZone,
      fields: registrant.customFields,
      smsConsent: registrant.smsConsent,
    },
    event: {
      id: event.id,
      name: event.name,
      startsAt: event.startsAt,
      timeZone: event.timeZone,
      joinUrl: `${base}/join/${registrant.uuid}`,
      replayUrl: `${base}/replay/${registrant.uuid}`,
    },
    dueAt: row.plannedAt,
    idempotencyKey: `${row.nodeKey}:${registrant.uuid}:${event.id}`,
    attempt,
  };
}

/**
 * Carries out one batch of jobs fetched from pg-boss: loads their actions, drops stale jobs (the
 * action was rescheduled, canceled, finished, or its registrant deleted), decides audience,
 * consent, quiet hours and the plan's budget, calls the executor for the rest, and writes every
 * outcome — action status, delivery log, usage events — in one transaction. A crash before that
 * transaction leaves the actions `queued`; pg-boss hands their jobs out again after the lease,
 * and they run again with the same idempotency key (at-least-once).
 */
export async function handleJobs(deps: WorkerDeps, jobs: readonly QueueJob[]): Promise<void> {
  if (jobs.length === 0) return;
  const { db, config } = deps;
  const loaded = await load(db, jobs.map((job) => job.data.id));
  const live = jobs.flatMap((job) => {
    const found = loaded.get(job.data.id);
    return found && found.row.jobId === job.id && found.row.status === "queued" ? [found] : [];
  });
  if (live.length === 0) return;
  const lookups = batchLookups(deps);

  const results: Result[] = [];
  await pool(live, deps.concurrency, async (item) => {
    results.push(
      // A decision that cannot be taken (an unreadable zone, a broken setting) must not sink the
      // batch and come back forever: that one action becomes a dead letter with the reason.
      await decide(deps, item, lookups).catch((error: unknown) => ({
        loaded: item,
        status: "dead" as const,
        outcome: "dead" as const,
        detail: REASONS.unprepared((error as Error)?.message ?? String(error)),
        attempts: item.row.attempts,
        dueAt: item.row.dueAt,
        used: false,
      })),
    );
  });
  await record(db, results, config.now());
}

async function decide(deps: WorkerDeps, loaded: Loaded, { settingsOf, budgetOf, nodeOf }: BatchLookups): Promise<Result> {
  const { row, registrant, event, timeline } = loaded;
  const now = deps.config.now();
  const done = (status: ScheduledActionStatus, outcome: DeliveryOutcome, detail: string, extra: Partial<Result> = {}): Result => ({
    loaded,
    status,
    outcome,
    detail,
    attempts: row.attempts,
    dueAt: row.dueAt,
    used: false,
    ...extra,
  });
  if (timeline.status !== "active") return done("canceled", "canceled", REASONS.trashed);
  // Checked again as it fires: a job queued just before the pause must not run.
  if (isPaused(timeline.setting)) return done("canceled", "canceled", REASONS.paused);
  if (registrant.banned) return done("canceled", "canceled", REASONS.banned);
  const found = await nodeOf(loaded);
  if ("canceled" in found) return done("canceled", "canceled", found.canceled);
  if ("skipped" in found) return done("skipped", "skipped", found.skipped);
  const { node } = found;

  const segments = (timeline.setting.general.userGroup ?? []) as AudienceSegment[];
  const verdict = audienceVerdict(node.groupID, segments, { attendedHour: loaded.attendedSeconds / 3600, fields: registrant.customFields });
  if (!verdict.member) return done("skipped", "skipped", `Skipped: ${verdict.reason}`);

  if (isTextMessage(node)) {
    if (!registrant.smsConsent) return done("skipped", "skipped", REASONS.noConsent);
    const zone = registrant.timeZone || event.timeZone;
    const { quietHours } = await settingsOf(timeline.id);
    const until = quietHoursEnd(now, zone, quietHours);
    if (until) return done("pending", "deferred", REASONS.quietHours(until, zone), { dueAt: until });
  }

  const budget = await budgetOf(row.accountId, now);
  if (!withinBudget(budget)) return done("skipped", "skipped", REASONS.planLimit(budget.limit));
  budget.used += 1; // reserved: the batch's other actions see it

  const attempt = row.attempts + 1;
  try {
    const outcome = await deps.execute({ db: deps.db, config: deps.config, now: deps.config.now }, actionJobOf(loaded, node, deps.config, attempt));
    if (outcome.status === "sent") return done("sent", "sent", outcome.detail, { attempts: attempt, used: true });
    budget.used -= 1;
    return done("skipped", "skipped", outcome.reason, { attempts: attempt });
  } catch (error) {
    budget.used -= 1;
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof RetryableActionError && attempt < deps.retry.maxAttempts) {
      const next = new Date(deps.config.now().getTime() + backoffMs(attempt, deps.retry));
      return done("pending", "failed", REASONS.retry(attempt, next, message), { attempts: attempt, dueAt: next });
    }
    const reason = error instanceof RetryableActionError || error instanceof PermanentActionError ? message : `${(error as Error)?.name ?? "Error"}: ${message}`;
    return done("dead", "dead", REASONS.dead(attempt, reason), { attempts: attempt });
  }
}

/**
 * Writes a batch's outcomes in one transaction: statuses, delivery log, usage. Each statement takes
 * the batch as ONE jsonb parameter (`jsonb_to_recordset`): a thousand rows of a dozen columns as
 * separate parameters cost more to build and send than the writes themselves.
 */
async function record(db: Database, results: readonly Result[], now: Date): Promise<void> {
  if (results.length === 0) return;
  const at = now.toISOString();
  const rows = results.map((r) => ({
    id: r.loaded.row.id,
    job_id: r.loaded.row.jobId,
    account_id: r.loaded.row.accountId,
    timeline_id: r.loaded.row.timelineId,
    event_id: r.loaded.row.eventId,
    registrant_id: r.loaded.row.registrantId,
    node_key: r.loaded.row.nodeKey,
    action: r.loaded.row.action,
    planned_at: r.loaded.row.plannedAt.toISOString(),
    status: r.status,
    outcome: r.outcome,
    detail: r.detail,
    attempts: r.attempts,
    due_at: r.dueAt.toISOString(),
    usage: r.used ? `${r.loaded.row.action || "action"} for ${r.loaded.registrant.email} (${r.loaded.timeline.name})` : null,
  }));
  // The batch's ids: the statements reach their rows through the primary key, not a scan.
  const ids = `{${rows.map((r) => r.id).join(",")}}`;
  const batch = sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
    id uuid, job_id uuid, account_id uuid, timeline_id uuid, event_id uuid, registrant_id uuid, node_key text,
    action text, planned_at timestamptz, status text, outcome text, detail text, attempts int, due_at timestamptz, usage text)`;
  await db.orm.transaction(async (tx) => {
    // Only while the job is still the row's: a reschedule meanwhile wins. The id list lets the
    // planner reach the rows through the primary key instead of scanning the table.
    await tx.execute(sql`
      update ${scheduledActions} s set
        status = v.status, detail = v.detail, attempts = v.attempts, due_at = v.due_at,
        job_id = case when v.status = 'pending' then null else s.job_id end,
        updated_at = ${at}::timestamptz
      from ${batch}
      where s.id = any(${ids}::uuid[]) and s.id = v.id and s.job_id = v.job_id`);
    // A registrant deleted while their job ran (a lead deleted by hand, deleteSystemWide) took the
    // job with it: its line would break the foreign key and sink the whole batch, so it is left out.
    await tx.execute(sql`
      insert into ${actionDeliveries}
        (account_id, timeline_id, event_id, registrant_id, scheduled_action_id, node_key, action, outcome, attempt, detail, due_at, at)
      select v.account_id, v.timeline_id, v.event_id, v.registrant_id, v.id, v.node_key, v.action, v.outcome, v.attempts, v.detail,
        v.planned_at, ${at}::timestamptz
      from ${batch}
      where v.id in (select s.id from ${scheduledActions} s where s.id = any(${ids}::uuid[]))`);
    if (rows.some((r) => r.usage !== null)) {
      await tx.execute(sql`
        insert into ${usageEvents} (account_id, type, quantity, description, created_at)
        select v.account_id, 'actions', 1, v.usage, ${at}::timestamptz from ${batch} where v.usage is not null`);
    }
  });
}
