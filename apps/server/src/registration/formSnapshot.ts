import { and, asc, eq, gt, sql } from "drizzle-orm";
import { dayTitleOf, daySettingOf, registrationFormFields } from "@cuepoint/sdk";
import { automationSettings, events, timelines, type CatchUpPolicy, type EventRow, type TimelineRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { planTimeline, type PlannedNode } from "../engine/plan.js";
import { automationSettingsFrom } from "../engine/settings.js";
import { timelineLiveSeconds } from "../events/eventTiming.js";
import { HttpError, notFound } from "../http/errors.js";
import { isUuid } from "../http/ids.js";
import { NO_FORM, publicTimelineOf, registrationClosesAfter, sessionsOffered, type PublicTimeline } from "../events/publicTimeline.js";

/**
 * A timeline as the public registration endpoints use it, read once per stored version: parsing
 * its setting, building the form's fields and placing its actions cost more than the database
 * round trip that checks the version, and a mailing's crowd registers on one timeline.
 *
 * The version is the rows' `xmin` (the transaction that wrote them): every write of the timeline
 * or its automation settings, by any code or any server instance, changes it, so a snapshot is
 * never used for a timeline that changed; the write of a registration checks the same versions
 * (registration/storeRegistration.ts), so nothing read here can be out of date when it is stored.
 */
export interface FormSnapshot {
  /** The stored row (the engine schedules from it) and its public reading. */
  row: TimelineRow;
  timeline: PublicTimeline;
  fields: ReturnType<typeof registrationFormFields>;
  catchUp: CatchUpPolicy;
  /** `xmin` of the timeline's row and of its automation settings ("" when it has none). */
  version: { timeline: string; settings: string };
  /** The timeline math for this version, remembered per event time and zone. */
  plan: typeof planTimeline;
  /** The open sessions as last read (with the versions above), for `reuse`. */
  sessions?: OpenSession[];
  /**
   * How long its events last live (events/eventTiming.ts `timelineLiveSeconds`: the encoded program,
   * else the setting's length) and when that was read: a video's encoding changes it without
   * touching the timeline's row, so it is read again once it is `LIVE_SECONDS_MAX_AGE_MS` old.
   */
  liveSeconds: { seconds: number; readAt: number };
}

/** How old a snapshot's live length may be before a registration reads it again. */
export const LIVE_SECONDS_MAX_AGE_MS = 60_000;

/** A session open for registration, with its row's version (the registration's write checks it). */
export interface OpenSession {
  event: EventRow;
  version: string;
}

/** Snapshots kept per database, the most recently read last. */
const KEPT = 500;
const PLANS_KEPT = 64;
const snapshots = new WeakMap<Orm, Map<string, FormSnapshot>>();

function snapshotsOf(orm: Orm): Map<string, FormSnapshot> {
  let kept = snapshots.get(orm);
  if (!kept) snapshots.set(orm, (kept = new Map()));
  return kept;
}

function remember(orm: Orm, snapshot: FormSnapshot): void {
  const kept = snapshotsOf(orm);
  kept.delete(snapshot.row.id);
  kept.set(snapshot.row.id, snapshot);
  if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
}

/** `planTimeline` for one timeline version, remembered per (event start, event zone). */
function memoPlan(row: TimelineRow): typeof planTimeline {
  const plans = new Map<string, PlannedNode[]>();
  return (blocks, timelineTimeZone, event) => {
    if (blocks !== row.blocks) return planTimeline(blocks, timelineTimeZone, event);
    const key = `${event.startsAt.getTime()}|${event.timeZone}|${timelineTimeZone}`;
    let planned = plans.get(key);
    if (!planned) {
      if (plans.size >= PLANS_KEPT) plans.clear();
      planned = planTimeline(blocks, timelineTimeZone, event);
      plans.set(key, planned);
    }
    return planned;
  };
}

const timelineVersion = sql<string>`${timelines}.xmin::text`;
const settingsVersion = sql<string>`coalesce((select s.xmin::text from ${automationSettings} s where s.timeline_id = ${timelines.id}), '')`;

async function readLiveSeconds(orm: Orm, row: TimelineRow, now: Date): Promise<FormSnapshot["liveSeconds"]> {
  return { seconds: await timelineLiveSeconds(orm, row.accountId, row.setting.general), readAt: now.getTime() };
}

/** The snapshot with a live length at most `LIVE_SECONDS_MAX_AGE_MS` old. */
async function withLiveSeconds(orm: Orm, form: FormSnapshot, now: Date): Promise<FormSnapshot> {
  if (now.getTime() - form.liveSeconds.readAt > LIVE_SECONDS_MAX_AGE_MS) form.liveSeconds = await readLiveSeconds(orm, form.row, now);
  return form;
}

/** Reads the timeline, its automation settings and their versions (a snapshot's miss). */
async function readSnapshot(orm: Orm, id: string, now: Date): Promise<FormSnapshot | undefined> {
  const [found] = await orm
    .select({ row: timelines, settings: automationSettings, version: timelineVersion, settingsVersion })
    .from(timelines)
    .leftJoin(automationSettings, eq(automationSettings.timelineId, timelines.id))
    .where(and(eq(timelines.id, id), eq(timelines.status, "active")));
  if (!found) return undefined;
  const timeline = publicTimelineOf(found.row);
  return {
    row: found.row,
    timeline,
    fields: registrationFormFields(timeline.registration),
    catchUp: automationSettingsFrom(found.settings ?? undefined).catchUp,
    version: { timeline: found.version, settings: found.settingsVersion },
    plan: memoPlan(found.row),
    liveSeconds: await readLiveSeconds(orm, found.row, now),
  };
}

/**
 * The open sessions of the snapshot's timeline (as `upcomingSessions` reads them) and, in the same
 * statement, the versions stored now: none when the timeline is gone or trashed.
 */
async function readSessions(orm: Orm, snapshot: FormSnapshot, now: Date) {
  const { timeline } = snapshot;
  const rows = await orm
    .select({ version: timelineVersion, settingsVersion, event: events, eventVersion: sql<string | null>`${events}.xmin::text` })
    .from(timelines)
    .leftJoin(
      events,
      and(
        eq(events.timelineId, timelines.id),
        eq(events.accountId, timelines.accountId),
        eq(events.visible, true),
        gt(events.startsAt, registrationClosesAfter(timeline, now)),
      ),
    )
    .where(and(eq(timelines.id, timeline.id), eq(timelines.status, "active")))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(sessionsOffered(timeline));
  const [first] = rows;
  if (!first) return undefined;
  const current = first.version === snapshot.version.timeline && first.settingsVersion === snapshot.version.settings;
  const sessions = rows.flatMap((r) => (r.event && r.eventVersion ? [{ event: sessionNamed(timeline, r.event), version: r.eventVersion }] : []));
  return { current, sessions };
}

/**
 * A multi-event day's session as the registration names it: the day's name (an encore says so)
 * when the day is `visible`, else the timeline's name, so a hidden day's name never shows.
 */
function sessionNamed(timeline: FormSnapshot["timeline"], event: EventRow): EventRow {
  const day = daySettingOf(timeline.general, event.dayKey);
  if (!day) return event;
  return { ...event, name: dayTitleOf(timeline.general, event.dayKey) ?? timeline.name };
}

/** What a public request reads: the form, and the sessions open at its instant, soonest first. */
export interface OpenForm {
  form: FormSnapshot;
  sessions: OpenSession[];
  /** Answered from the last read, without a round trip (`reuse`). */
  reused: boolean;
}

/**
 * An active timeline's registration form and its open sessions, soonest first — one round trip
 * when the timeline has not changed since it was last read, else two or three. Unknown,
 * malformed and trashed ids all answer the same 404.
 *
 * With `reuse`, the form and sessions of the last read are answered without a round trip (the
 * sessions whose registration has closed since left out): for a caller whose write checks that
 * nothing it relied on changed (registration/storeRegistration.ts), and that reads again before it
 * refuses anything on their account.
 *
 * @example
 * const { form, sessions } = await readRegistrationForm(orm, timelineId, now);
 */
export async function readRegistrationForm(orm: Orm, id: string, now: Date, options: { reuse?: boolean } = {}): Promise<OpenForm> {
  if (!isUuid(id)) throw notFound(NO_FORM);
  let form = snapshotsOf(orm).get(id);
  if (form && options.reuse && form.sessions) {
    const closesAfter = registrationClosesAfter(form.timeline, now).getTime();
    const sessions = form.sessions.filter(({ event }) => event.startsAt.getTime() > closesAfter);
    return { form: await withLiveSeconds(orm, form, now), sessions, reused: true };
  }
  // A timeline saved between the two reads of a miss is read again (a few times at most).
  for (let attempt = 0; attempt < 5; attempt++) {
    if (form) {
      const read = await readSessions(orm, form, now);
      if (!read) {
        form = undefined; // gone, or in the trash
        break;
      }
      if (read.current) {
        form.sessions = read.sessions;
        form = await withLiveSeconds(orm, form, now);
        remember(orm, form);
        return { form, sessions: read.sessions, reused: false };
      }
    }
    form = await readSnapshot(orm, id, now);
    if (!form) break;
  }
  snapshotsOf(orm).delete(id);
  if (form) throw new HttpError(409, CHANGED);
  throw notFound(NO_FORM);
}

/** A timeline saved again and again while one request read it. */
export const CHANGED = "This registration form changed just now. Please send it again.";
