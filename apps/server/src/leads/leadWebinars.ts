import { and, eq, inArray } from "drizzle-orm";
import { events, timelines, type RegistrantRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";

/** The webinar a lead registered for, as the leads list shows it. */
export interface LeadWebinar {
  name: string;
  /** The event's start (ISO), when the lead registered for an event (imported leads may have none). */
  start?: string;
  timeZone?: string;
}

/**
 * The webinars of a page of leads, by registrant uuid: the event's name (else its timeline's) with
 * its start and zone, or the timeline's name alone for a lead without an event. Two reads whatever
 * the page holds, both within the account.
 */
export async function leadWebinars(orm: Orm, accountId: string, rows: readonly RegistrantRow[]): Promise<Map<string, LeadWebinar>> {
  const eventIds = [...new Set(rows.flatMap((row) => (row.eventId ? [row.eventId] : [])))];
  const timelineIds = [...new Set(rows.map((row) => row.timelineId))];
  const [eventRows, timelineRows] = await Promise.all([
    eventIds.length === 0
      ? []
      : orm
          .select({ id: events.id, name: events.name, startsAt: events.startsAt, timeZone: events.timeZone })
          .from(events)
          .where(and(eq(events.accountId, accountId), inArray(events.id, eventIds))),
    timelineIds.length === 0
      ? []
      : orm
          .select({ id: timelines.id, name: timelines.name })
          .from(timelines)
          .where(and(eq(timelines.accountId, accountId), inArray(timelines.id, timelineIds))),
  ]);
  const eventsById = new Map(eventRows.map((event) => [event.id, event]));
  const timelineNames = new Map(timelineRows.map((timeline) => [timeline.id, timeline.name]));
  const found = new Map<string, LeadWebinar>();
  for (const row of rows) {
    const timelineName = timelineNames.get(row.timelineId) ?? "";
    const event = row.eventId ? eventsById.get(row.eventId) : undefined;
    if (event) found.set(row.uuid, { name: event.name || timelineName, start: event.startsAt.toISOString(), timeZone: event.timeZone });
    else if (timelineName) found.set(row.uuid, { name: timelineName });
  }
  return found;
}
