import { eq } from "drizzle-orm";
import type { Plan } from "@cuepoint/sdk";
import { billingEvents, subscriptions, type SubscriptionRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { BillingError, type BillingAccount, type BillingProvider } from "./provider.js";

type Subscription = Omit<typeof subscriptions.$inferInsert, "accountId" | "provider" | "updatedAt">;
/** A change decided from the current row: the new row and the audit event's details. */
type Change = { values: Subscription; details: Record<string, unknown> };

const toPlan = (row: Subscription): Plan => ({
  plan: row.plan,
  frequency: row.frequency,
  status: row.status,
  renews_at: row.renewsAt?.toISOString() ?? null,
  cancel_at: row.cancelAt?.toISOString() ?? null,
  card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
});

const periodEnd = (from: Date, frequency: Plan["frequency"]) => {
  const end = new Date(from);
  if (frequency === "yearly") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
};

/**
 * The `local` billing provider: no card processor, no money. It keeps the subscription in the
 * `subscriptions` table and appends every change to `billing_events`, so self-hosted
 * installations, demos and tests get working plan changes with an audit trail. Payment methods
 * are stored by id only; the "card" shown is brand `local` with the id's last four characters.
 * Cancelling keeps the plan until the paid period ends, then it lapses to `free` the next time
 * the plan is read.
 */
export function createLocalBilling(options: { orm: Orm; now: () => Date }): BillingProvider {
  const { orm, now } = options;
  const name = "local";

  /** An account without a row is on the plan its role implies, billed monthly, no card. */
  const current = (row: SubscriptionRow | undefined, account: BillingAccount): Subscription =>
    row ?? { plan: account.currentPlan, frequency: "monthly", status: "active", renewsAt: null, cancelAt: null };

  /**
   * Reads the subscription, decides the change, and writes it with its audit event in one
   * transaction: never one without the other, and the decision is made on the row it replaces.
   * `decide` may throw a BillingError (nothing is written) or answer undefined (nothing to do).
   */
  const update = (account: BillingAccount, kind: string, decide: (now: Subscription) => Change | undefined) =>
    orm.transaction(async (tx) => {
      const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.accountId, account.accountId));
      const change = decide(current(row, account));
      if (!change) return toPlan(current(row, account));
      const values = { ...change.values, accountId: account.accountId, provider: name, updatedAt: now() };
      await tx.insert(subscriptions).values(values).onConflictDoUpdate({ target: subscriptions.accountId, set: values });
      await tx
        .insert(billingEvents)
        .values({ accountId: account.accountId, provider: name, kind, details: change.details, createdAt: now() });
      return toPlan(values);
    });

  return {
    name,
    getPlan: (account) =>
      update(account, "plan_lapsed", (sub) =>
        sub.status === "canceled" && sub.cancelAt && sub.cancelAt <= now()
          ? {
              values: { ...sub, plan: "free", status: "active", renewsAt: null, cancelAt: null },
              details: { from: sub.plan, to: "free" },
            }
          : undefined,
      ),
    changePlan: (account, plan, frequency) =>
      update(account, "plan_changed", (sub) => ({
        values: {
          ...sub,
          plan,
          frequency,
          status: "active",
          renewsAt: plan === "free" ? null : periodEnd(now(), frequency),
          cancelAt: null,
        },
        details: { from: sub.plan, to: plan, frequency },
      })),
    cancelPlan: (account) =>
      update(account, "plan_canceled", (sub) => {
        if (sub.plan === "free") throw new BillingError("There is no paid plan to cancel.");
        if (sub.status === "canceled") throw new BillingError("The subscription is already canceled.");
        return { values: { ...sub, status: "canceled", cancelAt: sub.renewsAt ?? now() }, details: { plan: sub.plan } };
      }),
    updatePayment: (account, paymentMethodId) =>
      update(account, "payment_updated", (sub) => ({
        values: { ...sub, paymentMethodId, cardBrand: "local", cardLast4: paymentMethodId.slice(-4).padStart(4, "•") },
        details: { payment_method_id: paymentMethodId },
      })),
  };
}
