import { bucketKeys } from "./buckets.js";
import type { BlocksInput } from "./types.js";

/** One day of a timeline, as the editor lists it. */
export type DayGroup<N> = {
  /** Signed day offset; 0 is the event day. */
  day: number;
  /** The wire key of the bucket ("-3"). */
  key: string;
  /** "3 days before", "Event day", "1 day after". */
  label: string;
  nodes: N[];
};

/**
 * The label of a day offset.
 *
 * @example
 * dayLabel(-3); // "3 days before"
 * dayLabel(0); // "Event day"
 * dayLabel(1); // "1 day after"
 */
export function dayLabel(day: number): string {
  if (day === 0) return "Event day";
  const count = Math.abs(day);
  return `${count} ${count === 1 ? "day" : "days"} ${day < 0 ? "before" : "after"}`;
}

/**
 * The blocks as day groups, earliest day first. Empty days are left out unless `includeEmpty`;
 * keys that are not buckets are ignored. Nodes keep their stored order (sort them with
 * `compareNodes` if you want time order).
 *
 * @example
 * groupByDay({ "-1": [reminder], "0": [], "1": [replay] });
 * // [{ day: -1, key: "-1", label: "1 day before", nodes: [reminder] },
 * //  { day: 1, key: "1", label: "1 day after", nodes: [replay] }]
 */
export function groupByDay<N>(blocks: BlocksInput<N>, options: { includeEmpty?: boolean } = {}): DayGroup<N>[] {
  const groups: DayGroup<N>[] = [];
  for (const day of bucketKeys()) {
    const key = String(day);
    const nodes = blocks[key] ?? [];
    if (nodes.length === 0 && !options.includeEmpty) continue;
    groups.push({ day, key, label: dayLabel(day), nodes: [...nodes] });
  }
  return groups;
}
