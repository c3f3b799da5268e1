import type { RoleName } from "../../constants.js";
import { fail, pass, type RuleResult } from "../result.js";
import { isUnlimited, type LimitKind, type PlanLimits } from "./planLimits.js";

/** Limits to check against; with `role` the message names the plan ("Your Free plan …"). */
export type LimitsToCheck = PlanLimits & { readonly role?: RoleName | undefined };

const whole = /* @__PURE__ */ new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const gb = /* @__PURE__ */ new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** How each limit reads in a sentence, and what the person can do about it. */
const WORDING: Record<LimitKind, { quantity: (n: number) => string; have: string; advice: string }> = {
  timelines: {
    quantity: (n) => `${whole.format(n)} ${n === 1 ? "timeline" : "timelines"}`,
    have: "you have",
    advice: "Upgrade or delete a timeline.",
  },
  actions: {
    quantity: (n) => `${whole.format(n)} ${n === 1 ? "action" : "actions"}`,
    have: "you have",
    advice: "Upgrade, buy more actions or delete an action.",
  },
  webinarHours: {
    quantity: (n) => `${whole.format(n)} ${n === 1 ? "webinar hour" : "webinar hours"}`,
    have: "you have used",
    advice: "Upgrade to get more webinar hours.",
  },
  storageGB: {
    quantity: (n) => `${whole.format(n)} GB of storage`,
    have: "you are using",
    advice: "Upgrade or delete media to free up space.",
  },
};

const NOUN: Record<LimitKind, string> = {
  timelines: "timelines",
  actions: "actions",
  webinarHours: "webinar hours",
  storageGB: "storage",
};

/** Float sums of GB (0.1 + 0.2) must not tip an exact fit over the limit. */
const EPSILON = 1e-9;

const planName = (role: RoleName) => role.charAt(0).toUpperCase() + role.slice(1);

/**
 * Checks that `used + adding` stays within a plan limit (reaching the limit exactly is allowed).
 * Unlimited (`-1`) always passes, and so does adding nothing. `used` and `adding` are counts, hours
 * or GB according to `kind`.
 *
 * @throws RangeError when `used` or `adding` is not a finite number.
 * @example
 * const free = planLimitsFor("free");
 * checkLimit("timelines", 1, 1, free); // { ok: true }
 * checkLimit("timelines", 2, 1, free);
 * // { ok: false, message: "Your Free plan allows 2 timelines; you have 2. Upgrade or delete a timeline." }
 */
export function checkLimit(kind: LimitKind, used: number, adding: number, limits: LimitsToCheck): RuleResult {
  if (!Number.isFinite(used) || !Number.isFinite(adding)) {
    throw new RangeError(`checkLimit needs finite numbers (used ${used}, adding ${adding}).`);
  }
  const limit = limits[kind];
  if (isUnlimited(limit) || adding <= 0 || used + adding <= limit + EPSILON) return pass();

  if (limits.role === "disabled") {
    return fail(`Your account is disabled, so it can't add ${NOUN[kind]}. Contact support to reactivate it.`);
  }
  const plan = limits.role ? `Your ${planName(limits.role)} plan` : "Your plan";
  const wording = WORDING[kind];
  if (limit <= 0) return fail(`${plan} doesn't include ${NOUN[kind]}. Upgrade to a plan that does.`);

  const isStorage = kind === "storageGB";
  const format = (n: number) => (isStorage ? `${gb.format(n)} GB` : whole.format(n));
  const adds = isStorage || kind === "webinarHours" || adding !== 1 ? `, and this needs ${format(adding)} more` : "";
  return fail(`${plan} allows ${wording.quantity(limit)}; ${wording.have} ${format(used)}${adds}. ${wording.advice}`);
}
