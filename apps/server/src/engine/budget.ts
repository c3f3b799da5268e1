import { and, asc, eq, gte, sum } from "drizzle-orm";
import { isUnlimited, planLimitsFor } from "@cuepoint/sdk";
import { accounts, purchases, usageEvents, users } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";

/** How many actions an account may still carry out this month. */
export interface ActionBudget {
  /** The plan's monthly actions with purchases and granted ones (-1: unlimited). */
  limit: number;
  /** `actions` usage events this calendar month (UTC), as `user/resource_status` counts them. */
  used: number;
}

/**
 * The account's action budget: the plan limit of its first user's role (spec §9, the SDK's
 * `planLimitsFor` with purchases and `additional_actions`) and what it used this month.
 *
 * @example
 * const { limit, used } = await actionBudget(orm, accountId, now); // { limit: 30000, used: 12 }
 */
export async function actionBudget(orm: Orm, accountId: string, now: Date): Promise<ActionBudget> {
  const [[owner], bought, [account]] = await Promise.all([
    orm.select({ role: users.role }).from(users).where(eq(users.accountId, accountId)).orderBy(asc(users.createdAt)).limit(1),
    orm.select({ type: purchases.type, quantity: purchases.quantity }).from(purchases).where(eq(purchases.accountId, accountId)),
    orm.select({ additionalActions: accounts.additionalActions }).from(accounts).where(eq(accounts.id, accountId)),
  ]);
  // An account without users (never through the API) has the free plan's limits.
  const limits = planLimitsFor(owner?.role ?? "00", { purchases: bought, additionalActions: account?.additionalActions ?? 0 });
  if (isUnlimited(limits.actions)) return { limit: limits.actions, used: 0 };
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [usage] = await orm
    .select({ n: sum(usageEvents.quantity).mapWith(Number) })
    .from(usageEvents)
    .where(and(eq(usageEvents.accountId, accountId), eq(usageEvents.type, "actions"), gte(usageEvents.createdAt, monthStart)));
  return { limit: limits.actions, used: usage?.n ?? 0 };
}

/** True when one more action fits the budget. */
export const withinBudget = (budget: ActionBudget): boolean => isUnlimited(budget.limit) || budget.used < budget.limit;
