import { OWN_PLATFORM } from "../constants.js";
import { isLiveAction } from "./liveActions.js";
import { OK, actionName, fail, judgeableOffset, readTiming, sideOfStart } from "./ruleSupport.js";
import type { RuleResult, TimelineNodeLike } from "./types.js";

/**
 * Spec §5 "Actions before the event are not allowed unless the platform is the product's own event
 * platform". Read for live-event actions (`LIVE_ACTION_KEYS`): only Cuepoint's own room (`aevent`)
 * exists before the start (its waiting room), so only there can a chat message or popup be placed
 * before it. Other actions (an email reminder the day before) are always allowed before the event.
 * "Before" means a negative offset; "0 minutes before" is at the start and allowed. An exact-time
 * node on the event day is judged only when `eventMinuteOfDay` is given.
 *
 * @example
 * checkBeforeAllowed({ key: "livechat", days: 0, hours: 0, minutes: 5, isAfter: -1 }, "zoom");
 * // { ok: false, code: "before-not-allowed", message: "..." }
 * checkBeforeAllowed({ key: "livechat", days: 0, hours: 0, minutes: 5, isAfter: -1 }, "aevent"); // { ok: true }
 */
export function checkBeforeAllowed(
  node: TimelineNodeLike,
  deliveryPlatform: string | null | undefined,
  options: { eventMinuteOfDay?: number } = {},
): RuleResult {
  if (deliveryPlatform === OWN_PLATFORM || !isLiveAction(node)) return OK;
  const timing = readTiming(node);
  if ("ok" in timing) return timing;
  if (sideOfStart(timing, judgeableOffset(node, timing, options.eventMinuteOfDay)) !== -1) return OK;
  const platform = deliveryPlatform ? `the "${deliveryPlatform}" platform` : "this delivery platform";
  return fail(
    "before-not-allowed",
    `The live-event action "${actionName(node)}" can't run before the event on ${platform}; only ` +
      `Cuepoint's own event platform ("${OWN_PLATFORM}") allows it. Move it to the start or later, ` +
      `or switch the delivery platform to "${OWN_PLATFORM}".`,
  );
}
