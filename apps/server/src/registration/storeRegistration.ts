import { and, eq, sql, type SQL } from "drizzle-orm";
import { registrants } from "../db/schema/index.js";
import type { Database } from "../db/types.js";
import { registrationSchedule, registrationScheduleCtes } from "../engine/registrationJobs.js";
import type { LimitSteps, Refusal } from "../http/rateLimiter.js";
import type { FormSnapshot, OpenSession } from "./formSnapshot.js";
import { executePrepared } from "../db/preparedStatement.js";
import { registrationClosesAfter, sessionsOffered } from "../events/publicTimeline.js";

interface Answer extends Record<string, unknown> {
  fresh: boolean;
  banned: boolean;
  created: string | null;
  existing: string | null;
}

/** Who registers: the form's answers, already checked. */
export interface Registration {
  email: string;
  name: string;
  phone: string;
  customFields: Record<string, string>;
  /** The registrant's IANA zone ("" when not sent). */
  timeZone: string;
  smsConsent: boolean;
}

/**
 * What storing a registration did: `created` (new registrant, its jobs scheduled), `existing` (the
 * address had registered for this session: nothing changed), `refused` by a rate limit, `banned`
 * (the address is banned in the account: nothing stored), or `stale` (what the registration was
 * checked against changed since it was read — the timeline, its automation settings, the session or
 * the sessions before it: nothing stored and nothing counted, read them again).
 */
export type StoredRegistration =
  | { outcome: "created" | "existing"; registrantId: string }
  | { outcome: "refused"; refusal: Refusal }
  | { outcome: "banned" }
  | { outcome: "stale" };

/**
 * Stores a registration for `session` of the form's timeline in one statement, so it is atomic
 * without a transaction and costs one round trip:
 * - `fresh`: what the request was checked against is what is stored now — the timeline's and its
 *   automation settings' versions, the session's (unchanged, so still visible and at its time),
 *   still open at `now`, and still one the form offers (no more open sessions before it than the
 *   form shows: none for a one-time form). Only then does anything else happen;
 * - the rate limits (`limits`, given the condition that gates them), so a valid attempt counts
 *   once, and before the ban check as in the form's rules;
 * - the ban check, then the registrant (the unique (event, lower(email)) index makes a repeat —
 *   even two at once — a no-op), its jobs (engine/registrationJobs.ts: the same as
 *   `scheduleRegistrants` gives), the delivery-log lines of jobs skipped by the catch-up policy,
 *   the event's live script, and the registrant already there for a repeat.
 *
 * @example
 * const stored = await storeRegistration(db, form, session, person, now, (when) => limitSteps(hits, now, when));
 * if (stored.outcome === "stale") // read the form again and retry
 */
export async function storeRegistration(
  db: Database,
  form: FormSnapshot,
  session: OpenSession,
  person: Registration,
  now: Date,
  limits: (when: SQL) => LimitSteps,
): Promise<StoredRegistration> {
  const { row, timeline } = form;
  const target = { accountId: row.accountId, timelineId: row.id, eventId: session.event.id };
  const schedule = registrationSchedule(row, session.event, form.catchUp, now, form.plan, form.liveSeconds.seconds);
  const closesAfter = registrationClosesAfter(timeline, now).toISOString();
  const offered = sessionsOffered(timeline);
  const counted = limits(sql`exists (select 1 from fresh)`);
  const registrant = sql`registrant`;
  const ctes = [
    sql`fresh as (
      select 1 from timelines t
        join events c on c.id = ${session.event.id}::uuid and c.xmin::text = ${session.version}
          and c.starts_at > ${closesAfter}::timestamptz
      where t.id = ${row.id}::uuid and t.status = 'active' and t.xmin::text = ${form.version.timeline}
        and coalesce((select s.xmin::text from automation_settings s where s.timeline_id = t.id), '') = ${form.version.settings}
        and (select count(*) from (
          select 1 from events e
          where e.timeline_id = t.id and e.account_id = t.account_id and e.visible
            and e.starts_at > ${closesAfter}::timestamptz and (e.starts_at, e.id) < (c.starts_at, c.id)
          limit ${offered}) as earlier) < ${offered})`,
    ...counted.ctes,
    sql`banned as (
      select 1 from registrants r
      where r.account_id = ${row.accountId}::uuid and lower(r.email) = lower(${person.email}) and r.banned
      limit 1)`,
    sql`registrant as (
      insert into registrants (account_id, timeline_id, event_id, email, name, phone, custom_fields, source, time_zone, sms_consent)
      select ${row.accountId}::uuid, ${row.id}::uuid, ${session.event.id}::uuid, ${person.email}, ${person.name}, ${person.phone},
        ${JSON.stringify(person.customFields)}::jsonb, 'form', ${person.timeZone}, ${person.smsConsent}::boolean
      where exists (select 1 from fresh) and ${counted.passed} and not exists (select 1 from banned)
      on conflict do nothing
      returning uuid)`,
    ...(schedule ? registrationScheduleCtes(target, schedule, registrant, now) : []),
  ];
  const result = await executePrepared(db, sql`
    with ${sql.join(ctes, sql`, `)}
    select exists (select 1 from fresh) as fresh, exists (select 1 from banned) as banned, ${counted.columns},
      (select uuid::text from registrant) as created,
      (select r.uuid::text from registrants r
        where r.account_id = ${row.accountId}::uuid and r.event_id = ${session.event.id}::uuid and lower(r.email) = lower(${person.email})) as existing`);
  // Both drivers answer raw SQL with `rows` (node-postgres QueryResult, PGlite Results).
  const [answer] = (result as unknown as { rows: Answer[] }).rows;
  await counted.sweep();
  if (!answer?.fresh) return { outcome: "stale" };
  const refusal = counted.refusalOf(answer);
  if (refusal) return { outcome: "refused", refusal };
  if (answer.banned) return { outcome: "banned" };
  if (answer.created) return { outcome: "created", registrantId: answer.created };
  if (answer.existing) return { outcome: "existing", registrantId: answer.existing };
  // A repeat sent at the same moment on another connection (PostgreSQL) committed after this
  // statement began: its row is visible to a new statement.
  const [other] = await db.orm
    .select({ uuid: registrants.uuid })
    .from(registrants)
    .where(
      and(
        eq(registrants.accountId, row.accountId),
        eq(registrants.eventId, session.event.id),
        sql`lower(${registrants.email}) = lower(${person.email})`,
      ),
    );
  if (!other) throw new Error("The registration was neither stored nor found.");
  return { outcome: "existing", registrantId: other.uuid };
}
