/** Shared pieces of the timeline rules (not exported from the package). */
import { LIVE_ACTION_KEYS } from "./liveActions.js";
import { normaliseTiming, type NormalisedTiming } from "./normaliseTiming.js";
import { nodeOffsetMinutes } from "./nodeOffset.js";
import type { NodeTiming, RuleFailure, RuleResult, TimelineRuleCode } from "./types.js";

export const OK: RuleResult = Object.freeze({ ok: true });

export function fail(code: TimelineRuleCode, message: string): RuleFailure {
  return { ok: false, code, message };
}

/** The node's timing, or the failure to return when it cannot be read. */
export function readTiming(node: NodeTiming): NormalisedTiming | RuleFailure {
  try {
    return normaliseTiming(node);
  } catch (error) {
    return fail("invalid-timing", (error as Error).message);
  }
}

/**
 * The node's naive offset in minutes when it can be judged: relative nodes always, exact nodes only
 * when the event's minute of day is known.
 */
export function judgeableOffset(node: NodeTiming, timing: NormalisedTiming, eventMinuteOfDay?: number): number | undefined {
  if (!timing.isExact) return nodeOffsetMinutes(node);
  return eventMinuteOfDay === undefined ? undefined : nodeOffsetMinutes(node, { eventMinuteOfDay });
}

/** -1 before the start, 1 after it (or at it), undefined when an exact node's side is unknown. */
export function sideOfStart(timing: NormalisedTiming, offset: number | undefined): 1 | -1 | undefined {
  if (offset !== undefined) return offset < 0 ? -1 : 1;
  return timing.days === 0 ? undefined : timing.isAfter;
}

/** "15 minutes before the start", "1 minute after the start", "at the start". */
export function describeOffset(minutes: number): string {
  if (minutes === 0) return "at the start";
  const count = Math.abs(minutes);
  return `${count} ${count === 1 ? "minute" : "minutes"} ${minutes < 0 ? "before" : "after"} the start`;
}

/** The action key to show in a message: the live-event key when there is one, else `action`. */
export function actionName(node: { key?: string | null; action?: string | null }): string {
  const candidates = [node.key, node.action].map((value) => value?.trim() ?? "");
  const live = candidates.find((value) => (LIVE_ACTION_KEYS as readonly string[]).includes(value));
  return live || candidates[1] || candidates[0] || "this action";
}
