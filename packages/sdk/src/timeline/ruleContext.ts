import type { GeneralSetting } from "../schemas/timelineSetting/general.js";
import { eventMinuteOfDay } from "./nodeInstant.js";
import type { TimelineRuleContext } from "./validateTimeline.js";

/**
 * The event length in minutes the live-window rules measure: the video's length when one is set
 * (`webinarVideoLength`, hh:mm:ss, rounded up), else a manually controlled event's duration, else
 * `manualLength`, else `scheduleLength` (hours).
 *
 * @example
 * liveMinutesOf({ ...general, webinarVideoLength: "01:30:10" }); // 91
 */
export function liveMinutesOf(general: GeneralSetting): number {
  const video = /^(\d+):(\d\d):(\d\d)$/.exec(general.webinarVideoLength);
  if (video) {
    const seconds = Number(video[1]) * 3600 + Number(video[2]) * 60 + Number(video[3]);
    if (seconds > 0) return Math.ceil(seconds / 60);
  }
  if (general.manualControl.enabled && general.manualControl.duration > 0) return general.manualControl.duration;
  if (general.manualLength > 0) return general.manualLength;
  return Math.round(general.scheduleLength * 60);
}

/**
 * What the timeline rules need to know about the event, read from a timeline's general setting:
 * the dashboard judges an action with it before saving and the server judges the saved blocks
 * with the same context, so both refuse the same actions with the same message.
 *
 * @example
 * const context = ruleContextOf(setting.general);
 * validateTimelineAction(node, context); // { ok: false, message: "…" } when a rule refuses it
 */
export function ruleContextOf(general: GeneralSetting): TimelineRuleContext {
  let minuteOfDay: number | undefined;
  if (general.timeStamp !== null) {
    try {
      minuteOfDay = eventMinuteOfDay(new Date(general.timeStamp), general.timeZone);
    } catch {
      minuteOfDay = undefined; // an unknown zone: exact-time nodes on the event day are not judged
    }
  }
  return {
    liveMinutes: liveMinutesOf(general),
    deliveryPlatform: general.deliveryPlatform,
    countdownMinutes: general.countdown.enabled ? general.countdown.duration : 0,
    eventMinuteOfDay: minuteOfDay,
  };
}
