import { isBlank } from "./normaliseTiming.js";
import { exactClockTime } from "./nodeOffset.js";
import { OK, fail, readTiming } from "./ruleSupport.js";
import type { RuleFailure, RuleResult, TimelineNodeLike } from "./types.js";

/** A part of an action the host still has to fill in. */
export type MissingPart = "group" | "action" | "time";

const PART_LABELS: Record<MissingPart, string> = {
  group: "an audience group",
  action: "an action",
  time: "a time",
};

function listParts(parts: readonly MissingPart[]): string {
  const labels = parts.map((part) => PART_LABELS[part]);
  return labels.length > 1 ? `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}` : (labels[0] ?? "");
}

function hasTime(node: TimelineNodeLike): boolean {
  const timing = readTiming(node);
  if ("ok" in timing) return false;
  if (!timing.isExact) return timing.hours > 0 || timing.minutes > 0;
  if (isBlank(node.hours)) return false;
  try {
    exactClockTime(node);
    return true;
  } catch {
    return false;
  }
}

/**
 * Spec §5: an action is complete only when its group (`groupID`), its action (`action`) and a time
 * are set. A relative time needs hours or minutes, at least one non-zero ("1 day before" with 0 h
 * 0 min is not a time); an exact time needs a valid clock time (`hours` set, 1–12 with AM/PM).
 * Timing fields that cannot be read at all fail with `invalid-timing` instead.
 *
 * @example
 * isActionComplete({ groupID: "3", action: "sendMail", days: 1, hours: 0, minutes: 0, isAfter: -1 });
 * // { ok: false, code: "incomplete", missing: ["time"], message: "This action is incomplete: choose a time." }
 */
export function isActionComplete(node: TimelineNodeLike): RuleResult | (RuleFailure & { missing: MissingPart[] }) {
  const timing = readTiming(node);
  if ("ok" in timing) return timing;
  const missing: MissingPart[] = [];
  if (isBlank(node.groupID)) missing.push("group");
  if (isBlank(node.action)) missing.push("action");
  if (!hasTime(node)) missing.push("time");
  if (missing.length === 0) return OK;
  return { ...fail("incomplete", `This action is incomplete: choose ${listParts(missing)}.`), missing };
}
