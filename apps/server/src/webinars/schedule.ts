import { and, count, eq } from "drizzle-orm";
import { eventPeople, events, eventSeries, type EventRow, type RecurrencePattern } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";

/** What one `POST /webinar/create` stores. */
export interface NewSchedule {
  accountId: string;
  timelineId: string;
  name: string;
  timeZone: string;
  /** The start as written: local `YYYY-MM-DDTHH:mm`. */
  startLocal: string;
  /** Present for a recurring series. */
  pattern?: RecurrencePattern | undefined;
  /** Every event's start (one for a single event), as `occurrences()` computed them. */
  starts: Date[];
  /** Attached to every event as its host: the person who scheduled it. */
  host?: { name: string; email: string } | undefined;
  /** On a multi-event timeline, the day every event of this schedule is. */
  dayKey?: string | undefined;
  now: Date;
}

/**
 * Stores a single event, or a series and all its events, with the host on each: in one
 * transaction, so a failure leaves no half series behind.
 */
export async function storeSchedule(
  orm: Orm,
  schedule: NewSchedule,
): Promise<{ seriesId: string | null; rows: EventRow[] }> {
  const { accountId, timelineId, name, timeZone, now } = schedule;
  return orm.transaction(async (tx) => {
    let seriesId: string | null = null;
    if (schedule.pattern) {
      const [series] = await tx
        .insert(eventSeries)
        .values({
          accountId,
          timelineId,
          name,
          timeZone,
          startLocal: schedule.startLocal,
          pattern: schedule.pattern,
          createdAt: now,
        })
        .returning({ id: eventSeries.id });
      seriesId = series?.id ?? null;
    }
    const rows = await tx
      .insert(events)
      .values(
        schedule.starts.map((startsAt) => ({
          accountId,
          timelineId,
          seriesId,
          name,
          dayKey: schedule.dayKey ?? "",
          startsAt,
          timeZone,
          createdAt: now,
        })),
      )
      .returning();
    rows.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    const host = schedule.host;
    if (host && rows.length > 0) {
      await tx
        .insert(eventPeople)
        .values(rows.map((row) => ({ accountId, eventId: row.id, role: "host" as const, ...host, createdAt: now })));
    }
    return { seriesId, rows };
  });
}

/**
 * Deletes a whole series: every event of it (past ones too, with their attendance, organizers and
 * people; registrants stay as leads of the timeline, their event cleared) and the series itself.
 */
export async function deleteSeries(orm: Orm, accountId: string, seriesId: string): Promise<number> {
  return orm.transaction(async (tx) => {
    const deleted = await tx
      .delete(events)
      .where(and(eq(events.seriesId, seriesId), eq(events.accountId, accountId)))
      .returning({ id: events.id });
    await tx.delete(eventSeries).where(and(eq(eventSeries.id, seriesId), eq(eventSeries.accountId, accountId)));
    return deleted.length;
  });
}

/** Deletes one event; a series left with no event goes too, so the recurring list never shows an empty one. */
export async function deleteEvent(orm: Orm, accountId: string, event: EventRow): Promise<void> {
  await orm.transaction(async (tx) => {
    await tx.delete(events).where(and(eq(events.id, event.id), eq(events.accountId, accountId)));
    if (!event.seriesId) return;
    const [left] = await tx.select({ n: count() }).from(events).where(eq(events.seriesId, event.seriesId));
    if ((left?.n ?? 0) === 0) {
      await tx.delete(eventSeries).where(and(eq(eventSeries.id, event.seriesId), eq(eventSeries.accountId, accountId)));
    }
  });
}
