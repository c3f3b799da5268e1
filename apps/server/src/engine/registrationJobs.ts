import { sql, type SQL } from "drizzle-orm";
import type { CatchUpPolicy, EventRow, LiveScriptItem, TimelineRow } from "../db/schema/index.js";
import { liveScriptOf } from "./liveScript.js";
import { isPaused } from "./paused.js";
import { planTimeline } from "./plan.js";
import { insertJobsSql, jobSpecs, logSkippedSql, place, type JobSpec } from "./schedule.js";

/**
 * One registration's scheduling, worked out before anything is written, so that the public form
 * can store the registrant, its jobs and the event's live script in one statement
 * (registration/storeRegistration.ts): the same jobs `scheduleRegistrants` gives a new registrant.
 */
export interface RegistrationSchedule {
  /** The registrant's jobs: the timeline's ready actions and autoresponder mails, catch-up applied. */
  specs: JobSpec[];
  /** The event's live script (stored with the registration, as a reschedule would). */
  liveScript: LiveScriptItem[];
}

/**
 * What a registration at `now` for `event` gets: null when the timeline runs nothing (trashed or
 * paused: no job and no live script, as `scheduleRegistrants` does). `plan` may be a memo of the
 * timeline math (it answers the same for the same timeline and event). `liveSeconds` is the event's
 * live length by the one end rule (events/eventTiming.ts `timelineLiveSeconds`): the after-event mails
 * are placed after it, as `scheduleRegistrants` places them.
 *
 * @example
 * const schedule = registrationSchedule(timeline, event, catchUpPolicy, now, planTimeline, 1830);
 */
export function registrationSchedule(
  timeline: TimelineRow,
  event: EventRow,
  policy: CatchUpPolicy,
  now: Date,
  plan = planTimeline,
  liveSeconds?: number,
): RegistrationSchedule | null {
  if (timeline.status !== "active" || isPaused(timeline.setting)) return null;
  // The confirmation is planned at `now`, the registration: never a missed action.
  const placed = place(timeline, event, now, plan, liveSeconds);
  return { specs: jobSpecs(placed, policy, now), liveScript: liveScriptOf(placed.planned, event.startsAt) };
}

/**
 * The common table expressions that write a registration's schedule for the registrant that the
 * expression `registrant` returned (one column, its id; no row, nothing is written): the jobs,
 * the delivery-log lines of those skipped by the catch-up policy, and the event's live script
 * (rewritten only when it changed). Names used: `jobs`, `skipped_log`, `live_script`.
 */
export function registrationScheduleCtes(
  target: { accountId: string; timelineId: string; eventId: string },
  schedule: RegistrationSchedule,
  registrant: SQL,
  now: Date,
): SQL[] {
  const at = now.toISOString();
  const ctes: SQL[] = [];
  if (schedule.specs.length > 0) {
    const insert = insertJobsSql(target, registrant, JSON.stringify(schedule.specs), at);
    ctes.push(sql`jobs as (${insert} returning id, registrant_id, node_key, action, planned_at, status, detail)`);
    if (schedule.specs.some((spec) => spec.status === "skipped")) {
      ctes.push(sql`skipped_log as (${logSkippedSql(target, sql`jobs`, at)})`);
    }
  }
  ctes.push(sql`live_script as (
    insert into event_live_scripts (event_id, account_id, timeline_id, items, updated_at)
    select ${target.eventId}::uuid, ${target.accountId}::uuid, ${target.timelineId}::uuid, ${JSON.stringify(schedule.liveScript)}::jsonb, ${at}::timestamptz
    from ${registrant} as p(id)
    on conflict (event_id) do update set items = excluded.items, updated_at = excluded.updated_at
      where event_live_scripts.items is distinct from excluded.items)`);
  return ctes;
}
