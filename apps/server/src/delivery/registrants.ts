import { eq, inArray, sql } from "drizzle-orm";
import { platformRegistrants, platformSessions, registrants } from "../db/schema/index.js";
import { ServiceError } from "../integrations/serviceCall.js";
import { driverFor, platformContext } from "./drivers.js";
import { deliveryLog, LEASE_MS, retryAt, retryNote, type DeliveryDeps, type LogLine } from "./deliveryLog.js";
import { remoteOf, type Person, type Registration } from "./platform.js";

/** Registrants claimed per sweep (a CSV import of thousands is worked through in rounds). */
const CLAIM = 500;

/**
 * Claims the registrants to register: not banned, of an event whose session the platform holds
 * (a platform with registrants: not YouTube, whose viewers watch in Cuepoint's room),
 * and not registered for that event yet (new, moved to another event, or a try that failed and is
 * due again). The claim is the row itself, `pending` with `next_attempt_at` a lease ahead: a second
 * instance's claim at the same moment waits for this one and then finds the lease and skips them.
 */
async function claim(deps: DeliveryDeps): Promise<string[]> {
  const now = deps.now();
  const lease = new Date(now.getTime() + LEASE_MS).toISOString();
  const result = await deps.orm.execute(sql`
    insert into ${platformRegistrants} (registrant_id, account_id, event_id, status, next_attempt_at, updated_at)
    select r.uuid, r.account_id, r.event_id, 'pending', ${lease}::timestamptz, ${now.toISOString()}::timestamptz
    from ${registrants} r
    join ${platformSessions} s on s.event_id = r.event_id and s.account_id = r.account_id and s.status = 'ready' and s.remote_id <> ''
      and s.platform in ('zoom', 'gotowebinar')
    left join ${platformRegistrants} p on p.registrant_id = r.uuid
    where not r.banned and (p.registrant_id is null or p.event_id <> r.event_id
      or (p.status = 'pending' and (p.next_attempt_at is null or p.next_attempt_at <= ${now.toISOString()}::timestamptz)))
    limit ${CLAIM}
    on conflict (registrant_id) do update set event_id = excluded.event_id, status = 'pending', remote_id = '', join_url = '',
      next_attempt_at = excluded.next_attempt_at, updated_at = excluded.updated_at
      where ${platformRegistrants}.event_id <> excluded.event_id
        or (${platformRegistrants}.status = 'pending' and (${platformRegistrants}.next_attempt_at is null
          or ${platformRegistrants}.next_attempt_at <= ${now.toISOString()}::timestamptz))
    returning registrant_id`);
  return (result as unknown as { rows: { registrant_id: string }[] }).rows.map((row) => row.registrant_id);
}

/**
 * Registers the claimed registrants on their events' platform sessions — in bulk where the platform
 * allows (Zoom's batch registration) — and keeps each personal join URL, or the platform's refusal
 * in its words. A platform that cannot be reached leaves them pending with a later retry.
 */
export async function registerPending(deps: DeliveryDeps): Promise<number> {
  const ids = await claim(deps);
  if (ids.length === 0) return 0;
  const { orm } = deps;
  const rows = await orm
    .select({ registrantId: registrants.uuid, email: registrants.email, name: registrants.name, attempts: platformRegistrants.attempts, session: platformSessions })
    .from(platformRegistrants)
    .innerJoin(registrants, eq(registrants.uuid, platformRegistrants.registrantId))
    .innerJoin(platformSessions, eq(platformSessions.eventId, platformRegistrants.eventId))
    .where(inArray(platformRegistrants.registrantId, ids));
  const bySession = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = bySession.get(row.session.id);
    if (list) list.push(row);
    else bySession.set(row.session.id, [row]);
  }
  for (const group of bySession.values()) {
    const session = group[0]?.session;
    if (!session) continue;
    const now = deps.now();
    const line = (registrantId: string, outcome: LogLine["outcome"], detail: string): LogLine => ({
      accountId: session.accountId,
      eventId: session.eventId,
      registrantId,
      platform: session.platform,
      operation: "register",
      outcome,
      detail,
      at: now,
    });
    const people: Person[] = group.map((row) => ({ registrantId: row.registrantId, email: row.email, name: row.name }));
    let outcomes: Registration[];
    try {
      const ctx = await platformContext(orm, session, deps.now);
      outcomes = await driverFor(session.platform).register(ctx, remoteOf(session), people);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      if (error.reason === "refused") {
        outcomes = people.map((person) => ({ registrantId: person.registrantId, outcome: "refused", message: error.message }));
      } else {
        const attempts = (group[0]?.attempts ?? 0) + 1;
        const next = retryAt(now, attempts);
        await orm
          .update(platformRegistrants)
          .set({ attempts, nextAttemptAt: next, message: retryNote(error.message, next), updatedAt: now })
          .where(inArray(platformRegistrants.registrantId, people.map((person) => person.registrantId)));
        await deliveryLog(orm, ...people.map((person) => line(person.registrantId, "failed", retryNote(error.message, next))));
        continue;
      }
    }
    await storeOutcomes(deps, outcomes, now);
    await deliveryLog(
      orm,
      ...outcomes.map((o) => (o.outcome === "registered" ? line(o.registrantId, "done", `Registered: ${o.remoteId}.`) : line(o.registrantId, "refused", o.message))),
    );
  }
  return rows.length;
}

/** Each outcome on its registrant's row, one statement for the lot. */
async function storeOutcomes(deps: DeliveryDeps, outcomes: readonly Registration[], now: Date): Promise<void> {
  if (outcomes.length === 0) return;
  const column = <T>(pick: (o: Registration) => T) => sql.param(outcomes.map(pick));
  await deps.orm.execute(sql`
    update ${platformRegistrants} p set status = v.status, remote_id = v.remote_id, join_url = v.join_url, message = v.message,
      next_attempt_at = null, updated_at = ${now.toISOString()}::timestamptz
    from unnest(${column((o) => o.registrantId)}::uuid[], ${column((o) => o.outcome)}::text[],
      ${column((o) => (o.outcome === "registered" ? o.remoteId : ""))}::text[], ${column((o) => (o.outcome === "registered" ? o.joinUrl : ""))}::text[],
      ${column((o) => (o.outcome === "refused" ? o.message : ""))}::text[]) as v(registrant_id, status, remote_id, join_url, message)
    where p.registrant_id = v.registrant_id`);
}
