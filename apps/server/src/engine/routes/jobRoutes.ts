import { and, eq, inArray, min, sql, type SQL } from "drizzle-orm";
import * as v from "valibot";
import { CancelScheduledRequestSchema, ResendScheduledRequestSchema, ScheduledActionsQuerySchema } from "@cuepoint/sdk";
import { actionDeliveries, scheduledActions, type ScheduledActionStatus } from "../../db/schema/index.js";
import type { Orm } from "../../db/types.js";
import { conflict, notFound } from "../../http/errors.js";
import { defineRoute } from "../../http/route.js";
import { ownEvent, ownRegistrant, ownTimeline } from "../../events/access.js";
import { jobTitle, readable, titlesByTimeline } from "./jobLabels.js";
import { ScheduledSchema } from "./jobSchemas.js";

/**
 * The host's hand on scheduled jobs (issue 16, "What is waiting"): jobs counted per action,
 * cancel one job or all waiting jobs of an action, send a failed one again. Every row is the
 * caller's account's: each id is checked first (404 otherwise) and every statement filters by it.
 */

const tag = "Automation";
const WAITING: ScheduledActionStatus[] = ["pending", "queued"];
const STATUSES: ScheduledActionStatus[] = ["pending", "queued", "sent", "skipped", "dead", "canceled"];
/** Rows of the delivery log written per statement (11 parameters each, far below PostgreSQL's 65,535). */
const LOG_CHUNK = 1_000;

export const HOST_REASONS = {
  canceled: "Canceled by the host.",
  resent: "Sent again by the host: waiting to run.",
} as const;

/** The caller's event or timeline named in the request, as a condition on scheduled_actions. */
async function scopeOf(orm: Orm, accountId: string, query: { webinarID?: string | number; webinarTimeline?: string | number }): Promise<SQL | undefined> {
  const parts: SQL[] = [eq(scheduledActions.accountId, accountId)];
  if (query.webinarID !== undefined) parts.push(eq(scheduledActions.eventId, (await ownEvent(orm, accountId, query.webinarID)).id));
  if (query.webinarTimeline !== undefined) parts.push(eq(scheduledActions.timelineId, (await ownTimeline(orm, accountId, query.webinarTimeline)).id));
  return and(...parts);
}

const SummarySchema = v.object({
  nodeKey: v.string(),
  action: v.string(),
  actionTitle: v.string(),
  counts: v.record(v.string(), v.number()),
  nextDueAt: v.nullable(v.string()),
});

const scheduledActionsRoute = defineRoute({
  method: "GET",
  path: "/automation/scheduled/actions",
  operationId: "automation.scheduledActions",
  tag,
  summary: "A timeline's or an event's jobs counted per action",
  description:
    "One line per action that has jobs: its title in the timeline, the jobs by state and the soonest waiting " +
    "job's due instant (null when none waits), soonest first, then actions with nothing waiting. 404 for an " +
    "event or timeline that is not the account's.",
  access: "timelines:read",
  query: ScheduledActionsQuerySchema,
  answer: { description: "The actions.", schema: v.object({ success: v.array(SummarySchema) }) },
  async handle({ query, caller, deps }) {
    const { orm } = deps.db;
    const where = await scopeOf(orm, caller.accountId, query);
    const rows = await orm
      .select({
        timelineId: scheduledActions.timelineId,
        nodeKey: scheduledActions.nodeKey,
        action: scheduledActions.action,
        status: scheduledActions.status,
        count: sql<number>`cast(count(*) as int)`,
        nextDueAt: min(sql`case when ${inArray(scheduledActions.status, WAITING)} then ${scheduledActions.dueAt} end`).mapWith(
          (value: string | Date | null) => (value === null ? null : new Date(value)),
        ),
      })
      .from(scheduledActions)
      .where(where)
      .groupBy(scheduledActions.timelineId, scheduledActions.nodeKey, scheduledActions.action, scheduledActions.status);
    const titles = await titlesByTimeline(orm, caller.accountId, rows.map((row) => row.timelineId));
    const byKey = new Map<string, v.InferOutput<typeof SummarySchema> & { counts: Record<ScheduledActionStatus, number> }>();
    for (const row of rows) {
      const summary = byKey.get(row.nodeKey) ?? {
        nodeKey: row.nodeKey,
        action: row.action,
        actionTitle: jobTitle(titles.get(row.timelineId), row.nodeKey, row.action),
        counts: Object.fromEntries(STATUSES.map((status) => [status, 0])) as Record<ScheduledActionStatus, number>,
        nextDueAt: null,
      };
      summary.counts[row.status] += Number(row.count);
      const next = row.nextDueAt?.toISOString() ?? null;
      if (next && (!summary.nextDueAt || next < summary.nextDueAt)) summary.nextDueAt = next;
      byKey.set(row.nodeKey, summary);
    }
    // Soonest waiting first; actions with nothing waiting after, by title.
    const rank = (s: { nextDueAt: string | null; actionTitle: string }) => [s.nextDueAt === null ? 1 : 0, s.nextDueAt ?? "", s.actionTitle] as const;
    const compare = (a: v.InferOutput<typeof SummarySchema>, b: v.InferOutput<typeof SummarySchema>) => {
      const [x, y] = [rank(a), rank(b)];
      return x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0) || x[2].localeCompare(y[2]);
    };
    return { success: [...byKey.values()].sort(compare) };
  },
});

