import { isLiveAction } from "./liveActions.js";
import { OK, actionName, describeOffset, fail, judgeableOffset, readTiming, sideOfStart } from "./ruleSupport.js";
import type { RuleResult, TimelineNodeLike } from "./types.js";

/** The event's live window, for the window rules. */
export type LiveWindowContext = {
  /** Length of the event in minutes (`general.webinarVideoLength`, `manualLength` or `scheduleLength`). */
  liveMinutes: number;
  /** The event's start as minutes after midnight on its day; needed to judge exact-time nodes. */
  eventMinuteOfDay?: number;
};

function assertLiveMinutes(liveMinutes: number): void {
  if (!Number.isFinite(liveMinutes) || liveMinutes < 0) {
    throw new RangeError(`liveMinutes must be a number of minutes ≥ 0, got ${liveMinutes}.`);
  }
}

/**
 * Spec §5 "An action may not overlap an event's live window": a node other than a live-event
 * action may not fire inside [0, liveMinutes) of naive offset minutes. Live-event actions
 * (`LIVE_ACTION_KEYS`) belong inside the window and pass this rule; `checkAfterWithinLiveWindow`
 * holds them to it. Exact-time nodes on the event day pass unless `eventMinuteOfDay` is given.
 *
 * @throws RangeError when liveMinutes is not a number ≥ 0.
 * @example
 * checkLiveWindowOverlap({ action: "sendMail", days: 0, hours: 0, minutes: 20, isAfter: 1 }, { liveMinutes: 60 });
 * // { ok: false, code: "overlaps-live-window", message: "..." }
 */
export function checkLiveWindowOverlap(node: TimelineNodeLike, context: LiveWindowContext): RuleResult {
  assertLiveMinutes(context.liveMinutes);
  if (isLiveAction(node)) return OK;
  const timing = readTiming(node);
  if ("ok" in timing) return timing;
  const offset = judgeableOffset(node, timing, context.eventMinuteOfDay);
  if (offset === undefined || offset < 0 || offset >= context.liveMinutes) return OK;
  return fail(
    "overlaps-live-window",
    `This action fires ${describeOffset(offset)}, inside the ${context.liveMinutes}-minute live event. ` +
      `Only live-event actions may run during the event: move it before the start or to ` +
      `${context.liveMinutes} minutes after the start or later.`,
  );
}

/**
 * Spec §5 "Actions 'after' must fall within the same day's live window": a live-event action that
 * fires at or after the start must fire on the event day, before `liveMinutes` have passed.
 * (Before the start is `checkBeforeAllowed`'s business.) Exact-time live actions on the event day
 * pass unless `eventMinuteOfDay` is given; on a later day they always fail.
 *
 * @throws RangeError when liveMinutes is not a number ≥ 0.
 * @example
 * checkAfterWithinLiveWindow({ key: "cta", days: 0, hours: 1, minutes: 30, isAfter: 1 }, { liveMinutes: 60 });
 * // { ok: false, code: "after-outside-live-window", message: "..." }
 */
export function checkAfterWithinLiveWindow(node: TimelineNodeLike, context: LiveWindowContext): RuleResult {
  assertLiveMinutes(context.liveMinutes);
  if (!isLiveAction(node)) return OK;
  const timing = readTiming(node);
  if ("ok" in timing) return timing;
  const offset = judgeableOffset(node, timing, context.eventMinuteOfDay);
  const side = sideOfStart(timing, offset);
  if (side !== 1) return OK;
  const sameDay = timing.days === 0;
  if (sameDay && (offset === undefined || offset < context.liveMinutes)) return OK;
  const when = sameDay && offset !== undefined ? describeOffset(offset) : "on a later day";
  return fail(
    "after-outside-live-window",
    `The live-event action "${actionName(node)}" fires ${when}, outside the live window ` +
      `(the first ${context.liveMinutes} minutes of the event day). Move it inside the live window.`,
  );
}
