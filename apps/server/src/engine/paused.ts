import type { TimelineMasterSetting } from "@cuepoint/sdk";

/**
 * A timeline whose "Timeline runs its actions" switch (`general.enabled`) is off is paused: the
 * engine schedules nothing for it, cancels what waits (revived on resume while still ahead, like
 * a restored timeline), the worker carries out nothing of it and the dry run says so. Only an
 * explicit `false` pauses: a setting saved before the switch existed runs.
 *
 * @example
 * isPaused(timeline.setting); // true when the host turned the timeline's actions off
 */
export const isPaused = (setting: Pick<TimelineMasterSetting, "general">): boolean => setting.general?.enabled === false;
