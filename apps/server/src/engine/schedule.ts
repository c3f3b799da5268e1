import { and, eq, gte, inArray, isNotNull, like, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { blocksForEvent, generalForDay, isLiveAction } from "@cuepoint/sdk";
import {
  events,
  registrants,
  scheduledActions,
  timelines,
  type EventRow,
  type CatchUpPolicy,
  type ScheduledActionStatus,
  type TimelineRow,
} from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { timelineLiveSeconds } from "../events/eventTiming.js";
import { AUTORESPONDER_KEY_PREFIX } from "./actions/autoresponder.js";
import { planAutoresponders } from "./autoresponders.js";
import { storeLiveScript } from "./liveScript.js";
import { isPaused } from "./paused.js";
import { planTimeline, type PlannedNode } from "./plan.js";
import { catchUp } from "./policy.js";
import { REASONS } from "./reasons.js";
import { automationSettingsOf } from "./settings.js";

/**
 * Scheduling: turning registrations and timeline or event changes into scheduled actions
 * (engine/README.md). Every function takes the caller's transaction, so a registration and its
 * jobs commit together, and a timeline save and its reschedule too.
 */

/** Jobs per INSERT: the registrants of a batch × the jobs each gets, a few thousand rows. */
const ROWS_PER_STATEMENT = 5000;
/** Statuses a reschedule may move: not finished (a queued job is taken back from pg-boss). */
const WAITING: ScheduledActionStatus[] = ["pending", "queued"];
/** Canceled jobs that come back when their action does (a restored revision, timeline or message). */
const REVIVABLE: string[] = [REASONS.removed, REASONS.trashed, REASONS.paused, REASONS.autoresponderOff];

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
async function insertJobs(
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

type Timed = PlannedNode & { plannedAt: Date };

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
const jobsOf = (placed: Pick<PlacedEvent, "planned" | "autoresponders">): Timed[] =>
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

/** Autoresponder jobs (the four messages and the extra reminders): a mail turned off cancels them with its own reason. */
const AUTORESPONDER_JOBS = like(scheduledActions.nodeKey, `${AUTORESPONDER_KEY_PREFIX}%`);

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

/**
 * Brings the jobs of some events of a timeline in line with its current blocks, setting and the
 * events' times: moved actions move (a queued job is taken back), removed ones are canceled, new
 * ones are added for every registrant while their time is ahead, and a trashed timeline cancels
 * everything still waiting, a paused one too (with its own reason, so resuming revives what is still
 * ahead, like a restored timeline). Autoresponder mails follow their setting the same way (a message
 * turned off cancels its waiting jobs); the confirmation is only kept or canceled, never added
 * for earlier registrants. Nothing is doubled (the job identity is unique) and nothing finished
 * is touched.
 */
async function reconcile(tx: Orm, timeline: TimelineRow, eventRows: readonly EventRow[], now: Date): Promise<void> {
  const eventIds = eventRows.map((e) => e.id);
  if (eventIds.length === 0) return;
  const stopped = timeline.status !== "active" ? REASONS.trashed : isPaused(timeline.setting) ? REASONS.paused : null;
  if (stopped) {
    await tx
      .update(scheduledActions)
      .set({ status: "canceled", jobId: null, detail: stopped, updatedAt: now })
      .where(and(inArray(scheduledActions.eventId, eventIds), inArray(scheduledActions.status, WAITING)));
    // A paused timeline's events keep no live script either (place() plans nothing for it).
    if (stopped === REASONS.paused) for (const event of eventRows) await storeLiveScript(tx, timeline, event, [], now);
    return;
  }
  const liveSeconds = new Map<string, number>();
  for (const event of eventRows) {
    const dayKey = event.dayKey;
    if (!liveSeconds.has(dayKey)) liveSeconds.set(dayKey, await timelineLiveSeconds(tx, timeline.accountId, generalForDay(timeline.setting.general, dayKey)));
    // No registration here: the confirmation has no instant, so its jobs neither move nor are
    // added for earlier registrants; they are only kept, or canceled when it is turned off.
    const placed = place(timeline, event, null, planTimeline, liveSeconds.get(dayKey));
    await storeLiveScript(tx, timeline, event, placed.planned, now);
    const [anyone] = await tx.select({ id: registrants.uuid }).from(registrants).where(eq(registrants.eventId, event.id)).limit(1);
    if (!anyone) continue;
    const actions = jobsOf(placed);
    const keys = [...placed.planned, ...placed.autoresponders].filter((p) => p.kind === "action").map((p) => p.key);
    const inEvent = eq(scheduledActions.eventId, event.id);
    const gone = keys.length > 0 ? notInArray(scheduledActions.nodeKey, keys) : undefined;
    // Autoresponder mails turned off (or left without subject or body).
    await tx
      .update(scheduledActions)
      .set({ status: "canceled", jobId: null, detail: REASONS.autoresponderOff, updatedAt: now })
      .where(and(inEvent, inArray(scheduledActions.status, WAITING), AUTORESPONDER_JOBS, gone));
    // Removed (or now incomplete, or now live) actions.
    await tx
      .update(scheduledActions)
      .set({ status: "canceled", jobId: null, detail: REASONS.removed, updatedAt: now })
      .where(and(inEvent, inArray(scheduledActions.status, WAITING), gone));
    for (const planned of actions) {
      const ofNode = and(inEvent, eq(scheduledActions.nodeKey, planned.key));
      // An action the host added to this very event once it had started (spec §4, `model.fromEventID`):
      // its registrants get it at once when its time has passed, else at its time.
      const forThisPastEvent = isPastEventAction(planned, event.id);
      const ahead = planned.plannedAt >= now || forThisPastEvent;
      const dueAt = planned.plannedAt >= now ? planned.plannedAt : now;
      // Moved: waiting jobs follow the new time (or are skipped when it has already passed).
      await tx
        .update(scheduledActions)
        .set(
          ahead
            ? { status: "pending", jobId: null, plannedAt: planned.plannedAt, dueAt, detail: REASONS.moved, updatedAt: now }
            : { status: "skipped", jobId: null, plannedAt: planned.plannedAt, detail: REASONS.movedToPast(planned.plannedAt), updatedAt: now },
        )
        .where(and(ofNode, inArray(scheduledActions.status, WAITING), ne(scheduledActions.plannedAt, planned.plannedAt)));
      if (!ahead) continue;
      // Back on the timeline (restored revision or timeline): canceled jobs wait again.
      await tx
        .update(scheduledActions)
        .set({ status: "pending", jobId: null, plannedAt: planned.plannedAt, dueAt, detail: REASONS.restored, updatedAt: now })
        .where(and(ofNode, eq(scheduledActions.status, "canceled"), inArray(scheduledActions.detail, REVIVABLE)));
      // New: every registrant of the event who has no job for it yet.
      const missing = await tx
        .select({ id: registrants.uuid })
        .from(registrants)
        .where(
          and(
            eq(registrants.eventId, event.id),
            eq(registrants.banned, false),
            sql`not exists (select 1 from ${scheduledActions} where ${scheduledActions.registrantId} = ${registrants.uuid} and ${scheduledActions.eventId} = ${event.id} and ${scheduledActions.nodeKey} = ${planned.key})`,
          ),
        );
      await insertJobs(
        tx,
        { accountId: timeline.accountId, timelineId: timeline.id, eventId: event.id },
        missing.map((person) => person.id),
        [{ nodeKey: planned.key, action: planned.node.action, plannedAt: planned.plannedAt, dueAt, status: "pending", detail: forThisPastEvent && dueAt === now ? REASONS.pastEventNow : "" }],
        now,
      );
    }
  }
}

/** Events whose actions can still be ahead: no action is more than 45 days after its event. */
const REACH_MS = 46 * 24 * 60 * 60_000;

/** A registrant action tied to this event by `model.fromEventID` (added from the past event's screen). */
function isPastEventAction(planned: PlannedNode, eventId: string): boolean {
  return planned.node.model.fromEventID === eventId && !isLiveAction(planned.node);
}

/** The events the timeline's actions name by `model.fromEventID` (past events, however old). */
function sourceEventIds(timeline: TimelineRow): string[] {
  const ids = new Set<string>();
  for (const nodes of Object.values(timeline.blocks)) {
    for (const node of nodes) {
      const id = node.model?.fromEventID;
      if (typeof id === "string" && /^[0-9a-f-]{36}$/i.test(id) && !isLiveAction(node)) ids.add(id);
    }
  }
  return [...ids];
}

/**
 * Reschedules a timeline's pending jobs after its blocks, setting (time zone) or status changed:
 * called in the save's transaction (timelines/store.ts `saveTimeline`).
 *
 * @example
 * await rescheduleTimeline(tx, saved, now);
 */
export async function rescheduleTimeline(tx: Orm, timeline: TimelineRow, now: Date): Promise<void> {
  const eventRows = await tx
    .select()
    .from(events)
    .where(
      and(
        eq(events.timelineId, timeline.id),
        or(gte(events.startsAt, new Date(now.getTime() - REACH_MS)), inArray(events.id, sourceEventIds(timeline))),
      ),
    );
  await reconcile(tx, timeline, eventRows, now);
}

/**
 * Reschedules one event's jobs after its start or zone changed (call it in the same transaction
 * as the change).
 *
 * @example
 * await tx.update(events).set({ startsAt }).where(eq(events.id, id)); await rescheduleEvent(tx, id, now);
 */
export async function rescheduleEvent(tx: Orm, eventId: string, now: Date): Promise<void> {
  const [row] = await tx
    .select({ event: events, timeline: timelines })
    .from(events)
    .innerJoin(timelines, eq(timelines.id, events.timelineId))
    .where(eq(events.id, eventId));
  if (row) await reconcile(tx, row.timeline, [row.event], now);
}

/**
 * A banned registrant gets nothing more: their waiting jobs are canceled. Lifting the ban
 * (`banned` false) puts back those whose time is still ahead.
 *
 * @example
 * await setRegistrantBanned(tx, uuid, true, now);
 */
export async function setRegistrantBanned(tx: Orm, registrantId: string, banned: boolean, now: Date): Promise<void> {
  const mine = eq(scheduledActions.registrantId, registrantId);
  if (banned) {
    await tx
      .update(scheduledActions)
      .set({ status: "canceled", jobId: null, detail: REASONS.banned, updatedAt: now })
      .where(and(mine, inArray(scheduledActions.status, WAITING)));
  } else {
    await tx
      .update(scheduledActions)
      .set({ status: "pending", jobId: null, detail: REASONS.unbanned, updatedAt: now })
      .where(and(mine, eq(scheduledActions.status, "canceled"), eq(scheduledActions.detail, REASONS.banned), gte(scheduledActions.dueAt, now)));
  }
}
