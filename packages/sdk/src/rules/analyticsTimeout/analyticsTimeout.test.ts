import { describe, expect, it } from "vitest";
import { ANALYTICS_TIMEOUT, isAnalyticsTimeout, type AnalyticsResultLike } from "./analyticsTimeout.js";

describe("isAnalyticsTimeout", () => {
  it("the timeout marker is the spec's 'timeout'", () => {
    expect(ANALYTICS_TIMEOUT).toBe("timeout");
  });

  it.each<[string, AnalyticsResultLike | null | undefined]>([
    ["status 524 even with registrants", { status: 524, data: { registrants: 3 } }],
    ["status 524 without data", { status: 524 }],
    ["no data", { status: 200 }],
    ["data without registrants", { status: 200, data: { attendees: 3 } }],
    ["null data", { status: 200, data: null }],
    ["string data", { status: 200, data: "Gateway timeout" }],
    ["an array", { status: 200, data: [{ registrants: 1 }] }],
    ["no result at all", undefined],
    ["a null result", null],
  ])("timeout: %s", (_, result) => {
    expect(isAnalyticsTimeout(result)).toBe(true);
  });

  it.each<[string, AnalyticsResultLike]>([
    ["registrants present", { status: 200, data: { registrants: 12, attendees: 4 } }],
    ["registrants zero", { status: 200, data: { registrants: 0 } }],
    ["registrants empty list", { status: 200, data: { registrants: [] } }],
    ["registrants null", { status: 200, data: { registrants: null } }],
    ["no status but registrants", { data: { registrants: 1 } }],
    ["another error status with registrants", { status: 504, data: { registrants: 1 } }],
  ])("not a timeout: %s", (_, result) => {
    expect(isAnalyticsTimeout(result)).toBe(false);
  });
});
