import type { RoleName } from "../../constants.js";
import { resolveRole, type RoleInput } from "../roles/roles.js";

/** A plan's limits (spec §9). `-1` ({@link UNLIMITED}) means unlimited. */
export interface PlanLimits {
  readonly timelines: number;
  readonly actions: number;
  readonly webinarHours: number;
  readonly storageGB: number;
}

/** One of the limited resources of a plan. */
export type LimitKind = keyof PlanLimits;

/** The limits of one account: its plan's limits plus purchased actions, and the plan they came from. */
export interface AccountLimits extends PlanLimits {
  /** The plan (role) the limits belong to; `undefined` when the role was not recognised. */
  readonly role: RoleName | undefined;
}

/** A purchase as `GET purchases` lists it (spec §3); only `type: "actions"` raises a limit. */
export interface PurchaseLike {
  readonly type: string;
  readonly quantity: number | string;
}

export interface PlanLimitExtras {
  /** The account's purchases; the quantities of `actions` purchases are added. */
  readonly purchases?: readonly PurchaseLike[] | null;
  /** `additional_actions` of the resource status (spec §3). */
  readonly additionalActions?: number | string | null;
}

/** The value that means "no limit" in every column of {@link PLAN_LIMITS}. */
export const UNLIMITED = -1;

/**
 * Plan limits by role, exactly as spec §9's table. The spec lists no row for `disabled`: a
 * disabled account gets zero of everything (it may not create anything), and purchases do not
 * change that.
 */
export const PLAN_LIMITS = {
  free: { timelines: 2, actions: 1000, webinarHours: 6, storageGB: 2 },
  beginner: { timelines: 20, actions: 20000, webinarHours: 60, storageGB: 20 },
  advanced: { timelines: 60, actions: 30000, webinarHours: 120, storageGB: 40 },
  professional: { timelines: -1, actions: 100000, webinarHours: 240, storageGB: 60 },
  admin: { timelines: -1, actions: -1, webinarHours: -1, storageGB: -1 },
  unlimited: { timelines: -1, actions: -1, webinarHours: -1, storageGB: -1 },
  operator: { timelines: -1, actions: -1, webinarHours: -1, storageGB: -1 },
  support: { timelines: -1, actions: -1, webinarHours: -1, storageGB: -1 },
  sales: { timelines: -1, actions: -1, webinarHours: -1, storageGB: -1 },
  awebinar: { timelines: 16, actions: 6000, webinarHours: 0, storageGB: 10 },
  manual: { timelines: 10, actions: 10000, webinarHours: 0, storageGB: 10 },
  disabled: { timelines: 0, actions: 0, webinarHours: 0, storageGB: 0 },
} as const satisfies Record<RoleName, PlanLimits>;

const NO_LIMITS: PlanLimits = { timelines: 0, actions: 0, webinarHours: 0, storageGB: 0 };

/**
 * True when a limit means unlimited (`-1`).
 *
 * @example
 * isUnlimited(PLAN_LIMITS.admin.actions); // true
 * isUnlimited(PLAN_LIMITS.free.actions); // false
 */
export function isUnlimited(limit: number): boolean {
  return limit === UNLIMITED;
}

/** A count from the API, which may arrive as a string; anything not a finite, non-negative number is 0. */
function count(value: number | string | null | undefined): number {
  const n = typeof value === "string" ? Number(value.trim() || Number.NaN) : value;
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? n : 0;
}

/**
 * The limits of an account with the given role (code or name). For finite plans the action limit
 * adds the quantity of every `actions` purchase and the additional actions (spec §9); an unlimited
 * action limit stays `-1`. Malformed or negative quantities count as 0. An unrecognised role gets
 * zero of everything (with `role: undefined`) rather than a guessed plan — the server stays the
 * authority, and the UI should not offer what it cannot confirm.
 *
 * @example
 * planLimitsFor("00", { purchases: [{ type: "actions", quantity: 500 }], additionalActions: 100 });
 * // { role: "free", timelines: 2, actions: 1600, webinarHours: 6, storageGB: 2 }
 * planLimitsFor(99).actions; // -1
 */
export function planLimitsFor(role: RoleInput, extras: PlanLimitExtras = {}): AccountLimits {
  const name = resolveRole(role);
  const base: PlanLimits = name === undefined ? NO_LIMITS : PLAN_LIMITS[name];
  let { actions } = base;
  if (name !== undefined && name !== "disabled" && !isUnlimited(actions)) {
    for (const purchase of extras.purchases ?? []) {
      if (purchase.type === "actions") actions += count(purchase.quantity);
    }
    actions += count(extras.additionalActions);
  }
  return { role: name, ...base, actions };
}
