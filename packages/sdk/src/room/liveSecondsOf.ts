import type { GeneralSetting } from "../schemas/timelineSetting/general.js";

/** What `liveSecondsOf` reads of a timeline's general settings. */
export type LiveLengthSetting = Pick<GeneralSetting, "scheduleLength"> & Partial<Pick<GeneralSetting, "manualControl">>;

const HOUR_SECONDS = 3600;

/**
 * How long an event's live part lasts, in seconds — the one rule for when an event ends (its start
 * plus this), used by the room, the event's status and end time, the after-event mails and webinar
 * hours alike: the program (intro + video or split videos + outro) when there is a playable one (a
 * positive `programSeconds`), else `manualControl.duration` minutes when the host runs the event by
 * hand and gave one, else `general.scheduleLength` hours (the spec gives no unit; the SDK reads
 * hours). A stored setting without a usable length reads as the default hour.
 *
 * @example
 * liveSecondsOf({ scheduleLength: 2 }, 1830); // 1830: the program
 * liveSecondsOf({ scheduleLength: 2, manualControl: { enabled: true, duration: 45 } }); // 2700
 * liveSecondsOf({ scheduleLength: 1.5 }, null); // 5400
 */
export function liveSecondsOf(general: LiveLengthSetting, programSeconds?: number | null): number {
  if (typeof programSeconds === "number" && Number.isFinite(programSeconds) && programSeconds > 0) return programSeconds;
  const manual = general.manualControl;
  if (manual?.enabled === true && Number.isFinite(manual.duration) && manual.duration > 0) return manual.duration * 60;
  const hours = general.scheduleLength;
  return Number.isFinite(hours) && hours > 0 ? hours * HOUR_SECONDS : HOUR_SECONDS;
}
