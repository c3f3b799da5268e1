import { and, eq, sql } from "drizzle-orm";
import { roomPresence } from "../../db/schema/index.js";
import type { Orm } from "../../db/types.js";

/** Someone in the live room of an event on another instance, with their attendance so far. */
export interface PresentRow {
  registrantId: string;
  /** Their first instant present at the event (their attendance row), if written yet. */
  joinedAt: Date | null;
  attendedSeconds: number;
  name?: string;
  email?: string;
}

/**
 * Writes who is in an event's live room on this instance (`hubId`) now, in one row: the ids
 * replace the row's, `seen_at` says the hub is alive. No one: the row goes (other instances stop
 * counting this hub's people at once, not after three beats).
 *
 * @example
 * await writePresence(orm, { accountId, eventId }, hubId, ["…uuid…"], new Date());
 */
export async function writePresence(
  orm: Orm,
  target: { accountId: string; eventId: string },
  hubId: string,
  registrantIds: readonly string[],
  at: Date,
): Promise<void> {
  if (registrantIds.length === 0) {
    await orm.delete(roomPresence).where(and(eq(roomPresence.eventId, target.eventId), eq(roomPresence.hubId, hubId)));
    return;
  }
  const ids = sql.param([...registrantIds]);
  await orm.execute(sql`
    insert into ${roomPresence} (event_id, hub_id, account_id, registrant_ids, seen_at)
    values (${target.eventId}::uuid, ${hubId}::text, ${target.accountId}::uuid, ${ids}::uuid[], ${at.toISOString()}::timestamptz)
    on conflict (event_id, hub_id) do update set registrant_ids = excluded.registrant_ids, seen_at = excluded.seen_at`);
}

/** Removes every row of a hub (it is stopping: its people are no longer anywhere). */
export async function clearPresence(orm: Orm, hubId: string): Promise<void> {
  await orm.delete(roomPresence).where(eq(roomPresence.hubId, hubId));
}

/**
 * Registrants in the live room of an event on the other instances (rows of hubs other than
 * `hubId` seen since `since`), of the account when given; with names for the console. A person
 * on two instances is listed once.
 */
export async function presentElsewhere(
  orm: Orm,
  target: { eventId: string; accountId?: string | undefined },
  since: Date,
  withPeople: boolean,
  hubId: string,
): Promise<PresentRow[]> {
  const ofAccount = target.accountId === undefined ? sql`` : sql`and p.account_id = ${target.accountId}::uuid`;
  const people = withPeople
    ? sql`, r.name, r.email from here join registrants r on r.uuid = here.registrant_id and r.account_id = here.account_id`
    : sql` from here`;
  const result = await orm.execute(sql`
    with here as (
      select distinct ids.registrant_id, p.account_id
      from ${roomPresence} p, unnest(p.registrant_ids) as ids(registrant_id)
      where p.event_id = ${target.eventId}::uuid and p.hub_id <> ${hubId}::text and p.seen_at >= ${since.toISOString()}::timestamptz ${ofAccount}
    )
    select here.registrant_id, a.joined_at, coalesce(a.attended_seconds, 0) as attended_seconds${people}
    left join attendance a on a.event_id = ${target.eventId}::uuid and a.registrant_id = here.registrant_id`);
  // Both drivers answer raw SQL with `rows` (node-postgres QueryResult, PGlite Results).
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return rows.map((row) => ({
    registrantId: String(row.registrant_id),
    joinedAt: row.joined_at === null || row.joined_at === undefined ? null : new Date(row.joined_at as string | Date),
    attendedSeconds: Number(row.attended_seconds),
    ...(withPeople ? { name: String(row.name ?? ""), email: String(row.email ?? "") } : {}),
  }));
}
