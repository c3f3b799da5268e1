import { describe, expect, it } from "vitest";
import type { LimitKind } from "./planLimits.js";
import { checkLimit } from "./checkLimit.js";
import { PLAN_LIMITS, planLimitsFor } from "./planLimits.js";

const free = planLimitsFor("free");

describe("checkLimit", () => {
  it.each<[LimitKind, number, number]>([
    ["timelines", 0, 1],
    ["timelines", 1, 1], // reaching the limit exactly is fine
    ["actions", 990, 10],
    ["webinarHours", 5, 1],
    ["storageGB", 1.9, 0.1],
    ["storageGB", 0.1 + 0.2, 1.7], // float sum must not tip an exact fit over
    ["timelines", 5, 0], // adding nothing
    ["timelines", 5, -1], // removing
  ])("free: %s used %d + %d fits", (kind, used, adding) => {
    expect(checkLimit(kind, used, adding, free)).toEqual({ ok: true });
  });

  it.each<[LimitKind, number, number, string]>([
    ["timelines", 2, 1, "Your Free plan allows 2 timelines; you have 2. Upgrade or delete a timeline."],
    [
      "timelines",
      1,
      2,
      "Your Free plan allows 2 timelines; you have 1, and this needs 2 more. Upgrade or delete a timeline.",
    ],
    [
      "actions",
      1000,
      1,
      "Your Free plan allows 1,000 actions; you have 1,000. Upgrade, buy more actions or delete an action.",
    ],
    [
      "actions",
      990,
      20,
      "Your Free plan allows 1,000 actions; you have 990, and this needs 20 more. Upgrade, buy more actions or delete an action.",
    ],
    [
      "webinarHours",
      6,
      1,
      "Your Free plan allows 6 webinar hours; you have used 6, and this needs 1 more. Upgrade to get more webinar hours.",
    ],
    [
      "storageGB",
      1.95,
      0.1,
      "Your Free plan allows 2 GB of storage; you are using 1.95 GB, and this needs 0.10 GB more. Upgrade or delete media to free up space.",
    ],
  ])("free: %s used %d + %d is over", (kind, used, adding, message) => {
    expect(checkLimit(kind, used, adding, free)).toEqual({ ok: false, message });
  });

  it("uses the singular for a limit of one", () => {
    const one = { timelines: 1, actions: 1, webinarHours: 1, storageGB: 1 };
    expect(checkLimit("timelines", 1, 1, one)).toEqual({
      ok: false,
      message: "Your plan allows 1 timeline; you have 1. Upgrade or delete a timeline.",
    });
  });

  it("counts purchased actions", () => {
    const limits = planLimitsFor("00", { purchases: [{ type: "actions", quantity: 500 }] });
    expect(checkLimit("actions", 1400, 100, limits).ok).toBe(true);
    expect(checkLimit("actions", 1500, 1, limits).ok).toBe(false);
  });

  it.each<[string, LimitKind]>([
    ["admin", "actions"],
    ["unlimited", "storageGB"],
    ["professional", "timelines"],
    ["sales", "webinarHours"],
  ])("%s has unlimited %s", (role, kind) => {
    expect(checkLimit(kind, 1e9, 1e9, planLimitsFor(role)).ok).toBe(true);
  });

  it("explains a plan that includes none of a resource", () => {
    expect(checkLimit("webinarHours", 0, 1, planLimitsFor("awebinar"))).toEqual({
      ok: false,
      message: "Your Awebinar plan doesn't include webinar hours. Upgrade to a plan that does.",
    });
  });

  it("tells a disabled account to contact support", () => {
    expect(checkLimit("timelines", 0, 1, planLimitsFor("-1"))).toEqual({
      ok: false,
      message: "Your account is disabled, so it can't add timelines. Contact support to reactivate it.",
    });
  });

  it("works on bare limits without a role", () => {
    expect(checkLimit("timelines", 60, 1, PLAN_LIMITS.advanced)).toEqual({
      ok: false,
      message: "Your plan allows 60 timelines; you have 60. Upgrade or delete a timeline.",
    });
  });

  it.each([
    [Number.NaN, 1],
    [1, Number.POSITIVE_INFINITY],
  ])("throws on non-finite numbers (%d, %d)", (used, adding) => {
    expect(() => checkLimit("timelines", used, adding, free)).toThrow(RangeError);
  });
});
