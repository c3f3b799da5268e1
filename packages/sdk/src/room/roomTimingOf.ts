import type { GeneralSetting } from "../schemas/timelineSetting/general.js";
import { roomControlOf } from "./roomControlOf.js";
import { liveSecondsOf } from "./liveSecondsOf.js";
import type { RoomTiming } from "./types.js";

/** What `roomTimingOf` reads: the timeline's general settings and the one event. */
export interface RoomTimingInput {
  /** The timeline's `general` settings (parsed, so defaults are filled in). */
  general: Pick<GeneralSetting, "joinStart" | "replayStart" | "scheduleLength" | "replay"> &
    Partial<Pick<GeneralSetting, "webinarType" | "manualControl">>;
  /** The event's start. */
  startsAt: Date | number;
  /** The event's IANA zone. */
  timeZone: string;
  /** Seconds of the playable program (intro + video or split videos + outro); null/0/absent: no video. */
  programSeconds?: number | null;
  /** The host's start and end (issue 13), read only when the event is semi-automatic or manual. */
  control?: { startedAt: Date | number | null; endedAt: Date | number | null } | null;
}

const instant = (at: Date | number | null | undefined): number | null =>
  at === null || at === undefined ? null : typeof at === "number" ? at : at.getTime();

/**
 * The room timing of one event. The live part lasts `liveSecondsOf(general, programSeconds)`: the
 * program when there is one (a positive `programSeconds`), else the manual duration, else
 * `general.scheduleLength` hours — the one rule for when an event ends. A semi-automatic or
 * manual event (`webinarType`, `manualControl`) gets `control`, and once the host has started
 * it, `startsAt` is the host's start.
 *
 * @throws RangeError when `startsAt` is not a valid instant.
 * @example
 * roomTimingOf({ general: v.parse(GeneralSettingSchema, {}), startsAt: Date.parse("2026-03-08T17:00:00Z"),
 *   timeZone: "America/New_York", programSeconds: 2700 });
 * // { startsAt: 1772989200000, liveSeconds: 2700, joinStartMinutes: 15, replayStartMinutes: 15,
 * //   replay: { enabled: false, days: 0, hours: 0, minutes: 0, expireOnMid: false }, timeZone: "America/New_York" }
 */
export function roomTimingOf(input: RoomTimingInput): RoomTiming {
  const { general, timeZone, programSeconds } = input;
  const startsAt = typeof input.startsAt === "number" ? input.startsAt : input.startsAt.getTime();
  if (!Number.isFinite(startsAt)) throw new RangeError(`Invalid event start ${String(input.startsAt)}.`);
  const { replay } = general;
  const mode = roomControlOf(general);
  const startedAt = instant(input.control?.startedAt);
  const control = mode === "automatic" ? undefined : { mode, startedAt, endedAt: instant(input.control?.endedAt) };
  return {
    startsAt: control?.startedAt ?? startsAt,
    liveSeconds: liveSecondsOf(general, programSeconds),
    joinStartMinutes: general.joinStart,
    replayStartMinutes: general.replayStart,
    replay: {
      enabled: replay.enabled,
      days: replay.replayDays,
      hours: replay.replayHours,
      minutes: replay.replayMinutes,
      expireOnMid: replay.expireOnMid,
    },
    timeZone,
    ...(control ? { control } : {}),
  };
}