const cancelRoute = defineRoute({
  method: "POST",
  path: "/automation/scheduled/cancel",
  operationId: "automation.cancelScheduled",
  tag,
  summary: "Cancel one registrant's waiting job of an action, or every waiting job of the action",
  description:
    "`nodeKey` names the action; `webinarID` an event or `webinarTimeline` every event of a timeline. With " +
    "`uuid`, only that registrant's job: 404 when there is none, 409 when it is no longer waiting (sent, " +
    "skipped, dead or canceled). Without, every waiting job of the action (none waiting answers 0; an action " +
    "with no job at all there is a 404). Each canceled job gets a `canceled` line in the delivery log " +
    `("${HOST_REASONS.canceled}"); a queued job's pg-boss job goes stale and is dropped. A later timeline save ` +
    "never brings a job canceled by the host back.",
  access: "timelines:write",
  body: CancelScheduledRequestSchema,
  answer: { description: "How many jobs were canceled.", schema: v.object({ success: v.object({ canceled: v.number() }) }) },
  async handle({ body, caller, deps }) {
    const { orm } = deps.db;
    const now = deps.config.now();
    const parts = [await scopeOf(orm, caller.accountId, body), eq(scheduledActions.nodeKey, body.nodeKey)];
    if (body.uuid !== undefined) parts.push(eq(scheduledActions.registrantId, (await ownRegistrant(orm, caller.accountId, body.uuid)).uuid));
    const ofAction = and(...parts);
    const [found] = await orm.select({ status: scheduledActions.status }).from(scheduledActions).where(ofAction).limit(1);
    if (!found) throw notFound(body.uuid !== undefined ? "This registrant has no job of this action here." : "This action has no scheduled jobs here.");
    const canceled = await orm.transaction(async (tx) => {
      const rows = await tx
        .update(scheduledActions)
        .set({ status: "canceled", jobId: null, detail: HOST_REASONS.canceled, updatedAt: now })
        .where(and(ofAction, inArray(scheduledActions.status, WAITING)))
        .returning();
      for (let i = 0; i < rows.length; i += LOG_CHUNK) {
        await tx.insert(actionDeliveries).values(
          rows.slice(i, i + LOG_CHUNK).map((row) => ({
            accountId: row.accountId,
            timelineId: row.timelineId,
            eventId: row.eventId,
            registrantId: row.registrantId,
            scheduledActionId: row.id,
            nodeKey: row.nodeKey,
            action: row.action,
            outcome: "canceled" as const,
            attempt: row.attempts,
            detail: HOST_REASONS.canceled,
            dueAt: row.dueAt,
            at: now,
          })),
        );
      }
      return rows.length;
    });
    if (body.uuid !== undefined && canceled === 0) {
      throw conflict(`This job is ${found.status === "dead" ? "failed (dead letter)" : found.status} already: only a waiting job can be canceled.`, "uuid");
    }
    return { success: { canceled } };
  },
});

const resendRoute = defineRoute({
  method: "POST",
  path: "/automation/scheduled/resend",
  operationId: "automation.resendScheduled",
  tag,
  summary: "Send a failed job (a dead letter) again, now",
  description:
    "The job of action `nodeKey` for registrant `uuid` at event `webinarID` waits again, due now, with its tries " +
    "counted from zero; the engine decides and carries it out as any job (audience, consent, quiet hours, plan " +
    "limit), under the same idempotency key. 404 when there is no such job, 409 when it has not failed.",
  access: "timelines:write",
  body: ResendScheduledRequestSchema,
  answer: { description: "The job, waiting again.", schema: v.object({ success: ScheduledSchema }) },
  async handle({ body, caller, deps }) {
    const { orm } = deps.db;
    const now = deps.config.now();
    const event = await ownEvent(orm, caller.accountId, body.webinarID);
    const registrant = await ownRegistrant(orm, caller.accountId, body.uuid);
    const job = and(
      eq(scheduledActions.accountId, caller.accountId),
      eq(scheduledActions.eventId, event.id),
      eq(scheduledActions.registrantId, registrant.uuid),
      eq(scheduledActions.nodeKey, body.nodeKey),
    );
    const [found] = await orm.select({ status: scheduledActions.status }).from(scheduledActions).where(job);
    if (!found) throw notFound("This registrant has no job of this action at this event.");
    const [row] = await orm
      .update(scheduledActions)
      .set({ status: "pending", jobId: null, attempts: 0, dueAt: now, detail: HOST_REASONS.resent, updatedAt: now })
      .where(and(job, eq(scheduledActions.status, "dead")))
      .returning();
    if (!row) throw conflict(`Only a failed job (dead letter) can be sent again; this one is ${found.status}.`, "nodeKey");
    const [labelled] = await readable(orm, caller.accountId, [row]);
    const { accountId: _account, jobId: _job, createdAt: _created, updatedAt: _updated, ...rest } = labelled ?? { ...row, actionTitle: "", registrantName: "", registrantEmail: "" };
    return { success: { ...rest, plannedAt: row.plannedAt.toISOString(), dueAt: row.dueAt.toISOString() } };
  },
});

export const automationJobRoutes = [scheduledActionsRoute, cancelRoute, resendRoute];
