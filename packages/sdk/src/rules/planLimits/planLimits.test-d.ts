import { describe, expectTypeOf, it } from "vitest";
import type { RoleName } from "../../constants.js";
import type { RuleResult } from "../result.js";
import { checkLimit } from "./checkLimit.js";
import { PLAN_LIMITS, planLimitsFor, type AccountLimits, type LimitKind, type PlanLimits } from "./planLimits.js";

describe("plan limit types", () => {
  it("planLimitsFor returns AccountLimits: read-only numbers plus the resolved role", () => {
    const limits = planLimitsFor("00", { purchases: [{ type: "actions", quantity: 5 }] });
    expectTypeOf(limits).toEqualTypeOf<AccountLimits>();
    expectTypeOf(limits).toExtend<PlanLimits>();
    expectTypeOf(limits.actions).toEqualTypeOf<number>();
    expectTypeOf(limits.role).toEqualTypeOf<RoleName | undefined>();
    expectTypeOf<AccountLimits>().toEqualTypeOf<{
      readonly role: RoleName | undefined;
      readonly timelines: number;
      readonly actions: number;
      readonly webinarHours: number;
      readonly storageGB: number;
    }>();
    // @ts-expect-error limits are read-only
    limits.actions = 1;
  });

  it("planLimitsFor accepts codes, names and numbers, but not objects", () => {
    expectTypeOf(planLimitsFor).toBeCallableWith(99);
    expectTypeOf(planLimitsFor).toBeCallableWith("free");
    expectTypeOf(planLimitsFor).toBeCallableWith("00", { additionalActions: "5" });
    // @ts-expect-error a role is not an object
    planLimitsFor({ role: "free" });
    // @ts-expect-error purchases need a quantity
    planLimitsFor("free", { purchases: [{ type: "actions" }] });
  });

  it("PLAN_LIMITS keeps the spec's numbers as literal types and covers every role", () => {
    expectTypeOf(PLAN_LIMITS.free.timelines).toEqualTypeOf<2>();
    expectTypeOf(PLAN_LIMITS.professional.timelines).toEqualTypeOf<-1>();
    expectTypeOf<keyof typeof PLAN_LIMITS>().toEqualTypeOf<RoleName>();
  });

  it("checkLimit takes only the four limit kinds and returns a RuleResult", () => {
    expectTypeOf<LimitKind>().toEqualTypeOf<"timelines" | "actions" | "webinarHours" | "storageGB">();
    expectTypeOf(checkLimit("actions", 1, 1, PLAN_LIMITS.free)).toEqualTypeOf<RuleResult>();
    // @ts-expect-error not a limit kind
    checkLimit("leads", 1, 1, PLAN_LIMITS.free);
  });
});
