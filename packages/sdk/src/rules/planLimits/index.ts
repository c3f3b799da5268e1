export {
  PLAN_LIMITS,
  UNLIMITED,
  isUnlimited,
  planLimitsFor,
  type AccountLimits,
  type LimitKind,
  type PlanLimitExtras,
  type PlanLimits,
  type PurchaseLike,
} from "./planLimits.js";
export { checkLimit, type LimitsToCheck } from "./checkLimit.js";
