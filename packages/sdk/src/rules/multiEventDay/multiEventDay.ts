import type { MultiEventSetting } from "../../schemas/multiEventSetting.js";
import type { GeneralSetting } from "../../schemas/timelineSetting/general.js";

/**
 * The multi-event setting of a day (spec §3 "Multi-event setting"), or undefined when the event
 * has no day or the timeline no longer has that day.
 *
 * @example
 * daySettingOf(general, "day-2")?.eventName; // "Day 2: Scaling"
 */
export function daySettingOf(general: Pick<GeneralSetting, "multiEvents">, dayKey: string | null | undefined): MultiEventSetting | undefined {
  if (!dayKey) return undefined;
  return general.multiEvents.settings.find((day) => day.dayKey === dayKey);
}

/**
 * The general setting as one day's event uses it: the day's video (`videoFile`, `secondaryVideo`,
 * `webinarVideoLength`) where the day names one, its countdown where the day turns one on, and
 * its `webinarType` (automatic, semi-automatic or manual). Everything else, and every event
 * without a day, keeps the timeline's own. The room, its timing and the after-event mails read
 * this, so "Day 2" plays Day 2's video with Day 2's waiting room.
 *
 * @example
 * generalForDay(general, "day-2").videoFile; // Day 2's video, or the timeline's when Day 2 names none
 */
export function generalForDay<G extends Pick<GeneralSetting, "multiEvents" | "videoFile" | "secondaryVideo" | "webinarVideoLength" | "countdown" | "webinarType">>(
  general: G,
  dayKey: string | null | undefined,
): G {
  const day = daySettingOf(general, dayKey);
  if (!day) return general;
  return {
    ...general,
    videoFile: day.videoFile || general.videoFile,
    // A day with its own main video plays its own second video too (none when it names none).
    secondaryVideo: day.videoFile ? day.secondaryVideo : day.secondaryVideo || general.secondaryVideo,
    webinarVideoLength: day.webinarVideoLength || general.webinarVideoLength,
    countdown: day.countdown.enabled ? day.countdown : general.countdown,
    webinarType: day.webinarType,
  };
}

/**
 * How a registration form names a session of a day: the day's `eventName` when the day is
 * `visible` (an encore says so), else nothing (the session shows with its date alone).
 *
 * @example
 * dayTitleOf(general, "day-2"); // "Day 2: Scaling (encore)"
 */
export function dayTitleOf(general: Pick<GeneralSetting, "multiEvents">, dayKey: string | null | undefined): string | undefined {
  const day = daySettingOf(general, dayKey);
  if (!day || !day.visible || !day.eventName.trim()) return undefined;
  return day.isEncore ? `${day.eventName.trim()} (encore)` : day.eventName.trim();
}
