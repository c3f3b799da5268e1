import { and, eq } from "drizzle-orm";
import {
  events,
  eventSeries,
  registrants,
  timelines,
  type EventRow,
  type EventSeriesRow,
  type RegistrantRow,
  type TimelineRow,
} from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { notFound } from "../http/errors.js";
import { isUuid } from "../http/ids.js";

/**
 * Lookups of the caller's own rows by a wire id. An id of another account, an unknown id and a
 * malformed one all answer the same 404, so ids cannot be probed across accounts.
 */
const idOf = (id: string | number) => String(id);

export const NO_WEBINAR = "There is no webinar with this id.";
export const NO_TIMELINE = "There is no timeline with this id.";
export const NO_SERIES = "There is no recurring series with this id.";
export const NO_REGISTRANT = "There is no registrant with this id.";

export async function ownTimeline(orm: Orm, accountId: string, id: string | number): Promise<TimelineRow> {
  const key = idOf(id);
  const [row] = isUuid(key)
    ? await orm
        .select()
        .from(timelines)
        .where(and(eq(timelines.id, key), eq(timelines.accountId, accountId)))
    : [];
  if (!row) throw notFound(NO_TIMELINE);
  return row;
}

export async function ownEvent(orm: Orm, accountId: string, id: string | number): Promise<EventRow> {
  const key = idOf(id);
  const [row] = isUuid(key)
    ? await orm
        .select()
        .from(events)
        .where(and(eq(events.id, key), eq(events.accountId, accountId)))
    : [];
  if (!row) throw notFound(NO_WEBINAR);
  return row;
}

export async function ownSeries(orm: Orm, accountId: string, id: string | number): Promise<EventSeriesRow> {
  const key = idOf(id);
  const [row] = isUuid(key)
    ? await orm
        .select()
        .from(eventSeries)
        .where(and(eq(eventSeries.id, key), eq(eventSeries.accountId, accountId)))
    : [];
  if (!row) throw notFound(NO_SERIES);
  return row;
}

export async function ownRegistrant(orm: Orm, accountId: string, id: string | number): Promise<RegistrantRow> {
  const key = idOf(id);
  const [row] = isUuid(key)
    ? await orm
        .select()
        .from(registrants)
        .where(and(eq(registrants.uuid, key), eq(registrants.accountId, accountId)))
    : [];
  if (!row) throw notFound(NO_REGISTRANT);
  return row;
}
