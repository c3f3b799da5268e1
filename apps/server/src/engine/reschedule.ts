import { and, eq, gte, inArray, like, ne, notInArray, or, sql } from "drizzle-orm";
import { generalForDay, isLiveAction } from "@cuepoint/sdk";
import { events, registrants, scheduledActions, timelines, type EventRow, type ScheduledActionStatus, type TimelineRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { timelineLiveSeconds } from "../events/eventTiming.js";
import { AUTORESPONDER_KEY_PREFIX } from "./actions/autoresponder.js";
import { storeLiveScript } from "./liveScript.js";
import { isPaused } from "./paused.js";
import { planTimeline, type PlannedNode } from "./plan.js";
import { REASONS } from "./reasons.js";
import { insertJobs, jobsOf, place } from "./schedule.js";

/**
 * Rescheduling (engine/README.md "Scheduling"): the jobs of registrants already scheduled follow
 * a timeline's saved blocks, setting and status, an event's new start, and a ban or its lifting.
 * Every function takes the caller's transaction, so a save and its reschedule commit together.
 */

/** Statuses a reschedule may move: not finished (a queued job is taken back from pg-boss). */
const WAITING: ScheduledActionStatus[] = ["pending", "queued"];
/** Canceled jobs that come back when their action does (a restored revision, timeline or message). */
const REVIVABLE: string[] = [REASONS.removed, REASONS.trashed, REASONS.paused, REASONS.autoresponderOff];

/** Autoresponder jobs (the four messages and the extra reminders): a mail turned off cancels them with its own reason. */
const AUTORESPONDER_JOBS = like(scheduledActions.nodeKey, `${AUTORESPONDER_KEY_PREFIX}%`);

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
