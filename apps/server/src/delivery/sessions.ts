import { and, eq, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import { events, platformSessions, timelines, type PlatformSessionRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { ServiceError } from "../integrations/serviceCall.js";
import { timelineLiveSeconds } from "../events/eventTiming.js";
import { REGISTERING_PLATFORMS, sessionDriverFor, platformContext } from "./drivers.js";
import { deliveryLog, retryAt, retryNote, LEASE_MS, type DeliveryDeps } from "./deliveryLog.js";
import { remoteOf, type SessionPlan } from "./platform.js";

const UUID = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";
const BATCH = 50;

/**
 * Adds a session row for every upcoming event of an active timeline delivered on Zoom, GoTo
 * Webinar or YouTube Live (`general.deliveryPlatform`, with a well-formed `general.integrationID`) that has none yet.
 * One statement; the unique event index makes a repeat, or two instances at once, harmless.
 */
export async function openSessions(deps: DeliveryDeps): Promise<number> {
  const now = deps.now().toISOString();
  const general = sql`${timelines.setting}->'general'`;
  const result = await deps.orm.execute(sql`
    insert into ${platformSessions} (account_id, event_id, series_id, integration_id, platform, updated_at)
    select e.account_id, e.id, e.series_id, (${general}->>'integrationID')::uuid, ${general}->>'deliveryPlatform', ${now}::timestamptz
    from ${events} e join ${timelines} on ${timelines.id} = e.timeline_id and ${timelines.accountId} = e.account_id
    where ${timelines.status} = 'active' and ${general}->>'deliveryPlatform' in ('zoom', 'gotowebinar', 'youtube')
      and ${general}->>'integrationID' ~ ${UUID} and e.starts_at > ${now}::timestamptz
      and not exists (select 1 from ${platformSessions} s where s.event_id = e.id)
    limit 500
    on conflict (event_id) do nothing
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/**
 * Claims sessions with work to do for `LEASE_MS` (another instance skips them; a crashed one's
 * claim lapses and they are picked up again): an event deleted (cancel), a session not created
 * yet, or an event moved since the platform was told.
 */
async function claimSessions(deps: DeliveryDeps): Promise<string[]> {
  const now = deps.now();
  const result = await deps.orm.execute(sql`
    update ${platformSessions} set next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
    where id in (
      select s.id from ${platformSessions} s left join ${events} e on e.id = s.event_id and e.account_id = s.account_id
      where s.status <> 'cancelled' and (s.next_attempt_at is null or s.next_attempt_at <= ${now.toISOString()}::timestamptz)
        and (e.id is null or s.status = 'pending' or s.synced_starts_at is distinct from e.starts_at)
      limit ${BATCH} for update of s skip locked)
    returning id`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}

/** The session's plan from its event and timeline. */
async function planOf(orm: Orm, row: { event: typeof events.$inferSelect; general: unknown; timelineName: string }): Promise<SessionPlan> {
  const general = (row.general ?? {}) as { description?: string; timelineName?: string };
  const seconds = await timelineLiveSeconds(orm, row.event.accountId, row.general);
  return {
    topic: row.event.name || general.timelineName || row.timelineName || "Webinar",
    description: general.description ?? "",
    startsAt: row.event.startsAt,
    minutes: Math.max(1, Math.ceil(seconds / 60)),
    timeZone: row.event.timeZone,
  };
}

/**
 * Brings each claimed session in line with its event: creates it on the platform, moves it, or
 * cancels it when the event is gone. A refusal is kept on the row in the platform's words (the
 * host's webinar screen shows it) and not retried until the event moves again; a platform that
 * cannot be reached is tried again later (backoff). Every call is a line in the delivery log.
 */
export async function reconcileSessions(deps: DeliveryDeps): Promise<number> {
  const ids = await claimSessions(deps);
  if (ids.length === 0) return 0;
  const rows = await deps.orm
    .select({ session: platformSessions, event: events, general: sql<unknown>`${timelines.setting}->'general'`, timelineName: timelines.name })
    .from(platformSessions)
    .leftJoin(events, and(eq(events.id, platformSessions.eventId), eq(events.accountId, platformSessions.accountId)))
    .leftJoin(timelines, and(eq(timelines.id, events.timelineId), eq(timelines.accountId, platformSessions.accountId)))
    .where(inArray(platformSessions.id, ids));
  for (const row of rows) await reconcileOne(deps, row.session, row.event && { event: row.event, general: row.general, timelineName: row.timelineName ?? "" });
  return rows.length;
}

async function reconcileOne(
  deps: DeliveryDeps,
  session: PlatformSessionRow,
  current: { event: typeof events.$inferSelect; general: unknown; timelineName: string } | null,
): Promise<void> {
  const { orm } = deps;
  const now = deps.now();
  const operation = !current ? "cancel" : session.remoteId ? "move" : "create";
  const update = (fields: Partial<PlatformSessionRow>) =>
    orm.update(platformSessions).set({ ...fields, updatedAt: now }).where(eq(platformSessions.id, session.id));
  const log = (outcome: "done" | "failed" | "refused", detail: string) =>
    deliveryLog(orm, { accountId: session.accountId, eventId: session.eventId, platform: session.platform, operation, outcome, detail, at: now });
  if (!current && !session.remoteId) {
    await update({ status: "cancelled", nextAttemptAt: null });
    return;
  }
  try {
    const driver = sessionDriverFor(session.platform);
    const ctx = await platformContext(orm, session, deps.now);
    if (!current) {
      await driver.cancel(ctx, remoteOf(session));
      await update({ status: "cancelled", nextAttemptAt: null, message: "" });
      await log("done", `${ctx.label} ${session.remoteKind || driver.noun} ${session.remoteId} cancelled.`);
      return;
    }
    const plan = await planOf(orm, current);
    if (operation === "create") {
      const created = await driver.create(ctx, plan);
      const remoteKind = created.kind ?? "";
      await update({ remoteId: created.remoteId, remoteKind, status: "ready", syncedStartsAt: plan.startsAt, nextAttemptAt: null, attempts: 0, message: "" });
      await log("done", `${ctx.label} ${remoteKind || driver.noun} ${created.remoteId} created for ${plan.startsAt.toISOString()}.${created.note ? ` ${created.note}` : ""}`);
    } else {
      await driver.move(ctx, remoteOf(session), plan);
      await update({ status: "ready", syncedStartsAt: plan.startsAt, nextAttemptAt: null, attempts: 0, message: "" });
      await log("done", `${ctx.label} ${session.remoteKind || driver.noun} ${session.remoteId} moved to ${plan.startsAt.toISOString()}.`);
    }
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.reason === "refused") {
      // Final until the host changes something: a gone event is left cancelled, a live one keeps the words.
      await update(current ? { status: "refused", message: error.message, syncedStartsAt: current.event.startsAt, nextAttemptAt: null } : { status: "cancelled", message: error.message, nextAttemptAt: null });
      await log("refused", error.message);
      return;
    }
    const attempts = session.attempts + 1;
    const next = retryAt(now, attempts);
    await update({ attempts, nextAttemptAt: next, message: retryNote(error.message, next) });
    await log("failed", retryNote(error.message, next));
  }
}

/** Sessions of an account's event (the webinar screen's delivery state). */
export const sessionOf = (orm: Orm, accountId: string, eventId: string) =>
  orm
    .select()
    .from(platformSessions)
    .where(and(eq(platformSessions.accountId, accountId), eq(platformSessions.eventId, eventId)))
    .then((rows) => rows[0]);

/** Sessions whose event is over and whose attendance the platform has not given yet, due now (YouTube's is the room's own). */
export const attendanceDue = (orm: Orm, now: Date) =>
  orm
    .select({ session: platformSessions, event: events, general: sql<unknown>`${timelines.setting}->'general'` })
    .from(platformSessions)
    .innerJoin(events, and(eq(events.id, platformSessions.eventId), eq(events.accountId, platformSessions.accountId)))
    .innerJoin(timelines, and(eq(timelines.id, events.timelineId), eq(timelines.accountId, platformSessions.accountId)))
    .where(
      and(
        eq(platformSessions.status, "ready"),
        inArray(platformSessions.platform, [...REGISTERING_PLATFORMS]),
        ne(platformSessions.remoteId, ""),
        isNull(platformSessions.attendanceImportedAt),
        lte(events.startsAt, now),
        or(isNull(platformSessions.nextAttemptAt), lte(platformSessions.nextAttemptAt, now)),
      ),
    )
    .limit(BATCH);
