import { checkActionRuns } from "../rules/actionFields/checkActionRuns.js";
import { bucketOf, isBucket } from "./buckets.js";
import { checkBeforeAllowed } from "./checkBeforeAllowed.js";
import { checkSingleSourceEvent } from "./checkSingleSourceEvent.js";
import { checkTooClose } from "./checkTooClose.js";
import { isActionComplete } from "./isActionComplete.js";
import { checkAfterWithinLiveWindow, checkLiveWindowOverlap } from "./liveWindowRules.js";
import { isBlank } from "./normaliseTiming.js";
import type { BlocksInput, RuleResult, TimelineNodeLike, TimelineRuleCode } from "./types.js";

/** Everything the timeline rules need to know about the event. */
export type TimelineRuleContext = {
  /** Event length in minutes (`webinarVideoLength`, `manualLength` or `scheduleLength`). */
  liveMinutes: number;
  /** `general.deliveryPlatform`; only `aevent` allows live-event actions before the start. */
  deliveryPlatform: string | null | undefined;
  /** Countdown length in minutes; DEFAULT_COUNTDOWN when omitted, 0 when there is no countdown. */
  countdownMinutes?: number;
  /** The event's start as minutes after midnight (see `eventMinuteOfDay`); judges exact-time nodes. */
  eventMinuteOfDay?: number;
};

/** One problem of a timeline, located by bucket key and node id. */
export type TimelineProblem = {
  bucket: string;
  nodeId: string | number | null | undefined;
  code: TimelineRuleCode;
  message: string;
};

/**
 * Runs every per-node rule of spec §5 and returns the first failure, in this order: the action
 * runs for its kind (`checkActionRuns`, issue 14), complete, before-allowed, after within the live window, live-window overlap, too close.
 *
 * @example
 * validateTimelineAction(node, { liveMinutes: 60, deliveryPlatform: "zoom" });
 */
export function validateTimelineAction(node: TimelineNodeLike, context: TimelineRuleContext): RuleResult {
  const window = { liveMinutes: context.liveMinutes, eventMinuteOfDay: context.eventMinuteOfDay };
  const checks: (() => RuleResult)[] = [
    () => actionRunsRule(node),
    () => isActionComplete(node),
    () => checkBeforeAllowed(node, context.deliveryPlatform, { eventMinuteOfDay: context.eventMinuteOfDay }),
    () => checkAfterWithinLiveWindow(node, window),
    () => checkLiveWindowOverlap(node, window),
    () => checkTooClose(node, { countdownMinutes: context.countdownMinutes, eventMinuteOfDay: context.eventMinuteOfDay }),
  ];
  for (const check of checks) {
    const result = check();
    if (!result.ok) return result;
  }
  return { ok: true };
}

function orderedKeys(blocks: BlocksInput<unknown>): string[] {
  const keys = Object.keys(blocks);
  const buckets = keys.filter(isBucket).sort((a, b) => Number(a) - Number(b));
  return [...buckets, ...keys.filter((key) => !isBucket(key))];
}

/** The node's action must be one this release carries out for its kind (even in a draft). */
function actionRunsRule(node: TimelineNodeLike): RuleResult {
  const result = checkActionRuns(String(node.integrationType ?? ""), String(node.action ?? ""));
  return result.ok ? result : { ok: false, code: "action-not-running", message: result.message };
}

/**
 * Every problem of a timeline's blocks, earliest day first: nodes under a key that is not a bucket
 * or under the wrong bucket, the first failing rule of each node, and copies of one action (same
 * `nodeID`) that come from different source events.
 *
 * @example
 * validateTimeline(blocks, { liveMinutes: 60, deliveryPlatform: "aevent" });
 * // [{ bucket: "0", nodeId: "n7", code: "too-close", message: "..." }]
 */
export function validateTimeline(blocks: BlocksInput<TimelineNodeLike>, context: TimelineRuleContext): TimelineProblem[] {
  const problems: TimelineProblem[] = [];
  const copies = new Map<string, { bucket: string; node: TimelineNodeLike }[]>();
  for (const bucket of orderedKeys(blocks)) {
    for (const node of blocks[bucket] ?? []) {
      const report = (code: TimelineRuleCode, message: string) => problems.push({ bucket, nodeId: node.id, code, message });
      if (!isBucket(bucket)) {
        report("invalid-bucket", `"${bucket}" is not a timeline day; days run from -45 to 45.`);
      } else {
        try {
          const day = bucketOf(node);
          if (day !== Number(bucket)) {
            report("wrong-bucket", `This action is stored under day ${bucket} but its timing puts it on day ${day}.`);
          }
        } catch {
          // The rules below report unreadable timing.
        }
      }
      const result = validateTimelineAction(node, context);
      if (!result.ok) report(result.code, result.message);
      if (!isBlank(node.nodeID)) {
        const key = String(node.nodeID);
        copies.set(key, [...(copies.get(key) ?? []), { bucket, node }]);
      }
    }
  }
  for (const group of copies.values()) {
    const result = checkSingleSourceEvent(group.map((entry) => entry.node));
    if (result.ok) continue;
    const first = group.find((entry) => !isBlank(entry.node.model?.fromEventID));
    const firstSource = String(first?.node.model?.fromEventID).trim();
    for (const { bucket, node } of group) {
      const source = node.model?.fromEventID;
      if (isBlank(source) || String(source).trim() === firstSource) continue;
      problems.push({ bucket, nodeId: node.id, code: result.code, message: result.message });
    }
  }
  return problems;
}
