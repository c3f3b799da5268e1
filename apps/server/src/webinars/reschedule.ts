import { and, eq, gt } from "drizzle-orm";
import { events } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { rescheduleEvent } from "../engine/reschedule.js";
import { usagePeriod } from "../usage/period.js";

/** What one `POST /webinar/reschedule` changes. */
export interface EventMove {
  accountId: string;
  eventId: string;
  startsAt: Date;
  /** The event's new zone; unchanged when absent. */
  timeZone?: string | undefined;
  now: Date;
}

/**
 * Moves an event that has not started to a new start (and zone), and its scheduled actions with
 * it (the engine's `rescheduleEvent`), in one transaction. The update only applies while the event
 * still starts after `now`, so a reschedule racing the start cannot move a started event: answers
 * false then, and nothing changed. The event's end is its start plus its timeline's length, so the
 * length is kept.
 *
 * @example
 * if (!(await moveEvent(orm, { accountId, eventId, startsAt: new Date("2026-05-11T17:00:00Z"), now }))) throw started();
 */
export async function moveEvent(orm: Orm, move: EventMove): Promise<boolean> {
  const { accountId, eventId, startsAt, timeZone, now } = move;
  return orm.transaction(async (tx) => {
    const moved = await tx
      .update(events)
      .set({ startsAt, ...(timeZone === undefined ? {} : { timeZone }) })
      .where(and(eq(events.id, eventId), eq(events.accountId, accountId), gt(events.startsAt, now)))
      .returning({ id: events.id });
    if (moved.length === 0) return false;
    await rescheduleEvent(tx, eventId, now);
    return true;
  });
}

/**
 * Whether a move brings an event's end into the current usage month (UTC) from a later month: only
 * then can it add to this month's webinar hours (an event counts in the month it ends).
 *
 * @example
 * entersCurrentMonth(new Date("2026-11-02T10:00Z"), new Date("2026-10-30T10:00Z"), now); // true when now is in October
 */
export function entersCurrentMonth(oldEnd: Date, newEnd: Date, now: Date): boolean {
  const { to } = usagePeriod(now);
  return oldEnd >= to && newEnd < to;
}
