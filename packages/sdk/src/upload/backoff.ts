/**
 * The default wait before retry number `attempt` (1, 2, ...): exponential from 1 s, capped at
 * 30 s, with "equal jitter" (half fixed, half random) so that many clients cut off by the same
 * outage do not come back in step.
 *
 * @example
 * defaultRetryDelay(1); // 500..1000
 * defaultRetryDelay(3); // 2000..4000
 */
export function defaultRetryDelay(attempt: number): number {
  const base = Math.min(30_000, 500 * 2 ** attempt);
  return (base * (1 + Math.random())) / 2;
}

/** Statuses worth sending the same chunk again for: server trouble, timeout, rate limit. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/** Resolves after `ms`, or at once when `signal` aborts (the caller checks `signal.aborted`). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, signal.aborted ? 0 : ms);
    signal.addEventListener("abort", done);
  });
}
