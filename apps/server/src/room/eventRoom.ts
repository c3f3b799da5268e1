import { and, eq } from "drizzle-orm";
import * as v from "valibot";
import { GeneralSettingSchema, generalForDay, roomTimingOf, type GeneralSetting, type RoomTiming } from "@cuepoint/sdk";
import { events, timelines } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { eventControlOf } from "./console/control.js";
import { loadProgram } from "../events/program.js";

/** An event's room seen from the host's side: no registrant, the timing and the room settings. */
export interface EventRoom {
  accountId: string;
  eventId: string;
  general: GeneralSetting;
  timing: RoomTiming;
}

/**
 * The room of an event of the account (the console's presence and simulated count), or null when
 * the account has no such event. The timing is `loadRoom`'s: the program's length when it has one,
 * the host's start and end for a hand-run event.
 *
 * @example
 * const room = await loadEventRoom(orm, caller.accountId, eventId);
 */
export async function loadEventRoom(orm: Orm, accountId: string, eventId: string): Promise<EventRoom | null> {
  const [row] = await orm
    .select({ event: events, setting: timelines.setting })
    .from(events)
    .innerJoin(timelines, and(eq(timelines.id, events.timelineId), eq(timelines.accountId, accountId)))
    .where(and(eq(events.id, eventId), eq(events.accountId, accountId)));
  if (!row) return null;
  const stored = ((row.setting ?? {}) as Record<string, unknown>).general ?? {};
  const parsed = v.safeParse(GeneralSettingSchema, stored);
  const general = generalForDay(parsed.success ? parsed.output : v.parse(GeneralSettingSchema, {}), row.event.dayKey);
  const [program, control] = await Promise.all([loadProgram(orm, accountId, general), eventControlOf(orm, accountId, eventId)]);
  const timing = roomTimingOf({
    general,
    startsAt: row.event.startsAt,
    timeZone: row.event.timeZone,
    programSeconds: program ? Math.ceil(program.durationSeconds) : null,
    control,
  });
  return { accountId, eventId, general, timing };
}
