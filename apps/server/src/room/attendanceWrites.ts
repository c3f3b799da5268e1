import { sql } from "drizzle-orm";
import { attendance, roomActivity } from "../db/schema/index.js";
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
  // One set of array parameters however many rows (unnest): cheap to build at 10,000 attendees.
  await orm.execute(sql`
    insert into ${attendance} (account_id, event_id, registrant_id, attended_seconds, joined_at, left_at, replay_seconds, replay_joined_at, replay_left_at)
    select * from unnest(
      ${column((r) => r.accountId)}::uuid[], ${column((r) => r.eventId)}::uuid[], ${column((r) => r.registrantId)}::uuid[],
      ${column((r) => r.attendedSeconds)}::integer[], ${column((r) => instant(r.joinedAt))}::timestamptz[],
      ${column((r) => instant(r.leftAt))}::timestamptz[], ${column((r) => r.replaySeconds)}::integer[],
      ${column((r) => instant(r.replayJoinedAt))}::timestamptz[], ${column((r) => instant(r.replayLeftAt))}::timestamptz[])
    on conflict (event_id, registrant_id) do update set
      attended_seconds = least(${qualified("attended_seconds")} + ${merged("attended_seconds", "joined_at", "left_at")}, ${cap}::integer)::integer,
      joined_at = least(${qualified("joined_at")}, ${excluded("joined_at")}),
      left_at = greatest(${qualified("left_at")}, ${excluded("left_at")}),
      replay_seconds = (${qualified("replay_seconds")} + ${merged("replay_seconds", "replay_joined_at", "replay_left_at")})::integer,
      replay_joined_at = least(${qualified("replay_joined_at")}, ${excluded("replay_joined_at")}),
      replay_left_at = greatest(${qualified("replay_left_at")}, ${excluded("replay_left_at")})`);
}

/**
 * Records that CTAs were shown to registrants of one event, once per registrant and CTA: views
 * already stored (by this or another instance) are not written again (the unique index of views).
 * One statement for any number.
 */
export async function recordCtaViews(
  orm: Orm,
  target: { accountId: string; eventId: string },
  views: readonly { registrantId: string; nodeKey: string }[],
  at: Date,
): Promise<void> {
  if (views.length === 0) return;
  // One array parameter per column, like the attendance rows: 10,000 views are one short statement.
  await orm.execute(sql`
    insert into ${roomActivity} (account_id, event_id, registrant_id, kind, node_key, at)
    select ${target.accountId}::uuid, ${target.eventId}::uuid, v.registrant_id, 'cta_view', v.node_key, ${at.toISOString()}::timestamptz
    from unnest(${sql.param(views.map((view) => view.registrantId))}::uuid[], ${sql.param(views.map((view) => view.nodeKey))}::text[])
      as v(registrant_id, node_key)
    on conflict (event_id, node_key, registrant_id) where kind = 'cta_view' do nothing`);
}
