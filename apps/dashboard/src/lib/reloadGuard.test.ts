import { afterEach, describe, expect, it, vi } from "vitest";
import { reloadTarget, reloadTo } from "./reloadGuard.js";

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe("reload guard (spec §4: the path is kept 10 seconds)", () => {
  it("reloads a path once, refuses the same path again within 10 s, and allows it after", () => {
    // The page must not really reload under test: count the calls instead.
    const reload = vi.spyOn(location, "reload").mockImplementation(() => {});
    vi.spyOn(location, "assign").mockImplementation(() => {});
    expect(reloadTo("/leads", 1_000)).toBe(true);
    expect(reloadTarget(5_000)).toBe("/leads");
    expect(reloadTo("/leads", 5_000)).toBe(false);
    expect(reloadTo("/media", 5_000)).toBe(true);
    expect(reloadTo("/media", 15_001)).toBe(true);
    expect(reloadTarget(30_000)).toBeUndefined();
    expect(reload).toHaveBeenCalledTimes(3);
  });
});
