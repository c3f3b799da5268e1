import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { attendance, roomActivity } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";

/** What one instance saw of one registrant at one event since its last write. */
export interface AttendanceDelta {
  accountId: string;
  eventId: string;
  registrantId: string;
  /** Live part: seconds to add, the first and last instant present (within the live part). */
  live?: { seconds: number; joinedAt: Date; leftAt: Date } | undefined;
  /** Replay viewing, counted apart: it never makes an Attendee. */
  replay?: { seconds: number; joinedAt: Date; leftAt: Date } | undefined;
}

const qualified = (column: string) => sql.raw(`"attendance"."${column}"`);
const excluded = (column: string) => sql.raw(`excluded."${column}"`);

/**
 * Adds the deltas of one event to its attendance rows in one statement: seconds are added (so
 * instances and reconnects add up), `joined_at` keeps the earliest and `left_at` the latest
 * instant (PostgreSQL's least/greatest skip nulls). Attended seconds never pass `liveSeconds`, so
 * two tabs (or two instances) of one registrant cannot count more than the live part lasted.
 *
 * @example
 * await addAttendance(orm, 2700, [{ accountId, eventId, registrantId, live: { seconds: 5, joinedAt, leftAt } }]);
 */
export async function addAttendance(orm: Orm, liveSeconds: number, deltas: readonly AttendanceDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const cap = Math.max(0, Math.ceil(liveSeconds));
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
  await orm
    .insert(attendance)
    .values(rows)
    .onConflictDoUpdate({
      target: [attendance.eventId, attendance.registrantId],
      set: {
        attendedSeconds: sql`least(${qualified("attended_seconds")} + ${excluded("attended_seconds")}, ${cap}::integer)`,
        joinedAt: sql`least(${qualified("joined_at")}, ${excluded("joined_at")})`,
        leftAt: sql`greatest(${qualified("left_at")}, ${excluded("left_at")})`,
        replaySeconds: sql`${qualified("replay_seconds")} + ${excluded("replay_seconds")}`,
        replayJoinedAt: sql`least(${qualified("replay_joined_at")}, ${excluded("replay_joined_at")})`,
        replayLeftAt: sql`greatest(${qualified("replay_left_at")}, ${excluded("replay_left_at")})`,
      },
    });
}

/** Registrants seen in the live room of an event since `since` (every instance writes `left_at` as it goes). */
export async function recentlyPresent(orm: Orm, eventId: string, since: Date): Promise<string[]> {
  const rows = await orm
    .select({ id: attendance.registrantId })
    .from(attendance)
    .where(and(eq(attendance.eventId, eventId), gte(attendance.leftAt, since)));
  return rows.map((row) => row.id);
}

/**
 * Records that CTAs were shown to registrants of one event, once per registrant and CTA: views
 * already stored (by this or another instance) are not written again. Two queries for any number.
 */
export async function recordCtaViews(
  orm: Orm,
  target: { accountId: string; eventId: string },
  views: readonly { registrantId: string; nodeKey: string }[],
  at: Date,
): Promise<void> {
  if (views.length === 0) return;
  const keyOf = (view: { registrantId: string | null; nodeKey: string }) => `${view.registrantId}\n${view.nodeKey}`;
  const stored = await orm
    .select({ registrantId: roomActivity.registrantId, nodeKey: roomActivity.nodeKey })
    .from(roomActivity)
    .where(
      and(
        eq(roomActivity.eventId, target.eventId),
        eq(roomActivity.kind, "cta_view"),
        inArray(roomActivity.nodeKey, [...new Set(views.map((view) => view.nodeKey))]),
        inArray(roomActivity.registrantId, [...new Set(views.map((view) => view.registrantId))]),
      ),
    );
  const known = new Set(stored.map(keyOf));
  const fresh = new Map(views.filter((view) => !known.has(keyOf(view))).map((view) => [keyOf(view), view]));
  if (fresh.size === 0) return;
  await orm
    .insert(roomActivity)
    .values([...fresh.values()].map((view) => ({ ...target, ...view, kind: "cta_view" as const, at })));
}
