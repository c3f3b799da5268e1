import { describe, expect, it } from "vitest";
import { safeRedirect } from "./InvokerScreen.js";

describe("safeRedirect (external navigation refused, spec §8)", () => {
  it.each([
    ["/leads", "/leads"],
    ["/timelines/7?tab=code", "/timelines/7?tab=code"],
    [null, "/"],
    ["", "/"],
    ["//evil.example/x", "/"],
    ["https://evil.example", "/"],
    ["javascript:alert(1)", "/"],
  ])("%j → %s", (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });
});
