import { and, asc, count, eq } from "drizzle-orm";
import { DEFAULT_TIMEZONE, zonedWallTime } from "@cuepoint/sdk";
import { events, users } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { ownTimeline } from "../events/access.js";
import { insertRegistrants, recordAttendance } from "./attendanceData.js";
import { occurrences, openEndedHorizon } from "./recurrence.js";
import { storeSchedule } from "./schedule.js";

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const pad = (n: number) => String(n).padStart(2, "0");

/** A local `YYYY-MM-DDTHH:mm` in the zone, `days` from now, at `hour`:00. */
function localStart(now: Date, days: number, hour: number, timeZone: string): string {
  const { year, month, day } = zonedWallTime(new Date(now.getTime() + days * DAY_MS), timeZone);
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:00`;
}

const PEOPLE = [
  "Ada Lovelace",
  "Grace Hopper",
  "Alan Turing",
  "Katherine Johnson",
  "Edsger Dijkstra",
  "Barbara Liskov",
  "Donald Knuth",
  "Margaret Hamilton",
];

/**
 * The demo's webinars on one timeline: three past events with registrants and attendance (so the
 * analytics and exports show numbers), one single upcoming event, and a weekly series (Tuesdays and
 * Thursdays, 8 events). The account's first user hosts them. Does nothing when the timeline already
 * has events, so a restart never duplicates them.
 *
 * @example
 * await seedDemoWebinars(orm, user.accountId, timeline.id)
 */
export async function seedDemoWebinars(
  db: Orm,
  accountId: string,
  timelineId: string,
  now = new Date(),
): Promise<void> {
  const timeline = await ownTimeline(db, accountId, timelineId);
  const [existing] = await db
    .select({ n: count() })
    .from(events)
    .where(and(eq(events.accountId, accountId), eq(events.timelineId, timeline.id)));
  if ((existing?.n ?? 0) > 0) return;
  const timeZone = timeline.setting?.general?.timeZone ?? DEFAULT_TIMEZONE;
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.accountId, accountId))
    .orderBy(asc(users.createdAt))
    .limit(1);
  const host = user && { name: user.name || user.email, email: user.email };
  const name = timeline.name || "Demo webinar";
  const base = { accountId, timelineId: timeline.id, timeZone, host, now };

  for (const [index, daysAgo] of [21, 14, 7].entries()) {
    const startLocal = localStart(now, -daysAgo, 17, timeZone);
    const starts = occurrences(startLocal, timeZone, undefined, now);
    const { rows } = await storeSchedule(db, { ...base, name, startLocal, starts });
    const event = rows[0];
    if (!event) continue;
    const people = PEOPLE.slice(0, 5 + index).map((person, i) => ({
      name: person,
      email: `${person.toLowerCase().replace(/\W+/g, ".")}+${daysAgo}@example.com`,
      createdAt: new Date(event.startsAt.getTime() - (3 + i) * DAY_MS),
    }));
    const registered = await insertRegistrants(db, event, people);
    // About two in three attend, for 20 to 55 minutes.
    for (const [i, registrant] of registered.entries()) {
      if (i % 3 === 2) continue;
      const joinedAt = new Date(event.startsAt.getTime() + i * MINUTE_MS);
      const leftAt = new Date(joinedAt.getTime() + (20 + ((i * 7) % 36)) * MINUTE_MS);
      await recordAttendance(db, { accountId, eventId: event.id, registrantId: registrant.uuid, joinedAt, leftAt });
    }
  }

  const nextLocal = localStart(now, 2, 18, timeZone);
  await storeSchedule(db, {
    ...base,
    name,
    startLocal: nextLocal,
    starts: occurrences(nextLocal, timeZone, undefined, now),
  });

  const seriesLocal = localStart(now, 1, 10, timeZone);
  const pattern = { days: [2, 4], count: 8 };
  const starts = occurrences(seriesLocal, timeZone, pattern, openEndedHorizon(now));
  await storeSchedule(db, { ...base, name: `${name} (twice weekly)`, startLocal: seriesLocal, pattern, starts });
}
