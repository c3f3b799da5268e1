import type { Plan, RoleName } from "@cuepoint/sdk";

/** The plans a customer can move between on their own; other roles are set by staff. */
export const SELF_SERVE_PLANS = ["free", "beginner", "advanced", "professional"] as const satisfies readonly RoleName[];
export type SelfServePlan = (typeof SELF_SERVE_PLANS)[number];

/** The account a billing call is about, with the plan its role implies today. */
export interface BillingAccount {
  accountId: string;
  /** The plan (role name) the account has when the provider holds no subscription for it. */
  currentPlan: RoleName;
}

/** A refusal with a message fit for the person (no plan to cancel, card declined…). */
export class BillingError extends Error {
  override name = "BillingError";
}

/**
 * Where plans and payments are carried out. Routes only talk to this interface and then set the
 * account's role from the plan the provider reports (billing/syncRole.ts), so a card processor's
 * provider replaces the `local` one without touching a route. Every method answers the plan as
 * `GET /user/plan` shows it (the SDK's `Plan`).
 */
export interface BillingProvider {
  readonly name: string;
  getPlan(account: BillingAccount): Promise<Plan>;
  changePlan(account: BillingAccount, plan: SelfServePlan, frequency: Plan["frequency"]): Promise<Plan>;
  /** Cancels at the end of the paid period; the plan drops to free then. */
  cancelPlan(account: BillingAccount): Promise<Plan>;
  /** Attaches a payment method (the id a card form produced). */
  updatePayment(account: BillingAccount, paymentMethodId: string): Promise<Plan>;
}
