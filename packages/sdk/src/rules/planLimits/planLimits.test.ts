import { describe, expect, it } from "vitest";
import { ROLE_CODES, type RoleName } from "../../constants.js";
import { PLAN_LIMITS, isUnlimited, planLimitsFor, type PlanLimitExtras } from "./planLimits.js";

describe("PLAN_LIMITS", () => {
  it.each<[RoleName, number, number, number, number]>([
    ["free", 2, 1000, 6, 2],
    ["beginner", 20, 20000, 60, 20],
    ["advanced", 60, 30000, 120, 40],
    ["professional", -1, 100000, 240, 60],
    ["admin", -1, -1, -1, -1],
    ["unlimited", -1, -1, -1, -1],
    ["operator", -1, -1, -1, -1],
    ["support", -1, -1, -1, -1],
    ["sales", -1, -1, -1, -1],
    ["awebinar", 16, 6000, 0, 10],
    ["manual", 10, 10000, 0, 10],
    ["disabled", 0, 0, 0, 0],
  ])("%s: %i timelines, %i actions, %i hours, %i GB (spec §9)", (role, timelines, actions, webinarHours, storageGB) => {
    expect(PLAN_LIMITS[role]).toEqual({ timelines, actions, webinarHours, storageGB });
  });

  it("has a row for every role and no other", () => {
    expect(Object.keys(PLAN_LIMITS).sort()).toEqual(Object.keys(ROLE_CODES).sort());
  });
});

describe("isUnlimited", () => {
  it.each([
    [-1, true],
    [0, false],
    [1000, false],
    [-2, false],
  ])("%i → %s", (limit, unlimited) => {
    expect(isUnlimited(limit)).toBe(unlimited);
  });
});

describe("planLimitsFor", () => {
  it("reads the role from a code or a name, minding 00 vs 0", () => {
    expect(planLimitsFor("00")).toEqual({ role: "free", ...PLAN_LIMITS.free });
    expect(planLimitsFor("0")).toEqual({ role: "beginner", ...PLAN_LIMITS.beginner });
    expect(planLimitsFor(0)).toEqual({ role: "beginner", ...PLAN_LIMITS.beginner });
    expect(planLimitsFor("professional")).toEqual({ role: "professional", ...PLAN_LIMITS.professional });
  });

  it.each<[string, string | number, PlanLimitExtras, number]>([
    ["free + one purchase", "00", { purchases: [{ type: "actions", quantity: 500 }] }, 1500],
    [
      "free + purchases + additional",
      "00",
      { purchases: [{ type: "actions", quantity: 500 }, { type: "actions", quantity: "250" }], additionalActions: 100 },
      1850,
    ],
    ["other purchase types are ignored", "1", { purchases: [{ type: "storage", quantity: 5 }] }, 30000],
    ["additional actions as a string", "2", { additionalActions: "1000" }, 101000],
    ["special accounts are finite", "13", { additionalActions: 5 }, 10005],
    ["malformed and negative quantities count 0", "00", {
      purchases: [{ type: "actions", quantity: "lots" }, { type: "actions", quantity: -50 }, { type: "actions", quantity: "" }],
      additionalActions: Number.NaN,
    }, 1000],
    ["null purchases", "00", { purchases: null, additionalActions: null }, 1000],
    ["unlimited stays -1", "99", { purchases: [{ type: "actions", quantity: 500 }], additionalActions: 10 }, -1],
    ["unlimited plan stays -1", "3", { additionalActions: 10 }, -1],
    ["disabled stays 0", "-1", { purchases: [{ type: "actions", quantity: 500 }], additionalActions: 10 }, 0],
  ])("%s", (_, role, extras, actions) => {
    expect(planLimitsFor(role, extras).actions).toBe(actions);
  });

  it("does not change the other limits", () => {
    expect(planLimitsFor("00", { additionalActions: 100 })).toEqual({
      role: "free",
      timelines: 2,
      actions: 1100,
      webinarHours: 6,
      storageGB: 2,
    });
  });

  it("gives an unknown role zero of everything", () => {
    expect(planLimitsFor("42", { additionalActions: 100 })).toEqual({
      role: undefined,
      timelines: 0,
      actions: 0,
      webinarHours: 0,
      storageGB: 0,
    });
  });

  it("does not mutate the table", () => {
    planLimitsFor("00", { additionalActions: 100 });
    expect(PLAN_LIMITS.free.actions).toBe(1000);
  });
});
