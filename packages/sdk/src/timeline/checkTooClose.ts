import { DEFAULT_COUNTDOWN, TOO_CLOSE_MINUTES } from "../constants.js";
import { isLiveAction } from "./liveActions.js";
import { OK, describeOffset, fail, judgeableOffset, readTiming } from "./ruleSupport.js";
import type { RuleResult, TimelineNodeLike } from "./types.js";

/** What the too-close rule measures against. */
export type TooCloseContext = {
  /** Countdown (waiting room) length in minutes; defaults to DEFAULT_COUNTDOWN (15). Pass 0 when there is no countdown. */
  countdownMinutes?: number;
  /** The event's start as minutes after midnight on its day; needed to judge exact-time nodes. */
  eventMinuteOfDay?: number;
};

/**
 * Spec §5 "An action within 11 minutes of the live start or countdown is too close": a node that
 * is not a live-event action may not fire less than TOO_CLOSE_MINUTES (11) from the live start
 * (offset 0) or from the countdown start (offset -countdownMinutes). The boundary is allowed:
 * exactly 11 minutes away passes, 10 fails. Distances are naive offset minutes, on both sides of
 * each point. Live-event actions are exempt (they run in the room by design).
 *
 * @throws RangeError when countdownMinutes is not a number ≥ 0.
 * @example
 * checkTooClose({ action: "sendMail", days: 0, hours: 0, minutes: 20, isAfter: -1 }); // too close to the countdown at -15
 * checkTooClose({ action: "sendMail", days: 0, hours: 0, minutes: 26, isAfter: -1 }); // { ok: true }
 */
export function checkTooClose(node: TimelineNodeLike, context: TooCloseContext = {}): RuleResult {
  const countdown = context.countdownMinutes ?? DEFAULT_COUNTDOWN;
  if (!Number.isFinite(countdown) || countdown < 0) {
    throw new RangeError(`countdownMinutes must be a number of minutes ≥ 0, got ${countdown}.`);
  }
  if (isLiveAction(node)) return OK;
  const timing = readTiming(node);
  if ("ok" in timing) return timing;
  const offset = judgeableOffset(node, timing, context.eventMinuteOfDay);
  if (offset === undefined) return OK;
  const fromStart = Math.abs(offset);
  const fromCountdown = countdown > 0 ? Math.abs(offset + countdown) : Number.POSITIVE_INFINITY;
  if (fromStart >= TOO_CLOSE_MINUTES && fromCountdown >= TOO_CLOSE_MINUTES) return OK;
  const point = fromStart <= fromCountdown ? "the live start" : `the countdown start (${countdown} minutes before)`;
  return fail(
    "too-close",
    `This action fires ${describeOffset(offset)}, too close to ${point}. Keep at least ` +
      `${TOO_CLOSE_MINUTES} minutes between an action and the live start or the countdown start.`,
  );
}
