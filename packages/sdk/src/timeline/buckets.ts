import { BUCKET_MAX, BUCKET_MIN } from "../constants.js";
import { normaliseTiming } from "./normaliseTiming.js";
import type { Blocks, NodeTiming } from "./types.js";

/**
 * The bucket days, -45 to 45 in order; bucket 0 is the event day.
 *
 * @example
 * bucketKeys().length; // 91
 * bucketKeys()[0]; // -45
 */
/* @__NO_SIDE_EFFECTS__ */
export function bucketKeys(): number[] {
  return Array.from({ length: BUCKET_MAX - BUCKET_MIN + 1 }, (_, i) => BUCKET_MIN + i);
}

/**
 * True for a bucket day: a whole number from -45 to 45, or its canonical string key ("-3", "0").
 * Non-canonical strings ("03", "-0", " 3") are not wire keys and are refused.
 *
 * @example
 * isBucket(-45); // true
 * isBucket("12"); // true
 * isBucket(46); // false
 */
export function isBucket(value: unknown): boolean {
  const n = typeof value === "string" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isInteger(n) || n < BUCKET_MIN || n > BUCKET_MAX) return false;
  return typeof value !== "string" || String(n) === value;
}

/**
 * The bucket (signed day offset) a node belongs in: `days × isAfter`. Hours and minutes never move
 * a node to another bucket, so "0 days 2 hours before" stays on the event day.
 *
 * @throws RangeError when the node's timing fields are invalid.
 * @example
 * bucketOf({ days: "3", isAfter: -1 }); // -3
 * bucketOf({ days: 0, hours: 2, isAfter: -1 }); // 0
 */
export function bucketOf(node: NodeTiming): number {
  const { days, isAfter } = normaliseTiming(node);
  return days === 0 ? 0 : days * isAfter;
}

/**
 * Empty blocks as the wire carries them: the 91 keys "-45".."45", each with an empty list.
 *
 * @example
 * const blocks = createEmptyBlocks();
 * blocks["0"]; // []
 */
/* @__NO_SIDE_EFFECTS__ */
export function createEmptyBlocks<N>(): Blocks<N> {
  const blocks: Blocks<N> = {};
  for (const day of bucketKeys()) blocks[String(day)] = [];
  return blocks;
}
