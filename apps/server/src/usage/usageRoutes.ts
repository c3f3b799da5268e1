import { and, count, countDistinct, desc, eq, exists, gte, lt, sql, sum, type SQL } from "drizzle-orm";
import * as v from "valibot";
import { planLimitsFor, ResourceHistoryQuerySchema, ResourceStatusSchema } from "@cuepoint/sdk";
import { accounts, events, eventSeries, purchases, usageEvents } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { badRequest } from "../http/errors.js";
import { defineRoute } from "../http/route.js";
import { usagePeriod } from "./period.js";
import { settleWebinarHours } from "./webinarHours.js";

/** Usage history rows per page. */
export const HISTORY_PAGE_SIZE = 20;

export { usagePeriod };

/**
 * Timelines that run a recurring series still going: a series (`event_series`) of the account
 * with an event starting now or later. A series whose last event has started no longer counts.
 */
async function recurringTimelines(orm: Orm, accountId: string, now: Date): Promise<number> {
  const [row] = await orm
    .select({ n: countDistinct(eventSeries.timelineId) })
    .from(eventSeries)
    .where(
      and(
        eq(eventSeries.accountId, accountId),
        exists(
          orm
            .select({ one: sql`1` })
            .from(events)
            .where(and(eq(events.seriesId, eventSeries.id), gte(events.startsAt, now))),
        ),
      ),
    );
  return row?.n ?? 0;
}

const resourceStatus = defineRoute({
  method: "POST",
  path: "/user/resource_status",
  operationId: "account.resourceStatus",
  tag: "Usage",
  summary: "What the account used this month, against its plan's limits",
  description:
    "`actions` and `webinar_hours` are sums of the account's `usage_events` in the current calendar month " +
    "(UTC). The scheduler writes `actions` as it runs them. `webinar_hours`: each event that has ended and " +
    "that at least one registrant attended (attendance is what Cuepoint's own live room observes; replays never " +
    "count) counts the length its room ran live — the program's (the timeline's video with its intro and outro or " +
    "split parts), else `manualControl.duration` minutes, else `scheduleLength` hours — once, in the month it " +
    "ended, whatever the number of attendees; an event nobody came to counts nothing. " +
    "`recurring_timelines` counts timelines with a recurring series that still has an event to come. " +
    "`additional_actions` are actions granted to the account. `limits` are the plan limits of spec §9 for the caller's role, " +
    "with purchased and additional actions added (the SDK's `planLimitsFor`); `period` is the month counted.",
  access: "account:read",
  answer: {
    description: "Usage, limits and period.",
    schema: v.object({ success: ResourceStatusSchema }),
  },
  async handle({ caller, deps }) {
    const { orm } = deps.db;
    const now = deps.config.now();
    const period = usagePeriod(now);
    await settleWebinarHours(orm, caller.accountId, now);
    const [used, bought, [account], recurring] = await Promise.all([
      orm
        .select({ type: usageEvents.type, total: sum(usageEvents.quantity).mapWith(Number) })
        .from(usageEvents)
        .where(
          and(
            eq(usageEvents.accountId, caller.accountId),
            gte(usageEvents.createdAt, period.from),
            lt(usageEvents.createdAt, period.to),
          ),
        )
        .groupBy(usageEvents.type),
      orm
        .select({ type: purchases.type, quantity: purchases.quantity })
        .from(purchases)
        .where(eq(purchases.accountId, caller.accountId)),
      orm
        .select({ additionalActions: accounts.additionalActions })
        .from(accounts)
        .where(eq(accounts.id, caller.accountId)),
      recurringTimelines(orm, caller.accountId, now),
    ]);
    const total = (type: string) => used.find((row) => row.type === type)?.total ?? 0;
    const additionalActions = account?.additionalActions ?? 0;
    const { role: _role, ...limits } = planLimitsFor(caller.role, { purchases: bought, additionalActions });
    return {
      success: {
        actions: Math.round(total("actions")),
        webinar_hours: Math.round(total("webinar_hours") * 100) / 100,
        recurring_timelines: recurring,
        additional_actions: additionalActions,
        limits,
        period: { from: period.from.toISOString(), to: period.to.toISOString() },
      },
    };
  },
});

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` query date as the UTC midnight it starts, or a 400 naming the field. */
function parseDay(value: string, field: "from" | "to"): Date {
  const day = new Date(`${value}T00:00:00Z`);
  if (!DATE.test(value) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) {
    throw badRequest(`"${field}" must be a date written YYYY-MM-DD, like 2024-05-01.`, field);
  }
  return day;
}

const resourceHistory = defineRoute({
  method: "GET",
  path: "/user/resource_history",
  operationId: "account.resourceHistory",
  tag: "Usage",
  summary: "The account's usage events, newest first, 20 a page",
  description:
    "`type` keeps one kind (`actions`, `webinar_hours`, `recurring_timelines`); `from` and `to` are inclusive " +
    "UTC dates (YYYY-MM-DD); `page` starts at 1. `total` counts every matching event.",
  access: "account:read",
  query: ResourceHistoryQuerySchema,
  answer: {
    description: "One page of events and the total.",
    schema: v.object({
      success: v.array(
        v.object({
          type: v.string(),
          quantity: v.number(),
          created_at: v.string(),
          description: v.optional(v.string()),
        }),
      ),
      total: v.number(),
    }),
  },
  async handle({ query, caller, deps }) {
    await settleWebinarHours(deps.db.orm, caller.accountId, deps.config.now());
    const page = Math.max(1, Math.floor(query.page ?? 1));
    const filters: SQL[] = [eq(usageEvents.accountId, caller.accountId)];
    if (query.type) filters.push(eq(usageEvents.type, query.type));
    if (query.from) filters.push(gte(usageEvents.createdAt, parseDay(query.from, "from")));
    if (query.to) filters.push(lt(usageEvents.createdAt, new Date(parseDay(query.to, "to").getTime() + DAY_MS)));
    const where = and(...filters);
    const [rows, [counted]] = await Promise.all([
      deps.db.orm
        .select()
        .from(usageEvents)
        .where(where)
        .orderBy(desc(usageEvents.createdAt))
        .limit(HISTORY_PAGE_SIZE)
        .offset((page - 1) * HISTORY_PAGE_SIZE),
      deps.db.orm.select({ total: count() }).from(usageEvents).where(where),
    ]);
    return {
      success: rows.map((row) => ({
        type: row.type,
        quantity: row.quantity,
        created_at: row.createdAt.toISOString(),
        description: row.description,
      })),
      total: counted?.total ?? 0,
    };
  },
});

export const usageRoutes = [resourceStatus, resourceHistory];
