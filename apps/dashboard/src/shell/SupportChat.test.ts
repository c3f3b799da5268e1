import { afterEach, describe, expect, it, vi } from "vitest";
import { waitForAgreedTerms } from "./SupportChat.js";

afterEach(() => vi.useRealTimers());

describe("waitForAgreedTerms (spec §2)", () => {
  it("checks every second until the user agreed", async () => {
    vi.useFakeTimers();
    let agreed = false;
    let checks = 0;
    let done = false;
    const wait = waitForAgreedTerms(() => (checks++, agreed));
    void wait.done.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(3000);
    expect(done).toBe(false);
    expect(checks).toBe(4); // once at once, then each second
    agreed = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).toBe(true);
  });

  it("resolves at once when already agreed, and stops when asked", async () => {
    await expect(waitForAgreedTerms(() => true).done).resolves.toBeUndefined();
    vi.useFakeTimers();
    let checks = 0;
    const wait = waitForAgreedTerms(() => (checks++, false));
    wait.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(checks).toBe(1);
  });
});
