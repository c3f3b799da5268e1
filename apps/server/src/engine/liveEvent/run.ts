import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { registrants, scheduledActions } from "../../db/schema/index.js";
import type { Orm } from "../../db/types.js";
import type { ActionJob, ActionOutcome } from "../../integrations/actions/types.js";
import { scheduleRegistrants } from "../schedule.js";
import { localTime } from "../simulate.js";
import type { ActionRun } from "../../integrations/services/types.js";

/**
 * What a live-event action of the engine gets: the job and the engine's context. These actions act
 * on Cuepoint's own data (registrations, sessions, jobs), so no integration of the account is
 * loaded for them (AEVENT has none to load); the registry still names the kinds that run them.
 */
export type LiveEventRun = Pick<ActionRun, "job" | "engine">;

/** One live-event action carried out on the registrant. */
export type LiveEventExecutor = (run: LiveEventRun) => Promise<ActionOutcome>;

/**
 * The node key of the job being carried out: its idempotency key is
 * `${nodeKey}:${registrantId}:${eventId}` (engine/worker.ts), and a node key may hold colons.
 */
export const jobNodeKey = (job: ActionJob): string =>
  job.idempotencyKey.slice(0, job.idempotencyKey.length - job.registrant.id.length - job.event.id.length - 2);

/** The registrant of a job, from the job's own account only (null once deleted). */
export async function registrantOf(tx: Orm, job: ActionJob) {
  const [row] = await tx
    .select()
    .from(registrants)
    .where(and(eq(registrants.uuid, job.registrant.id), eq(registrants.accountId, job.accountId)));
  return row ?? null;
}

/**
 * Moves a registrant to another session of its timeline: what still waits for the old session is
 * canceled with `reason` (all but the job being carried out, which the worker records), the
 * registration points at the new session, and the new session's jobs are scheduled exactly as a
 * registration at `now` gets them (`scheduleRegistrants`: the timeline's actions, the
 * confirmation mail at once, catch-up for what is already due, the live script).
 */
export async function moveRegistrant(
  tx: Orm,
  move: { job: ActionJob; fromEventId: string; toEventId: string; reason: string },
  now: Date,
): Promise<void> {
  const { job } = move;
  await tx
    .update(scheduledActions)
    .set({ status: "canceled", jobId: null, detail: move.reason, updatedAt: now })
    .where(
      and(
        eq(scheduledActions.registrantId, job.registrant.id),
        eq(scheduledActions.accountId, job.accountId),
        eq(scheduledActions.eventId, move.fromEventId),
        inArray(scheduledActions.status, ["pending", "queued"]),
        ne(scheduledActions.nodeKey, jobNodeKey(job)),
      ),
    );
  await tx
    .update(registrants)
    .set({ eventId: move.toEventId })
    .where(and(eq(registrants.uuid, job.registrant.id), eq(registrants.accountId, job.accountId)));
  await scheduleRegistrants(tx, [job.registrant.id], now);
}

/** `lower(email) = lower(address)` for the registrants table. */
export const sameAddress = (address: string) => sql`lower(${registrants.email}) = lower(${address})`;

/** An instant for the delivery log: `2026-05-11 10:00 (America/Los_Angeles)`. */
export const when = (at: Date, timeZone: string): string => `${localTime(at, timeZone)} (${timeZone})`;
