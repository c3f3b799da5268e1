import { sql } from "drizzle-orm";
import { createMasterSetting } from "@cuepoint/sdk";
import { attendance, registrants, timelines, type RegistrantRow, type TimelineRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";

/**
 * Writers of the rows the webinar analytics read, for tests and the demo seed. The live room (not
 * built yet) will record attendance through {@link recordAttendance} too.
 */

/** A timeline with the default setting, for tests that need one before the timelines routes exist. */
export async function insertTimeline(
  orm: Orm,
  accountId: string,
  {
    name = "Launch webinar",
    timeZone,
    scheduleLength,
    status = "active",
  }: {
    name?: string;
    timeZone?: string;
    scheduleLength?: number;
    status?: "active" | "trash";
  } = {},
): Promise<TimelineRow> {
  const setting = createMasterSetting({ general: { timelineName: name, timeZone, scheduleLength } });
  const [row] = await orm.insert(timelines).values({ accountId, name, setting, status }).returning();
  if (!row) throw new Error("The timeline was not stored.");
  return row;
}

export interface NewRegistrant {
  email: string;
  name?: string;
  phone?: string;
  customFields?: Record<string, string>;
  createdAt?: Date;
}

/** Registrants of one event (of its timeline). */
export async function insertRegistrants(
  orm: Orm,
  event: { accountId: string; timelineId: string; id: string },
  people: NewRegistrant[],
): Promise<RegistrantRow[]> {
  if (people.length === 0) return [];
  return orm
    .insert(registrants)
    .values(
      people.map((person) => ({
        accountId: event.accountId,
        timelineId: event.timelineId,
        eventId: event.id,
        ...person,
      })),
    )
    .returning();
}

export interface Visit {
  accountId: string;
  eventId: string;
  registrantId: string;
  joinedAt: Date;
  leftAt: Date;
  /** Time in the room; defaults to leftAt - joinedAt. */
  attendedSeconds?: number;
}

// Merges with a stored row: earliest join, latest leave, seconds summed.
const sqlLeast = (date: Date) => sql`least(${attendance.joinedAt}, ${date.toISOString()}::timestamptz)`;
const sqlGreatest = (date: Date) => sql`greatest(${attendance.leftAt}, ${date.toISOString()}::timestamptz)`;
const sqlAdd = (seconds: number) => sql`${attendance.attendedSeconds} + ${seconds}`;

/**
 * Adds a visit to a registrant's attendance of an event: the first join and the last leave are
 * kept, and the seconds add up over visits (one row per registrant per event).
 */
export async function recordAttendance(orm: Orm, visit: Visit): Promise<void> {
  const seconds =
    visit.attendedSeconds ?? Math.max(0, Math.round((visit.leftAt.getTime() - visit.joinedAt.getTime()) / 1000));
  await orm
    .insert(attendance)
    .values({
      accountId: visit.accountId,
      eventId: visit.eventId,
      registrantId: visit.registrantId,
      joinedAt: visit.joinedAt,
      leftAt: visit.leftAt,
      attendedSeconds: seconds,
    })
    .onConflictDoUpdate({
      target: [attendance.eventId, attendance.registrantId],
      set: {
        joinedAt: sqlLeast(visit.joinedAt),
        leftAt: sqlGreatest(visit.leftAt),
        attendedSeconds: sqlAdd(seconds),
      },
    });
}
