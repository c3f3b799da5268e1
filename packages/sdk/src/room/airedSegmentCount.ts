/**
 * Rounding slack when summing segment durations (floats such as 6.006): a segment whose start is
 * within a microsecond of the position counts as aired.
 */
const SLACK_SECONDS = 1e-6;

/**
 * How many segments of a rendition have aired at `positionSeconds`: segment i is listed once its
 * start (the sum of the durations before it) is at or before the position. So at 0 s the first
 * segment is listed (playback can begin), at exactly 6 s of 6-second segments two are, and before
 * the start none. The live playlist lists this many segments and refuses any later one, which is
 * what keeps everyone from playing ahead of the event.
 *
 * @example
 * airedSegmentCount([6, 6, 6, 4], 0); // 1
 * airedSegmentCount([6, 6, 6, 4], 6); // 2
 * airedSegmentCount([6, 6, 6, 4], 100); // 4
 * airedSegmentCount([6, 6, 6, 4], -1); // 0
 */
export function airedSegmentCount(durations: readonly number[], positionSeconds: number): number {
  if (Number.isNaN(positionSeconds)) return 0; // never "everything aired" by accident
  let start = 0;
  let count = 0;
  for (const duration of durations) {
    if (start > positionSeconds + SLACK_SECONDS) break;
    count += 1;
    start += duration;
  }
  return count;
}
