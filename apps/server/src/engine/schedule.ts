import { and, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import { blocksForEvent, generalForDay } from "@cuepoint/sdk";
import {
  events,
  registrants,
  timelines,
  type EventRow,
  type CatchUpPolicy,
  type ScheduledActionStatus,
  type TimelineRow,
} from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { timelineLiveSeconds } from "../events/eventTiming.js";
import { planAutoresponders } from "./autoresponders.js";
import { storeLiveScript } from "./liveScript.js";
import { isPaused } from "./paused.js";
import { planTimeline, type PlannedNode } from "./plan.js";
import { catchUp } from "./policy.js";
import { automationSettingsOf } from "./settings.js";

/**
 * Scheduling: turning registrations into scheduled actions (engine/README.md); timeline, event and
 * ban changes are reschedule.ts, with the same job insert. Every function takes the caller's
 * transaction, so a registration and its jobs commit together.
 */

/** Jobs per INSERT: the registrants of a batch × the jobs each gets, a few thousand rows. */
const ROWS_PER_STATEMENT = 5000;

/** The event a set of jobs belongs to (all jobs of one insert share it). */
export interface JobEvent {
  accountId: string;
  timelineId: string;
  eventId: string;
}

/** One job each registrant gets: a node (or autoresponder mail) at its time, with its state. */
export interface JobSpec {
  nodeKey: string;
  action: string;
  plannedAt: Date;
  dueAt: Date;
  status: ScheduledActionStatus;
  detail: string;
}

/** `ids` as one jsonb parameter: its elements as uuids, for `in (…)` without a parameter each. */
const uuidsOf = (ids: readonly string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;

/**
 * Inserts a job per (registrant, spec) for one event, `ROWS_PER_STATEMENT` at a time, each
 * statement with the registrant ids and the specs as two jsonb parameters (so the statement's
 * size does not grow with the rows, and nothing is returned to JavaScript). A job that exists
 * already — the same (node, registrant, event) — is left as it is (the identity index), so a
 * repeated call adds nothing. Jobs inserted as `skipped` (the catch-up policy) go into the
 * delivery log in the same statement, with their reason.
 *
 * @example
 * await insertJobs(tx, { accountId, timelineId, eventId }, [ann, bob], [{ nodeKey: "a", action: "sendMail", plannedAt, dueAt: plannedAt, status: "pending", detail: "" }], now);
 */
export async function insertJobs(
  tx: Orm,
  event: JobEvent,
  registrantIds: readonly string[],
  specs: readonly JobSpec[],
  now: Date,
): Promise<void> {
  if (registrantIds.length === 0 || specs.length === 0) return;
  const jobs = JSON.stringify(specs);
  const at = now.toISOString();
  const perStatement = Math.max(1, Math.floor(ROWS_PER_STATEMENT / specs.length));
  // The delivery-log half only when some job is skipped: returning every row costs otherwise.
  const logSkipped = specs.some((spec) => spec.status === "skipped");
  for (let i = 0; i < registrantIds.length; i += perStatement) {
    const ids = sql`jsonb_array_elements_text(${JSON.stringify(registrantIds.slice(i, i + perStatement))}::jsonb)`;
    const insert = insertJobsSql(event, ids, jobs, at);
    if (!logSkipped) {
      await tx.execute(insert);
      continue;
    }
    await tx.execute(sql`
      with added as (${insert} returning id, registrant_id, node_key, action, planned_at, status, detail)
      ${logSkippedSql(event, sql`added`, at)}`);
  }
}

/**
 * The insert of a job per (registrant of `registrantIds`, spec of `jobs`) for one event: `registrantIds`
 * is a row source of one column (the ids), `jobs` the specs as a JSON array. A job that exists
 * already (the identity index) is left as it is.
 */
export function insertJobsSql(event: JobEvent, registrantIds: SQL, jobs: string, at: string): SQL {
  return sql`
      insert into scheduled_actions
        (account_id, timeline_id, event_id, registrant_id, node_key, action, planned_at, due_at, status, detail, created_at, updated_at)
      select ${event.accountId}::uuid, ${event.timelineId}::uuid, ${event.eventId}::uuid, p.id::uuid,
        j."nodeKey", j.action, j."plannedAt", j."dueAt", j.status, j.detail, ${at}::timestamptz, ${at}::timestamptz
      from ${registrantIds} as p(id)
        cross join jsonb_to_recordset(${jobs}::jsonb)
          as j("nodeKey" text, action text, "plannedAt" timestamptz, "dueAt" timestamptz, status text, detail text)
      on conflict (node_key, registrant_id, event_id) do nothing`;
}

/**
 * The delivery-log lines of the jobs inserted as `skipped` (the catch-up policy), with their
 * reason: `added` names the rows the job insert returned (id, registrant_id, node_key, action,
 * planned_at, status, detail).
 */
export function logSkippedSql(event: JobEvent, added: SQL, at: string): SQL {
  return sql`
      insert into action_deliveries
        (account_id, timeline_id, event_id, registrant_id, scheduled_action_id, node_key, action, outcome, detail, due_at, at)
      select ${event.accountId}::uuid, ${event.timelineId}::uuid, ${event.eventId}::uuid, registrant_id, id,
        node_key, action, 'skipped', detail, planned_at, ${at}::timestamptz
      from ${added}
      where status = 'skipped'`;
}

/** The event and its timeline, placed: the nodes with their instants for this event. */
export interface PlacedEvent {
  event: EventRow;
  timeline: TimelineRow;
  /** The timeline's nodes (live-event actions included: the live script is made from them). */
  planned: PlannedNode[];
  /** The enabled autoresponder mails (autoresponders.ts); the confirmation at `registeredAt`. */
  autoresponders: PlannedNode[];
}

export type Timed = PlannedNode & { plannedAt: Date };

/**
 * The timeline's nodes and autoresponder mails with their instants for one event (`plan`: the
 * timeline math, or a memo of it that answers the same). Only the nodes that fire for this event
 * are placed (the SDK's `blocksForEvent`): on a multi-event timeline those of the event's day, and
 * an action added from a past event only for that event.
 */
export function place(
  timeline: TimelineRow,
  event: EventRow,
  registeredAt: Date | null,
  plan = planTimeline,
  liveSeconds?: number,
): PlacedEvent {
  // A paused timeline places nothing: no jobs, and an empty live script.
  if (isPaused(timeline.setting)) return { event, timeline, planned: [], autoresponders: [] };
  return {
    event,
    timeline,
    planned: plan(
      blocksForEvent(timeline.blocks, timeline.setting.general.multiEvents, { eventId: event.id, dayKey: event.dayKey }),
      timeline.setting.general.timeZone,
      event,
    ),
    autoresponders: planAutoresponders(timeline.setting, event, registeredAt, liveSeconds),
  };
}

/** What gets a job per registrant: ready actions with an instant, the timeline's and the autoresponder's. */
export const jobsOf = (placed: Pick<PlacedEvent, "planned" | "autoresponders">): Timed[] =>
  [...placed.planned, ...placed.autoresponders].filter((p): p is Timed => p.kind === "action" && p.plannedAt !== null);

/**
 * The jobs a registration at `now` gets from its placed event: one per ready action with an
 * instant; those already due go through the catch-up policy (run now, or skipped with the reason).
 *
 * @example
 * jobSpecs(place(timeline, event, now), (await automationSettingsOf(tx, timeline.id)).catchUp, now);
 */
export function jobSpecs(placed: Pick<PlacedEvent, "planned" | "autoresponders">, policy: CatchUpPolicy, now: Date): JobSpec[] {
  const actions = jobsOf(placed);
  const missed = actions.filter((p) => p.plannedAt < now).map((p) => ({ key: p.key, plannedAt: p.plannedAt }));
  const decisions = catchUp(missed, now, policy);
  return actions.map((planned) => {
    const decision = decisions.get(planned.key);
    return {
      nodeKey: planned.key,
      action: planned.node.action,
      plannedAt: planned.plannedAt,
      dueAt: decision ? now : planned.plannedAt,
      status: decision && !decision.run ? "skipped" : "pending",
      detail: decision?.reason ?? "",
    };
  });
}

/**
 * Schedules every action of the timeline for new registrants (the widget's registration, the
 * API): one job per (action, registrant, event) at the SDK's instant for the registrant's event.
 * The timeline's enabled autoresponder mails get jobs the same way (autoresponders.ts), the
 * confirmation at `now`. Actions already due go through the timeline's catch-up policy: run now,
 * or skipped with the reason in the delivery log (the confirmation is never "missed"). Live-event actions go to the event's live script instead; drafts
 * (incomplete actions) get no job. Registering twice schedules nothing twice. Registrants without
 * an event (CSV imports), banned ones and those of a paused timeline get nothing (resuming it adds
 * what is still ahead).
 *
 * @example
 * await orm.transaction(async (tx) => { const [r] = await tx.insert(registrants)…; await scheduleRegistrants(tx, [r.uuid], now); });
 */
export async function scheduleRegistrants(tx: Orm, registrantIds: readonly string[], now: Date): Promise<number> {
  if (registrantIds.length === 0) return 0;
  const people = await tx
    .select({ id: registrants.uuid, eventId: registrants.eventId })
    .from(registrants)
    .where(and(sql`${registrants.uuid} in ${uuidsOf(registrantIds)}`, eq(registrants.banned, false), isNotNull(registrants.eventId)));
  const byEvent = new Map<string, string[]>();
  for (const person of people) {
    if (!person.eventId) continue;
    const ids = byEvent.get(person.eventId);
    if (ids) ids.push(person.id);
    else byEvent.set(person.eventId, [person.id]);
  }
  let scheduled = 0;
  for (const [eventId, ids] of byEvent) {
    const [row] = await tx
      .select({ event: events, timeline: timelines })
      .from(events)
      .innerJoin(timelines, eq(timelines.id, events.timelineId))
      .where(eq(events.id, eventId));
    if (!row || row.timeline.status !== "active" || isPaused(row.timeline.setting)) continue;
    // The confirmation is planned at `now`, the registration: never a missed action.
    // The after-event mails go after the room's end (the program's length: read from media.hls).
    const liveSeconds = await timelineLiveSeconds(tx, row.timeline.accountId, generalForDay(row.timeline.setting.general, row.event.dayKey));
    const placed = place(row.timeline, row.event, now, planTimeline, liveSeconds);
    const { catchUp: policy } = await automationSettingsOf(tx, row.timeline.id);
    const specs = jobSpecs(placed, policy, now);
    await insertJobs(tx, { accountId: row.timeline.accountId, timelineId: row.timeline.id, eventId }, ids, specs, now);
    await storeLiveScript(tx, row.timeline, row.event, placed.planned, now);
    scheduled += ids.length * specs.length;
  }
  return scheduled;
}
