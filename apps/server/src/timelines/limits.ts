import { and, count, eq, ne, sum } from "drizzle-orm";
import { checkLimit, planLimitsFor, type AccountLimits } from "@cuepoint/sdk";
import type { Caller } from "../http/authenticate.js";
import { accounts, purchases, timelines } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { HttpError } from "../http/errors.js";

/**
 * Plan limits are refused with 403: the request is well-formed and the caller may make it, but the
 * plan does not allow it. The message is the SDK's `checkLimit` sentence (what the plan allows,
 * what the account has, what to do).
 */
export const overPlan = (message: string, field?: string) => new HttpError(403, message, field);

/** The caller's limits: the role's plan (spec §9) plus purchased and granted actions. */
export async function accountLimits(orm: Orm, caller: Caller): Promise<AccountLimits> {
  const [bought, [account]] = await Promise.all([
    orm.select({ type: purchases.type, quantity: purchases.quantity }).from(purchases).where(eq(purchases.accountId, caller.accountId)),
    orm.select({ additionalActions: accounts.additionalActions }).from(accounts).where(eq(accounts.id, caller.accountId)),
  ]);
  return planLimitsFor(caller.role, { purchases: bought, additionalActions: account?.additionalActions ?? 0 });
}

/**
 * Refuses a new active timeline (create, copy, import, restore) past the plan's timeline count.
 * Trashed timelines do not count: they run nothing, and restoring one is checked again.
 */
export async function assertTimelineSlot(tx: Orm, caller: Caller, actionsAdded = 0): Promise<void> {
  const limits = await accountLimits(tx, caller);
  const [active] = await tx
    .select({ n: count(), actions: sum(timelines.actionCount).mapWith(Number) })
    .from(timelines)
    .where(and(eq(timelines.accountId, caller.accountId), eq(timelines.status, "active")));
  const timelinesCheck = checkLimit("timelines", active?.n ?? 0, 1, limits);
  if (!timelinesCheck.ok) throw overPlan(timelinesCheck.message);
  const actionsCheck = checkLimit("actions", active?.actions ?? 0, actionsAdded, limits);
  if (!actionsCheck.ok) throw overPlan(actionsCheck.message);
}

/**
 * Refuses blocks that would take the account's actions (nodes of its active timelines) past the
 * plan's action limit. Fewer nodes than before always pass, so a host over the limit (after a
 * downgrade) can still remove actions.
 */
export async function assertActions(tx: Orm, caller: Caller, timelineId: string, newCount: number, field = "blocks") {
  const limits = await accountLimits(tx, caller);
  const scope = and(eq(timelines.accountId, caller.accountId), eq(timelines.status, "active"));
  const [others, [own]] = await Promise.all([
    tx.select({ n: sum(timelines.actionCount).mapWith(Number) }).from(timelines).where(and(scope, ne(timelines.id, timelineId))),
    tx.select({ n: timelines.actionCount }).from(timelines).where(eq(timelines.id, timelineId)),
  ]);
  const current = own?.n ?? 0;
  const used = (others[0]?.n ?? 0) + current;
  const check = checkLimit("actions", used, newCount - current, limits);
  if (!check.ok) throw overPlan(check.message, field);
}
