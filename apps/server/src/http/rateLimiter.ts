/**
 * Counts attempts per key in a fixed window (failed logins per email address). Kept in memory:
 * each server instance counts on its own, which bounds guessing per instance; a shared store is
 * the next step when many instances face the internet (noted in the server README).
 */
export interface RateLimiter {
  /** Milliseconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): number;
  /** Records one attempt. */
  hit(key: string): void;
  /** Forgets the key (after a success). */
  reset(key: string): void;
}

export function createRateLimiter(options: { max: number; windowMs: number; now: () => Date }): RateLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const current = (key: string) => {
    const now = options.now().getTime();
    const window = windows.get(key);
    if (window && window.endsAt > now) return window;
    windows.delete(key);
    if (windows.size > 10_000) windows.clear(); // a flood of distinct keys must not grow memory
    return undefined;
  };
  return {
    retryAfter(key) {
      const window = current(key);
      return window && window.count >= options.max ? window.endsAt - options.now().getTime() : 0;
    },
    hit(key) {
      const window = current(key);
      if (window) window.count += 1;
      else windows.set(key, { count: 1, endsAt: options.now().getTime() + options.windowMs });
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
