import type { NodeTiming, WireNumber } from "./types.js";

/** A node's timing with every field a checked number. */
export type NormalisedTiming = {
  days: number;
  hours: number;
  minutes: number;
  isAfter: 1 | -1;
  isExact: boolean;
  amPm: "AM" | "PM" | undefined;
};

/** True for the wire's ways of saying "not set": undefined, null, or a blank string. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/**
 * Reads a non-negative whole count from a number or numeric string; unset reads as 0.
 *
 * @throws RangeError when the value is not a whole number ≥ 0.
 * @example
 * toCount("15", "minutes"); // 15
 * toCount("", "hours"); // 0
 */
export function toCount(value: WireNumber, field: string): number {
  if (isBlank(value)) return 0;
  const n = typeof value === "number" ? value : Number(String(value).trim());
  if (!Number.isInteger(n) || n < 0) {
    throw new RangeError(`Timeline node ${field} must be a whole number of 0 or more, got ${JSON.stringify(value)}.`);
  }
  return n;
}

function toDirection(value: NodeTiming["isAfter"]): 1 | -1 {
  const n = typeof value === "string" ? Number(value.trim()) : value;
  if (n === 1) return 1;
  if (n === -1) return -1;
  throw new RangeError(`Timeline node isAfter must be 1 (after) or -1 (before), got ${JSON.stringify(value)}.`);
}

function toFlag(value: NodeTiming["isExact"]): boolean {
  if (typeof value === "string") return ["1", "true"].includes(value.trim().toLowerCase());
  return value === true || value === 1;
}

function toAmPm(value: NodeTiming["amPm"]): "AM" | "PM" | undefined {
  if (isBlank(value)) return undefined;
  const upper = String(value).trim().toUpperCase();
  if (upper === "AM" || upper === "PM") return upper;
  throw new RangeError(`Timeline node amPm must be "AM" or "PM", got ${JSON.stringify(value)}.`);
}

/**
 * Normalises a node's timing fields (numbers or numeric strings, blanks as 0).
 *
 * @throws RangeError on a value that is not a valid count, direction or AM/PM marker.
 * @example
 * normaliseTiming({ days: "1", hours: "", minutes: 30, isAfter: -1 });
 * // { days: 1, hours: 0, minutes: 30, isAfter: -1, isExact: false, amPm: undefined }
 */
export function normaliseTiming(node: NodeTiming): NormalisedTiming {
  return {
    days: toCount(node.days, "days"),
    hours: toCount(node.hours, "hours"),
    minutes: toCount(node.minutes, "minutes"),
    isAfter: toDirection(node.isAfter),
    isExact: toFlag(node.isExact),
    amPm: toAmPm(node.amPm),
  };
}
