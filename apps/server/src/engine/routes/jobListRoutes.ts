import { and, desc, eq, inArray, type AnyColumn, type SQL } from "drizzle-orm";
import * as v from "valibot";
import { DeliveriesQuerySchema, ScheduledQuerySchema } from "@cuepoint/sdk";
import { actionDeliveries, scheduledActions } from "../../db/schema/index.js";
import type { Orm } from "../../db/types.js";
import { defineRoute } from "../../http/route.js";
import { ownEvent, ownRegistrant, ownTimeline } from "../../events/access.js";
import { readable, searchCondition } from "./jobLabels.js";
import { DeliverySchema, ScheduledSchema } from "./jobSchemas.js";

/** The delivery log and the scheduled jobs (the editor's Scheduled Events): one filter, paged. */

const tag = "Automation";
const PAGE_SIZE = 50;

/**
 * The filter of a deliveries/scheduled query, after checking each id is the caller's: scope
 * (timeline, event, registrant), one action (`nodeKey`) and the search (registrant or title).
 */
async function filterOf(
  orm: Orm,
  accountId: string,
  query: v.InferOutput<typeof DeliveriesQuerySchema> | v.InferOutput<typeof ScheduledQuerySchema>,
  columns: typeof scheduledActions | typeof actionDeliveries,
): Promise<SQL | undefined> {
  const column = (name: "accountId" | "timelineId" | "eventId" | "registrantId" | "nodeKey" | "action"): AnyColumn => columns[name];
  const parts: (SQL | undefined)[] = [eq(column("accountId"), accountId)];
  const timelineIds: string[] = [];
  if (query.webinarTimeline !== undefined) {
    const timeline = await ownTimeline(orm, accountId, query.webinarTimeline);
    parts.push(eq(column("timelineId"), timeline.id));
    timelineIds.push(timeline.id);
  }
  if (query.webinarID !== undefined) {
    const event = await ownEvent(orm, accountId, query.webinarID);
    parts.push(eq(column("eventId"), event.id));
    timelineIds.push(event.timelineId);
  }
  if (query.uuid !== undefined) {
    const registrant = await ownRegistrant(orm, accountId, query.uuid);
    parts.push(eq(column("registrantId"), registrant.uuid));
    timelineIds.push(registrant.timelineId);
  }
  if (query.nodeKey !== undefined) parts.push(eq(column("nodeKey"), query.nodeKey));
  if (query.search) {
    const columnsOf = { timelineId: column("timelineId"), registrantId: column("registrantId"), nodeKey: column("nodeKey"), action: column("action") };
    parts.push(await searchCondition(orm, accountId, query.search, columnsOf, timelineIds));
  }
  return and(...parts);
}

const deliveries = defineRoute({
  method: "GET",
  path: "/automation/deliveries",
  operationId: "automation.deliveries",
  tag,
  summary: "The delivery log of a timeline, an event or a registrant",
  description:
    "One row per outcome: `sent` (with the peer's answer), `skipped` (and why: audience, consent, catch-up, plan " +
    "limit, no executor), `failed` (retried with exponential backoff; `detail` says when), `dead` (after the last " +
    "try, with the reason), `deferred` (quiet hours), `canceled`. Filter by `webinarTimeline`, `webinarID` and/or " +
    `\`uuid\` (at least one; 404 for ids that are not the account's), and optionally \`nodeKey\` (one action), ` +
    "`outcome` and `search` (the registrant's name or email, or the action's title, contains it). Each line " +
    `carries the action's title in the timeline and the registrant's name and email; ${PAGE_SIZE} a page, newest first.`,
  access: "timelines:read",
  query: DeliveriesQuerySchema,
  answer: { description: "The log page.", schema: v.object({ success: v.array(DeliverySchema), total: v.number() }) },
  async handle({ query, caller, deps }) {
    const { orm } = deps.db;
    const filter = await filterOf(orm, caller.accountId, query, actionDeliveries);
    const where = query.outcome ? and(filter, eq(actionDeliveries.outcome, query.outcome)) : filter;
    const page = query.page ?? 1;
    const [rows, all] = await Promise.all([
      orm.select().from(actionDeliveries).where(where).orderBy(desc(actionDeliveries.at), desc(actionDeliveries.id)).limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE),
      orm.$count(actionDeliveries, where),
    ]);
    const labelled = await readable(orm, caller.accountId, rows);
    return {
      success: labelled.map(({ accountId: _account, ...row }) => ({ ...row, dueAt: row.dueAt.toISOString(), at: row.at.toISOString() })),
      total: all,
    };
  },
});

const scheduled = defineRoute({
  method: "GET",
  path: "/automation/scheduled",
  operationId: "automation.scheduled",
  tag,
  summary: "Scheduled actions (the editor's Scheduled Events): each job with its time and state",
  description:
    "One row per (action, registrant, event): `plannedAt` (the timeline math), `dueAt` (when it runs: later after " +
    "quiet hours or a retry, at once for a late registrant's catch-up), `status` (pending, queued, sent, " +
    "skipped, dead, canceled) and `detail` (why), with the action's title and the registrant's name and email. " +
    "Same filters and paging as the delivery log (`status` instead of `outcome`; `waiting` is pending or queued), " +
    "soonest first.",
  access: "timelines:read",
  query: ScheduledQuerySchema,
  answer: { description: "The jobs.", schema: v.object({ success: v.array(ScheduledSchema), total: v.number() }) },
  async handle({ query, caller, deps }) {
    const { orm } = deps.db;
    const filter = await filterOf(orm, caller.accountId, query, scheduledActions);
    const status = query.status === "waiting" ? inArray(scheduledActions.status, ["pending", "queued"]) : query.status && eq(scheduledActions.status, query.status);
    const where = and(filter, status);
    const page = query.page ?? 1;
    const [rows, all] = await Promise.all([
      orm.select().from(scheduledActions).where(where).orderBy(scheduledActions.dueAt, scheduledActions.id).limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE),
      orm.$count(scheduledActions, where),
    ]);
    return {
      success: (await readable(orm, caller.accountId, rows)).map((row) => ({
        id: row.id,
        timelineId: row.timelineId,
        eventId: row.eventId,
        registrantId: row.registrantId,
        nodeKey: row.nodeKey,
        action: row.action,
        plannedAt: row.plannedAt.toISOString(),
        dueAt: row.dueAt.toISOString(),
        status: row.status,
        attempts: row.attempts,
        detail: row.detail,
        actionTitle: row.actionTitle,
        registrantName: row.registrantName,
        registrantEmail: row.registrantEmail,
      })),
      total: all,
    };
  },
});

/** The automation engine's routes (design, not in the spec): engine/README.md. */
export const jobListRoutes = [deliveries, scheduled];
