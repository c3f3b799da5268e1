import * as v from "valibot";
import { ChangePlanRequestSchema, resolveRole, UpdatePaymentRequestSchema, type Plan } from "@cuepoint/sdk";
import type { Caller } from "../http/authenticate.js";
import { BillingError, SELF_SERVE_PLANS, type BillingAccount, type SelfServePlan } from "./provider.js";
import { syncRole } from "./syncRole.js";
import type { AppDeps } from "../deps.js";
import { unprocessable } from "../http/errors.js";
import { defineRoute } from "../http/route.js";

const PlanAnswer = v.object({
  success: v.object({
    plan: v.string(),
    frequency: v.picklist(["monthly", "yearly"]),
    status: v.string(),
    renews_at: v.nullable(v.string()),
    cancel_at: v.nullable(v.string()),
    card: v.nullable(v.object({ brand: v.string(), last4: v.string() })),
  }),
});

const BILLING_NOTE =
  "Carried out by the configured billing provider; the built-in `local` provider charges nothing and records " +
  "each change in `subscriptions` and `billing_events`. The account's role follows the plan (plan limits " +
  "are per role).";

const billingAccount = (caller: Caller): BillingAccount => {
  const role = resolveRole(caller.role);
  return { accountId: caller.accountId, currentPlan: role && role !== "disabled" ? role : "free" };
};

/** Runs a provider call, turns its refusals into 422s, and moves the role to the resulting plan. */
async function billing(deps: AppDeps, caller: Caller, call: (account: BillingAccount) => Promise<Plan>) {
  try {
    const plan = await call(billingAccount(caller));
    await syncRole(deps.db.orm, caller.accountId, plan);
    return { success: plan };
  } catch (error) {
    if (error instanceof BillingError) throw unprocessable(error.message);
    throw error;
  }
}

const getPlan = defineRoute({
  method: "GET",
  path: "/user/plan",
  operationId: "account.getPlan",
  tag: "Billing",
  summary: "The account's plan",
  description: BILLING_NOTE,
  access: "account:read",
  answer: { description: "The plan.", schema: PlanAnswer },
  handle: ({ caller, deps }) => billing(deps, caller, (account) => deps.billing.getPlan(account)),
});

const changePlan = defineRoute({
  method: "PUT",
  path: "/user/plan",
  operationId: "account.changePlan",
  tag: "Billing",
  summary: "Change the plan",
  description:
    `Self-serve plans: ${SELF_SERVE_PLANS.join(", ")} (name or role code). Staff and special account types ` +
    `change plans through support (422). ${BILLING_NOTE}`,
  access: "account:write",
  body: ChangePlanRequestSchema,
  answer: { description: "The new plan.", schema: PlanAnswer },
  async handle({ body, caller, deps }) {
    const wanted = resolveRole(body.plan);
    if (!wanted || !(SELF_SERVE_PLANS as readonly string[]).includes(wanted)) {
      throw unprocessable(
        `There is no plan called "${body.plan}". Choose one of: ${SELF_SERVE_PLANS.join(", ")}.`,
        "plan",
      );
    }
    const current = resolveRole(caller.role);
    if (current && !(SELF_SERVE_PLANS as readonly string[]).includes(current)) {
      throw unprocessable("Plan changes for this type of account are made by support. Please reach out to support.");
    }
    return billing(deps, caller, (account) =>
      deps.billing.changePlan(account, wanted as SelfServePlan, body.frequency),
    );
  },
});

const cancelPlan = defineRoute({
  method: "DELETE",
  path: "/user/plan",
  operationId: "account.cancelPlan",
  tag: "Billing",
  summary: "Cancel the subscription at the end of the paid period",
  description: `422 when there is no paid plan, or it is already canceled. ${BILLING_NOTE}`,
  access: "account:write",
  answer: { description: "The plan, with `status: canceled` and `cancel_at`.", schema: PlanAnswer },
  handle: ({ caller, deps }) => billing(deps, caller, (account) => deps.billing.cancelPlan(account)),
});

const updatePayment = defineRoute({
  method: "PUT",
  path: "/user/payment",
  operationId: "account.updatePayment",
  tag: "Billing",
  summary: "Attach a payment method",
  description: `\`id\` is the payment-method id a card form produced. ${BILLING_NOTE}`,
  access: "account:write",
  body: UpdatePaymentRequestSchema,
  answer: { description: "The plan with its card.", schema: PlanAnswer },
  handle: ({ body, caller, deps }) =>
    billing(deps, caller, (account) => deps.billing.updatePayment(account, String(body.id))),
});

export const billingRoutes = [getPlan, changePlan, cancelPlan, updatePayment];
