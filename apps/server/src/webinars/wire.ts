import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { ChildEvent, Organizer, RoomTiming, Webinar } from "@cuepoint/sdk";
import { coOrganizers, eventPeople, events, registrants, timelines, type EventRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { eventStatusAt, eventTimings, liveEndOf } from "../events/eventTiming.js";

/** The timeline fields an event shows (`general` of its setting, read as stored). */
interface GeneralFields {
  eventType?: Webinar["eventType"];
  webinarType?: Webinar["webinarType"];
}

const readJson = (value: unknown): GeneralFields | null =>
  typeof value === "string" ? (JSON.parse(value) as GeneralFields) : (value as GeneralFields | null);

/** Registrants of the event row in the same query: one index lookup per listed event. */
export const registrantCount =
  sql<number>`(select count(*) from ${registrants} where ${registrants.eventId} = ${events.id})`.mapWith(Number);

/**
 * Events with what their wire form needs from the timeline. Callers add `where`, order and paging.
 *
 * @example
 * await selectEvents(orm).where(eq(events.accountId, accountId)).limit(12)
 */
export const selectEvents = (orm: Orm) =>
  orm
    .select({
      event: events,
      timelineName: timelines.name,
      general: sql`${timelines.setting}->'general'`.mapWith(readJson),
      registrants: registrantCount,
    })
    .from(events)
    .innerJoin(timelines, eq(timelines.id, events.timelineId))
    .$dynamic();

export type SelectedEvent = Awaited<ReturnType<ReturnType<typeof selectEvents>["execute"]>>[number];

/**
 * The room timing of each listed event, by event id: when it ends is the room's rule
 * (events/eventTiming.ts: the program's length, else the manual duration, else `scheduleLength`).
 */
export const timingsOf = (orm: Orm, rows: readonly SelectedEvent[]): Promise<Map<string, RoomTiming>> =>
  eventTimings(
    orm,
    rows.map(({ event, general }) => ({ ...event, general })),
  );

/** Hosts and co-organizers of the events, by event id: the wire's `organizers`. */
async function organizersOf(orm: Orm, ids: string[]): Promise<Map<string, Organizer[]>> {
  const byEvent = new Map<string, Organizer[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byEvent;
  const [hosts, coHosts] = await Promise.all([
    orm
      .select()
      .from(eventPeople)
      .where(and(inArray(eventPeople.eventId, ids), eq(eventPeople.role, "host")))
      .orderBy(asc(eventPeople.createdAt)),
    orm.select().from(coOrganizers).where(inArray(coOrganizers.eventId, ids)).orderBy(asc(coOrganizers.createdAt)),
  ]);
  for (const host of hosts) byEvent.get(host.eventId)?.push({ name: host.name, email: host.email, role: "host" });
  for (const co of coHosts) {
    byEvent.get(co.eventId)?.push({ name: co.name, email: co.email, role: "co-organizer", tenantId: co.tenantId });
  }
  return byEvent;
}

/** Every event of the series, in order, as `childEvents`. */
export async function childEventsOf(orm: Orm, seriesIds: string[]): Promise<Map<string, ChildEvent[]>> {
  const bySeries = new Map<string, ChildEvent[]>(seriesIds.map((id) => [id, []]));
  if (seriesIds.length === 0) return bySeries;
  const rows = await orm
    .select({ id: events.id, seriesId: events.seriesId, startsAt: events.startsAt })
    .from(events)
    .where(inArray(events.seriesId, seriesIds))
    .orderBy(asc(events.startsAt), asc(events.id));
  for (const row of rows) {
    if (row.seriesId) bySeries.get(row.seriesId)?.push(childEvent(row));
  }
  return bySeries;
}

export const childEvent = (row: Pick<EventRow, "id" | "seriesId" | "startsAt">): ChildEvent => ({
  webinarID: row.id,
  ...(row.seriesId ? { uniqueID: row.seriesId } : {}),
  startTime: row.startsAt.toISOString(),
});

/** A listed event beyond the SDK's Webinar: when it ends (the room's end, events/eventTiming.ts). */
export type WireWebinar = Webinar & { endTime: string };

/**
 * Events in their wire form (the SDK's `Webinar`): organizers always; `childEvents` (every event
 * of the series) only when `withChildren`, since a page of a long series would repeat it 12 times.
 * `timings` (from {@link timingsOf}) when the caller has them already.
 */
export async function toWebinars(
  orm: Orm,
  rows: SelectedEvent[],
  now: Date,
  { withChildren = false, timings }: { withChildren?: boolean; timings?: Map<string, RoomTiming> } = {},
): Promise<WireWebinar[]> {
  const seriesIds = withChildren ? [...new Set(rows.flatMap((row) => row.event.seriesId ?? []))] : [];
  const [organizers, children, timing] = await Promise.all([
    organizersOf(
      orm,
      rows.map((row) => row.event.id),
    ),
    childEventsOf(orm, seriesIds),
    timings ?? timingsOf(orm, rows),
  ]);
  return rows.map((row) => {
    const { event, general } = row;
    const times = timing.get(event.id) as RoomTiming;
    return {
      webinarID: event.id,
      isRecurring: event.seriesId !== null,
      ...(event.seriesId ? { uniqueID: event.seriesId } : {}),
      organizers: organizers.get(event.id) ?? [],
      childEvents: (event.seriesId && children.get(event.seriesId)) || [],
      name: event.name,
      timelineName: row.timelineName,
      webinarTimeline: event.timelineId,
      startTime: event.startsAt.toISOString(),
      endTime: new Date(liveEndOf(times, now.getTime())).toISOString(),
      timeZone: event.timeZone,
      visible: event.visible,
      eventType: general?.eventType ?? "live-webinar",
      webinarType: general?.webinarType ?? "automatic",
      registrants: row.registrants,
      status: eventStatusAt(times, now.getTime()),
      dayKey: event.dayKey,
    };
  });
}
