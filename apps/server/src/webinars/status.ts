import type { WebinarStatus } from "@cuepoint/sdk";

/** The part of a timeline's `general` setting that says how long its events last. */
export interface EventLengthSetting {
  scheduleLength?: unknown;
  manualControl?: { enabled?: unknown; duration?: unknown } | undefined;
}

const HOUR_MS = 3_600_000;

/**
 * How long an event of a timeline lasts: `manualControl.duration` minutes when the host controls
 * the event by hand, else `scheduleLength` hours (the SDK reads that field as hours; default 1).
 * Settings stored partly or by older code fall back to the default rather than failing a list.
 */
export function eventLengthMs(general: EventLengthSetting | null | undefined): number {
  const manual = general?.manualControl;
  if (manual?.enabled === true && typeof manual.duration === "number" && manual.duration > 0) {
    return manual.duration * 60_000;
  }
  const hours = general?.scheduleLength;
  return typeof hours === "number" && Number.isFinite(hours) && hours > 0 ? hours * HOUR_MS : HOUR_MS;
}

/**
 * Where an event stands at `now`: upcoming before its start, live from its start until its length
 * has passed, past afterwards. (Lists split upcoming and past at the start alone, so a live event
 * is listed as past while its status says live.)
 */
export function eventStatus(startsAt: Date, lengthMs: number, now: Date): WebinarStatus {
  if (now < startsAt) return "upcoming";
  return now.getTime() < startsAt.getTime() + lengthMs ? "live" : "past";
}
