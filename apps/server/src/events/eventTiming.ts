import { and, eq, inArray } from "drizzle-orm";
import {
  GeneralSettingSchema,
  liveSecondsOf,
  roomControlOf,
  roomTimingOf,
  roomViewAt,
  type GeneralSetting,
  type RoomTiming,
  type WebinarStatus,
} from "@cuepoint/sdk";
import { eventControls } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { loadProgram, programSecondsOf } from "./program.js";
import { section } from "./roomLink.js";

/**
 * When an event ends, for everything that asks — the room, the webinars' status and end time, the
 * after-event mails, webinar hours: the SDK's room timing (`roomTimingOf`, whose live part is
 * `liveSecondsOf`: the program from `media.hls`, else the manual duration, else `scheduleLength`
 * hours) with the program read from the database here, and for an event the host runs by hand
 * (semi-automatic or manual) the host's start and end (`event_controls`, as the room reads them).
 * See room/README.md "When an event ends".
 */

/** An event asked about: its start and zone, and its timeline (id, account, stored `general` setting). */
export interface TimedEvent {
  id: string;
  accountId: string;
  timelineId: string;
  startsAt: Date;
  timeZone: string;
  /** The timeline's `setting.general` as stored (read with the SDK's defaults). */
  general: unknown;
}

/**
 * How long a timeline's events last live, in seconds (the SDK's `liveSecondsOf`, with the program
 * of the account's own encoded videos as the room plays it).
 *
 * @example
 * await timelineLiveSeconds(orm, timeline.accountId, timeline.setting.general); // 1830
 */
export async function timelineLiveSeconds(orm: Orm, accountId: string, general: unknown): Promise<number> {
  const parsed = section(GeneralSettingSchema, general);
  return liveSecondsOf(parsed, programSecondsOf(await loadProgram(orm, accountId, parsed)));
}

/** The host's start and end of those events whose timeline is run by hand, by event id: one query. */
async function controlsOf(orm: Orm, rows: readonly TimedEvent[], generals: Map<string, GeneralSetting>) {
  const handRun = rows.filter((row) => roomControlOf(generals.get(row.timelineId) as GeneralSetting) !== "automatic");
  const controls = new Map<string, { startedAt: Date | null; endedAt: Date | null }>();
  for (const accountId of new Set(handRun.map((row) => row.accountId))) {
    const ids = handRun.filter((row) => row.accountId === accountId).map((row) => row.id);
    const found = await orm
      .select({ eventId: eventControls.eventId, startedAt: eventControls.startedAt, endedAt: eventControls.endedAt })
      .from(eventControls)
      .where(and(eq(eventControls.accountId, accountId), inArray(eventControls.eventId, ids)));
    for (const { eventId, ...control } of found) controls.set(eventId, control);
  }
  return controls;
}

/**
 * The room timing of each event, by event id; each timeline's program is read once, the host's
 * controls of hand-run events in one query.
 *
 * @example
 * const timings = await eventTimings(orm, rows);
 * liveEndOf(timings.get(event.id)!, now.getTime());
 */
export async function eventTimings(orm: Orm, rows: readonly TimedEvent[]): Promise<Map<string, RoomTiming>> {
  const generals = new Map<string, GeneralSetting>();
  for (const row of rows) if (!generals.has(row.timelineId)) generals.set(row.timelineId, section(GeneralSettingSchema, row.general));
  const timelines = [...new Set(rows.map((row) => row.timelineId))];
  const [seconds, controls] = await Promise.all([
    Promise.all(
      timelines.map(async (timelineId) => {
        const row = rows.find((r) => r.timelineId === timelineId) as TimedEvent;
        return [timelineId, programSecondsOf(await loadProgram(orm, row.accountId, generals.get(timelineId) as GeneralSetting))] as const;
      }),
    ).then((pairs) => new Map(pairs)),
    controlsOf(orm, rows, generals),
  ]);
  return new Map(
    rows.map((row) => [
      row.id,
      roomTimingOf({
        general: generals.get(row.timelineId) as GeneralSetting,
        startsAt: row.startsAt,
        timeZone: row.timeZone,
        programSeconds: seconds.get(row.timelineId),
        control: controls.get(row.id) ?? null,
      }),
    ]),
  );
}

/** {@link eventTimings} of one event. */
export async function eventTimingOf(orm: Orm, row: TimedEvent): Promise<RoomTiming> {
  return (await eventTimings(orm, [row])).get(row.id) as RoomTiming;
}

/**
 * When the event's live part ends (epoch ms): the end of the room's view at `now`
 * (`roomViewAt`), so an event the host runs by hand ends when its room does.
 */
export const liveEndOf = (timing: RoomTiming, now: number): number => roomViewAt(timing, now).endsAt;

/**
 * The event's status at `now`: `upcoming` until its room is live (the confirmation and the
 * waiting room), `live` until its end, `past` from then on.
 *
 * @example
 * eventStatusAt(timing, Date.now()); // "live"
 */
export function eventStatusAt(timing: RoomTiming, now: number): WebinarStatus {
  const view = roomViewAt(timing, now);
  if (view.phase === "confirmation" || view.phase === "waiting") return "upcoming";
  return now < view.endsAt ? "live" : "past";
}
