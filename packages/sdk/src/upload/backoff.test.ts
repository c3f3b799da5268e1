import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultRetryDelay, isRetryableStatus, sleep } from "./backoff.js";

afterEach(() => vi.restoreAllMocks());

describe("defaultRetryDelay", () => {
  it("doubles per attempt, with jitter in the upper half, capped at 30 s", () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    expect([1, 2, 3, 4].map(defaultRetryDelay)).toEqual([500, 1000, 2000, 4000]);
    expect(defaultRetryDelay(20)).toBe(15_000);
    vi.spyOn(Math, "random").mockReturnValue(0.999999);
    expect(defaultRetryDelay(1)).toBeCloseTo(1000, 2);
    expect(defaultRetryDelay(20)).toBeCloseTo(30_000, 1);
  });
});

describe("isRetryableStatus", () => {
  it("retries 5xx, 408 and 429 only", () => {
    expect([500, 502, 503, 504, 408, 429].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 413, 422].some(isRetryableStatus)).toBe(false);
  });
});

describe("sleep", () => {
  it("ends early when the signal aborts", async () => {
    const controller = new AbortController();
    const started = performance.now();
    const slept = sleep(10_000, controller.signal);
    setTimeout(() => controller.abort(), 10);
    await slept;
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
