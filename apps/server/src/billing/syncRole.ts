import { and, eq, inArray } from "drizzle-orm";
import { resolveRole, ROLE_CODES, type Plan } from "@cuepoint/sdk";
import { users } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { SELF_SERVE_PLANS } from "./provider.js";

const SELF_SERVE_CODES = SELF_SERVE_PLANS.map((plan) => ROLE_CODES[plan]);

/**
 * Plan limits follow the role (spec §9), so after a provider reports a plan the account's users
 * take that plan's role. Only users on a self-serve plan move: staff, special account types and
 * disabled users keep the role support gave them.
 */
export async function syncRole(orm: Orm, accountId: string, plan: Plan): Promise<void> {
  const name = resolveRole(plan.plan);
  if (!name || !(SELF_SERVE_PLANS as readonly string[]).includes(name)) return;
  await orm
    .update(users)
    .set({ role: ROLE_CODES[name] })
    .where(and(eq(users.accountId, accountId), inArray(users.role, SELF_SERVE_CODES)))
    .returning({ id: users.id });
}
