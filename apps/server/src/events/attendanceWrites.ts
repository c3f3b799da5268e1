import { sql } from "drizzle-orm";
import { attendance } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";

/** What one instance saw of one registrant at one event since its last write. */
export interface AttendanceDelta {
  accountId: string;
  eventId: string;
  registrantId: string;
  /**
   * Live part: seconds to add within the interval `[joinedAt, leftAt]` this write covers (from the
   * end of this instance's previous write, or the first instant present, to the last).
   */
  live?: { seconds: number; joinedAt: Date; leftAt: Date } | undefined;
  /** Replay viewing, counted apart: it never makes an Attendee. */
  replay?: { seconds: number; joinedAt: Date; leftAt: Date } | undefined;
  /** CTAs shown to them in the live room since the last write (added to the row's `cta_seen`, each once). */
  ctaSeen?: readonly string[] | undefined;
}

const qualified = (column: string) => sql.raw(`"attendance"."${column}"`);
const excluded = (column: string) => sql.raw(`excluded."${column}"`);
/**
 * Rows a caller passes to one `addAttendance` (one array parameter per column, so any number
 * would fit): small enough that the embedded database, which runs a statement on the server's one
 * thread, never holds the room's channels for long — a 10,000-person room's flush is ten short
 * statements, not one long one.
 */
export const ATTENDANCE_ROWS_PER_WRITE = 1000;

/**
 * The seconds a delta adds: only the part of its interval after the latest instant the row has
 * (`left_at`, written by any instance). So two tabs of one person on two instances count the time
 * once — the instances' intervals are merged by that high-water mark — while one instance's
 * consecutive writes (each starting where the last ended) add up exactly.
 */
const merged = (seconds: string, joined: string, left: string) =>
  sql.raw(
    `least(excluded."${seconds}", greatest(0, ceil(extract(epoch from (excluded."${left}" - ` +
      `greatest(excluded."${joined}", "attendance"."${left}"))))))`,
  );

/**
 * Adds the deltas of one event to its attendance rows in one statement (callers split a room's
 * flush into `ATTENDANCE_ROWS_PER_WRITE` rows, each part written or not as a whole): seconds are
 * added where they extend the row's interval (see `merged`), `joined_at` keeps the earliest and
 * `left_at` the latest instant (PostgreSQL's least/greatest skip nulls). Attended seconds never pass `liveSeconds`.
 *
 * @example
 * await addAttendance(orm, 2700, [{ accountId, eventId, registrantId, live: { seconds: 5, joinedAt, leftAt } }]);
 */
export async function addAttendance(orm: Orm, liveSeconds: number, deltas: readonly AttendanceDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const cap = Math.min(2 ** 31 - 1, Math.max(0, Math.ceil(liveSeconds)));
  const rows = deltas.map((d) => ({
    accountId: d.accountId,
    eventId: d.eventId,
    registrantId: d.registrantId,
    attendedSeconds: Math.min(cap, d.live?.seconds ?? 0),
    joinedAt: d.live?.joinedAt ?? null,
    leftAt: d.live?.leftAt ?? null,
    replaySeconds: d.replay?.seconds ?? 0,
    replayJoinedAt: d.replay?.joinedAt ?? null,
    replayLeftAt: d.replay?.leftAt ?? null,
  }));
  // One array parameter per column (sql.param: drizzle would spread a bare array into a list).
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => sql.param(rows.map(pick));
  const instant = (date: Date | null) => date?.toISOString() ?? null;
  // The CTA views as (registrant, CTA) pairs: a row's own array cannot be one element of an array parameter.
  const views = deltas.flatMap((d) => (d.ctaSeen ?? []).map((key) => [d.registrantId, key] as const));
  // One set of array parameters however many rows (unnest): cheap to build at 10,000 attendees.
  await orm.execute(sql`
    with seen as (
      select v.registrant_id, array_agg(distinct v.node_key) as keys
      from unnest(${sql.param(views.map(([id]) => id))}::uuid[], ${sql.param(views.map(([, key]) => key))}::text[]) as v(registrant_id, node_key)
      group by v.registrant_id
    )
    insert into ${attendance} (account_id, event_id, registrant_id, attended_seconds, joined_at, left_at, replay_seconds, replay_joined_at, replay_left_at, cta_seen)
    select d.*, coalesce(seen.keys, '{}'::text[]) from unnest(
      ${column((r) => r.accountId)}::uuid[], ${column((r) => r.eventId)}::uuid[], ${column((r) => r.registrantId)}::uuid[],
      ${column((r) => r.attendedSeconds)}::integer[], ${column((r) => instant(r.joinedAt))}::timestamptz[],
      ${column((r) => instant(r.leftAt))}::timestamptz[], ${column((r) => r.replaySeconds)}::integer[],
      ${column((r) => instant(r.replayJoinedAt))}::timestamptz[], ${column((r) => instant(r.replayLeftAt))}::timestamptz[])
      as d(account_id, event_id, registrant_id, attended_seconds, joined_at, left_at, replay_seconds, replay_joined_at, replay_left_at)
      left join seen on seen.registrant_id = d.registrant_id
    on conflict (event_id, registrant_id) do update set
      attended_seconds = least(${qualified("attended_seconds")} + ${merged("attended_seconds", "joined_at", "left_at")}, ${cap}::integer)::integer,
      joined_at = least(${qualified("joined_at")}, ${excluded("joined_at")}),
      left_at = greatest(${qualified("left_at")}, ${excluded("left_at")}),
      replay_seconds = (${qualified("replay_seconds")} + ${merged("replay_seconds", "replay_joined_at", "replay_left_at")})::integer,
      replay_joined_at = least(${qualified("replay_joined_at")}, ${excluded("replay_joined_at")}),
      replay_left_at = greatest(${qualified("replay_left_at")}, ${excluded("replay_left_at")}),
      cta_seen = case when cardinality(${excluded("cta_seen")}) = 0 then ${qualified("cta_seen")}
        else array(select distinct k from unnest(${qualified("cta_seen")} || ${excluded("cta_seen")}) as k) end`);
}
