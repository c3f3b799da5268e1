import { describe, expect, it } from "vitest";
import { hasFeature, type UserWithFeatures } from "./hasFeature.js";

describe("hasFeature", () => {
  it.each<[string, UserWithFeatures]>([
    ["true", { features: { registrantUpload: true } }],
    ["1", { features: { registrantUpload: 1 } }],
    ['"1"', { features: { registrantUpload: "1" } }],
    ['"true"', { features: { registrantUpload: "true" } }],
    ["a list naming it", { features: ["other", "registrantUpload"] }],
  ])("on when the flag is %s", (_, user) => {
    expect(hasFeature(user, "registrantUpload")).toBe(true);
  });

  it.each<[string, UserWithFeatures | null | undefined]>([
    ["false", { features: { registrantUpload: false } }],
    ["0", { features: { registrantUpload: 0 } }],
    ['"0"', { features: { registrantUpload: "0" } }],
    ['"false"', { features: { registrantUpload: "false" } }],
    ["null", { features: { registrantUpload: null } }],
    ["absent", { features: { other: true } }],
    ["a list without it", { features: ["other"] }],
    ["no features", {}],
    ["null features", { features: null }],
    ["no user", undefined],
    ["a null user", null],
  ])("off when the flag is %s", (_, user) => {
    expect(hasFeature(user, "registrantUpload")).toBe(false);
  });

  it("ignores inherited properties", () => {
    expect(hasFeature({ features: {} }, "constructor")).toBe(false);
  });
});
