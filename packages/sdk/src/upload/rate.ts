/** Weight of the newest sample in the moving average: high enough to follow a change of network. */
const SMOOTHING = 0.3;

export interface RateMeter {
  /** Count `bytes` sent since the previous sample (or `restart`) and return the smoothed rate. */
  add(bytes: number): number;
  /** Start timing afresh (after a pause, a skip or a retry) without forgetting the rate. */
  restart(): void;
}

/**
 * Bytes per second as an exponential moving average of the samples, so speed and time left do not
 * jump with every progress event.
 *
 * @example
 * const meter = createRateMeter();
 * meter.add(1_000_000); // bytes/s since creation
 */
/* @__NO_SIDE_EFFECTS__ */
export function createRateMeter(now: () => number = () => performance.now()): RateMeter {
  let rate = 0;
  let last = now();
  return {
    add(bytes) {
      const time = now();
      // A floor of 1 ms keeps a burst of events within one clock tick finite.
      const sample = bytes / (Math.max(time - last, 1) / 1000);
      last = time;
      rate = rate ? rate + SMOOTHING * (sample - rate) : sample;
      return rate;
    },
    restart() {
      last = now();
    },
  };
}
