import { and, desc, eq, inArray, type AnyColumn, type SQL } from "drizzle-orm";
import * as v from "valibot";
import {
  AutomationSettingsQuerySchema,
  blocksForEvent,
  generalForDay,
  AutomationSettingsRequestSchema,
  CatchUpPolicySchema,
  DeliveriesQuerySchema,
  LiveScriptQuerySchema,
  QuietHoursSchema,
  RecordAttendanceRequestSchema,
  ScheduledQuerySchema,
  SimulateRequestSchema,
  type AudienceSegment,
} from "@cuepoint/sdk";
import { actionDeliveries, attendance, eventLiveScripts, registrants, scheduledActions } from "../../db/schema/index.js";
import type { Orm } from "../../db/types.js";
import { liveScriptOf } from "../liveScript.js";
import { planTimeline } from "../plan.js";
import { automationSettingsOf, storeAutomationSettings } from "../settings.js";
import { simulate } from "../simulate.js";
import { badRequest, notFound } from "../../http/errors.js";
import { isUuid } from "../../http/ids.js";
import { defineRoute } from "../../http/route.js";
import { timelineLiveSeconds } from "../../events/eventTiming.js";
import { ownEvent, ownTimeline } from "../../events/access.js";
import { readable, searchCondition } from "./jobLabels.js";

const tag = "Automation";
const PAGE_SIZE = 50;
const NO_REGISTRANT = "There is no registrant with this id.";

const SettingsAnswer = v.object({ success: v.object({ catchUp: CatchUpPolicySchema, quietHours: QuietHoursSchema }) });

const getSettings = defineRoute({
  method: "GET",
  path: "/automation/settings",
  operationId: "automation.settings",
  tag,
  summary: "A timeline's catch-up policy and quiet hours",
  description:
    "Defaults when never set: catch-up `latest` within 1440 minutes (a late registrant gets the latest reminder " +
    "they missed if it was due within a day; the others are skipped), quiet hours on from 21:00 to 08:00 in the " +
    "registrant's zone (the event's when unknown). See apps/server/src/engine/README.md.",
  access: "timelines:read",
  query: AutomationSettingsQuerySchema,
  answer: { description: "The settings.", schema: SettingsAnswer },
  async handle({ query, caller, deps }) {
    const timeline = await ownTimeline(deps.db.orm, caller.accountId, query.webinarTimeline);
    return { success: await automationSettingsOf(deps.db.orm, timeline.id) };
  },
});

const putSettings = defineRoute({
  method: "PUT",
  path: "/automation/settings",
  operationId: "automation.updateSettings",
  tag,
  summary: "Change a timeline's catch-up policy and/or quiet hours",
  description:
    "`catchUp.mode`: `skip` (actions already due at registration are skipped), `latest` (the latest missed " +
    "one is sent at once), `all` (every missed one is sent at once) — only those missed by at most " +
    "`catchUp.windowMinutes`. `quietHours` (HH:MM, may cross midnight) hold back SMS and MMS in the registrant's " +
    "zone until they end (deferred, never dropped). Applies to registrations and firings from now on.",
  access: "timelines:write",
  body: AutomationSettingsRequestSchema,
  answer: { description: "The settings as stored.", schema: SettingsAnswer },
  async handle({ body, caller, deps }) {
    const timeline = await ownTimeline(deps.db.orm, caller.accountId, body.webinarTimeline);
    const current = await automationSettingsOf(deps.db.orm, timeline.id);
    const next = { catchUp: body.catchUp ?? current.catchUp, quietHours: body.quietHours ?? current.quietHours };
    await storeAutomationSettings(deps.db.orm, caller.accountId, timeline.id, next, deps.config.now());
    return { success: next };
  },
});

export async function ownRegistrant(orm: Orm, accountId: string, id: string | number) {
  const key = String(id);
  const [row] = isUuid(key)
    ? await orm
        .select()
        .from(registrants)
        .where(and(eq(registrants.uuid, key), eq(registrants.accountId, accountId)))
    : [];
  if (!row) throw notFound(NO_REGISTRANT);
  return row;
}

const recordAttendance = defineRoute({
  method: "POST",
  path: "/automation/attendance",
  operationId: "automation.recordAttendance",
  tag,
  summary: "Record a registrant's attendance at an event (the event platform calls this)",
  description:
    "`attendedSeconds` is the registrant's total time in the room so far (a total, not an increment: repeating a " +
    "report is harmless); `joinedAt`/`leftAt` optionally record the first join and the last leave. The Attendee " +
    "(`a1`, attended-hour > 0) and Non-Attendee (`a2`, = 0) audience groups read it when an action fires. 404 when " +
    "the event or the registrant is not the account's, 400 when the registrant is not registered for that event.",
  access: "webinars:write",
  body: RecordAttendanceRequestSchema,
  answer: {
    description: "The attendance as stored.",
    schema: v.object({ success: v.object({ webinarID: v.string(), uuid: v.string(), attendedSeconds: v.number() }) }),
  },
  async handle({ body, caller, deps }) {
    const { orm } = deps.db;
    const event = await ownEvent(orm, caller.accountId, body.webinarID);
    const registrant = await ownRegistrant(orm, caller.accountId, body.uuid);
    if (registrant.eventId !== event.id) throw badRequest("This registrant is not registered for this event.", "uuid");
    const values = {
      attendedSeconds: body.attendedSeconds,
      ...(body.joinedAt && { joinedAt: new Date(body.joinedAt) }),
      ...(body.leftAt && { leftAt: new Date(body.leftAt) }),
    };
    await orm
      .insert(attendance)
      .values({ accountId: caller.accountId, eventId: event.id, registrantId: registrant.uuid, ...values })
      .onConflictDoUpdate({ target: [attendance.eventId, attendance.registrantId], set: values });
    return { success: { webinarID: event.id, uuid: registrant.uuid, attendedSeconds: body.attendedSeconds } };
  },
});

/**
 * The filter of a deliveries/scheduled query, after checking each id is the caller's: scope
 * (timeline, event, registrant), one action (`nodeKey`) and the search (registrant or title).
 */
async function filterOf(
  orm: Orm,
  accountId: string,
  query: v.InferOutput<typeof DeliveriesQuerySchema> | v.InferOutput<typeof ScheduledQuerySchema>,
  columns: typeof scheduledActions | typeof actionDeliveries,
): Promise<SQL | undefined> {
  const column = (name: "accountId" | "timelineId" | "eventId" | "registrantId" | "nodeKey" | "action"): AnyColumn => columns[name];
  const parts: (SQL | undefined)[] = [eq(column("accountId"), accountId)];
  const timelineIds: string[] = [];
  if (query.webinarTimeline !== undefined) {
    const timeline = await ownTimeline(orm, accountId, query.webinarTimeline);
    parts.push(eq(column("timelineId"), timeline.id));
    timelineIds.push(timeline.id);
  }
  if (query.webinarID !== undefined) {
    const event = await ownEvent(orm, accountId, query.webinarID);
    parts.push(eq(column("eventId"), event.id));
    timelineIds.push(event.timelineId);
  }
  if (query.uuid !== undefined) {
    const registrant = await ownRegistrant(orm, accountId, query.uuid);
    parts.push(eq(column("registrantId"), registrant.uuid));
    timelineIds.push(registrant.timelineId);
  }
  if (query.nodeKey !== undefined) parts.push(eq(column("nodeKey"), query.nodeKey));
  if (query.search) {
    const columnsOf = { timelineId: column("timelineId"), registrantId: column("registrantId"), nodeKey: column("nodeKey"), action: column("action") };
    parts.push(await searchCondition(orm, accountId, query.search, columnsOf, timelineIds));
  }
  return and(...parts);
}

const DeliverySchema = v.object({
  id: v.string(),
  scheduledActionId: v.string(),
  timelineId: v.string(),
  eventId: v.string(),
  registrantId: v.string(),
  nodeKey: v.string(),
  action: v.string(),
  outcome: v.picklist(["sent", "skipped", "failed", "dead", "deferred", "canceled"]),
  attempt: v.number(),
  detail: v.string(),
  dueAt: v.string(),
  at: v.string(),
  actionTitle: v.string(),
  registrantName: v.string(),
  registrantEmail: v.string(),
});

const deliveries = defineRoute({
  method: "GET",
  path: "/automation/deliveries",
  operationId: "automation.deliveries",
  tag,
  summary: "The delivery log of a timeline, an event or a registrant",
  description:
    "One row per outcome: `sent` (with the peer's answer), `skipped` (and why: audience, consent, catch-up, plan " +
    "limit, no executor), `failed` (retried with exponential backoff; `detail` says when), `dead` (after the last " +
    "try, with the reason), `deferred` (quiet hours), `canceled`. Filter by `webinarTimeline`, `webinarID` and/or " +
    `\`uuid\` (at least one; 404 for ids that are not the account's), and optionally \`nodeKey\` (one action), ` +
    "`outcome` and `search` (the registrant's name or email, or the action's title, contains it). Each line " +
    `carries the action's title in the timeline and the registrant's name and email; ${PAGE_SIZE} a page, newest first.`,
  access: "timelines:read",
  query: DeliveriesQuerySchema,
  answer: { description: "The log page.", schema: v.object({ success: v.array(DeliverySchema), total: v.number() }) },
  async handle({ query, caller, deps }) {
    const { orm } = deps.db;
    const filter = await filterOf(orm, caller.accountId, query, actionDeliveries);
    const where = query.outcome ? and(filter, eq(actionDeliveries.outcome, query.outcome)) : filter;
    const page = query.page ?? 1;
    const [rows, all] = await Promise.all([
      orm.select().from(actionDeliveries).where(where).orderBy(desc(actionDeliveries.at), desc(actionDeliveries.id)).limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE),
      orm.$count(actionDeliveries, where),
    ]);
    const labelled = await readable(orm, caller.accountId, rows);
    return {
      success: labelled.map(({ accountId: _account, ...row }) => ({ ...row, dueAt: row.dueAt.toISOString(), at: row.at.toISOString() })),
      total: all,
    };
  },
});

/** One scheduled job as the API answers it (the list, and a job sent again). */
export const ScheduledSchema = v.object({
  id: v.string(),
  timelineId: v.string(),
  eventId: v.string(),
  registrantId: v.string(),
  nodeKey: v.string(),
  action: v.string(),
  plannedAt: v.string(),
  dueAt: v.string(),
  status: v.picklist(["pending", "queued", "sent", "skipped", "dead", "canceled"]),
  attempts: v.number(),
  detail: v.string(),
  actionTitle: v.string(),
  registrantName: v.string(),
  registrantEmail: v.string(),
});

const scheduled = defineRoute({
  method: "GET",
  path: "/automation/scheduled",
  operationId: "automation.scheduled",
  tag,
  summary: "Scheduled actions (the editor's Scheduled Events): each job with its time and state",
  description:
    "One row per (action, registrant, event): `plannedAt` (the timeline math), `dueAt` (when it runs: later after " +
    "quiet hours or a retry, at once for a late registrant's catch-up), `status` (pending, queued, sent, " +
    "skipped, dead, canceled) and `detail` (why), with the action's title and the registrant's name and email. " +
    "Same filters and paging as the delivery log (`status` instead of `outcome`; `waiting` is pending or queued), " +
    "soonest first.",
  access: "timelines:read",
  query: ScheduledQuerySchema,
  answer: { description: "The jobs.", schema: v.object({ success: v.array(ScheduledSchema), total: v.number() }) },
  async handle({ query, caller, deps }) {
    const { orm } = deps.db;
    const filter = await filterOf(orm, caller.accountId, query, scheduledActions);
    const status = query.status === "waiting" ? inArray(scheduledActions.status, ["pending", "queued"]) : query.status && eq(scheduledActions.status, query.status);
    const where = and(filter, status);
    const page = query.page ?? 1;
    const [rows, all] = await Promise.all([
      orm.select().from(scheduledActions).where(where).orderBy(scheduledActions.dueAt, scheduledActions.id).limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE),
      orm.$count(scheduledActions, where),
    ]);
    return {
      success: (await readable(orm, caller.accountId, rows)).map((row) => ({
        id: row.id,
        timelineId: row.timelineId,
        eventId: row.eventId,
        registrantId: row.registrantId,
        nodeKey: row.nodeKey,
        action: row.action,
        plannedAt: row.plannedAt.toISOString(),
        dueAt: row.dueAt.toISOString(),
        status: row.status,
        attempts: row.attempts,
        detail: row.detail,
        actionTitle: row.actionTitle,
        registrantName: row.registrantName,
        registrantEmail: row.registrantEmail,
      })),
      total: all,
    };
  },
});

const SimulatedSchema = v.object({
  nodeKey: v.string(),
  action: v.string(),
  actionTitle: v.string(),
  groupID: v.string(),
  groupName: v.string(),
  dueAt: v.nullable(v.string()),
  dueLocal: v.nullable(v.string()),
  runAt: v.nullable(v.string()),
  runLocal: v.nullable(v.string()),
  outcome: v.picklist(["sent", "skipped", "deferred", "live", "draft"]),
  reason: v.string(),
});

const simulateRoute = defineRoute({
  method: "POST",
  path: "/automation/simulate",
  operationId: "automation.simulate",
  tag,
  summary: "Dry run: what the timeline would do for a hypothetical registrant",
  description:
    "For an event (`webinarID`) or a start instant (`startTime` in `eventTimeZone`, default the timeline's zone), " +
    "and a registrant (`timeZone`, default the event's; `registeredAt`, default now; `attendedSeconds`, default 0; " +
    "`smsConsent`, default true; custom `fields`), lists every action with its due instant in UTC (`dueAt`) and in " +
    "the registrant's zone (`dueLocal`, `YYYY-MM-DD HH:mm`), when it would run (`runAt`/`runLocal`) and what would " +
    "happen (`outcome`: sent, skipped, deferred by quiet hours, live script, draft) and why — the engine's own " +
    "decisions. Stores nothing; the plan limit and integrations are not consulted.",
  access: "timelines:read",
  body: SimulateRequestSchema,
  answer: { description: "The actions in time order.", schema: v.object({ success: v.array(SimulatedSchema) }) },
  async handle({ body, caller, deps }) {
    const { orm } = deps.db;
    const timeline = await ownTimeline(orm, caller.accountId, body.webinarTimeline);
    let event: { id?: string; dayKey?: string; startsAt: Date; timeZone: string };
    if (body.webinarID !== undefined) {
      event = await ownEvent(orm, caller.accountId, body.webinarID);
    } else if (body.startTime !== undefined) {
      event = { startsAt: new Date(body.startTime), timeZone: body.eventTimeZone ?? timeline.setting.general.timeZone };
    } else {
      throw badRequest("Give webinarID or startTime.", "webinarID");
    }
    const settings = await automationSettingsOf(orm, timeline.id);
    const segments = (timeline.setting.general.userGroup ?? []) as AudienceSegment[];
    const registrant = {
      timeZone: body.timeZone ?? event.timeZone,
      registeredAt: body.registeredAt ? new Date(body.registeredAt) : deps.config.now(),
      attendedSeconds: body.attendedSeconds,
      smsConsent: body.smsConsent,
      fields: body.fields,
    };
    // The after-event mails go after the room's end (the program's length, read from media.hls).
    const liveSeconds = await timelineLiveSeconds(orm, caller.accountId, generalForDay(timeline.setting.general, event.dayKey));
    const { setting } = timeline;
    // An event's own actions: its multi-event day's, and those added to it once it had passed.
    const blocks = event.id ? blocksForEvent(timeline.blocks, setting.general.multiEvents, { eventId: event.id, dayKey: event.dayKey }) : timeline.blocks;
    return { success: simulate(blocks, setting.general.timeZone, segments, event, registrant, settings, setting, liveSeconds) };
  },
});

const LiveItemSchema = v.object({
  nodeKey: v.string(),
  action: v.string(),
  at: v.string(),
  offsetSeconds: v.number(),
  model: v.record(v.string(), v.unknown()),
});

const liveScript = defineRoute({
  method: "GET",
  path: "/automation/livescript",
  operationId: "automation.liveScript",
  tag,
  summary: "An event's live script: the timeline's live-event actions at their times",
  description:
    "The own platform's live room plays it: `livechat` messages, `cta` popups (headline, subheadline) and " +
    "`changesubject` changes, each with its UTC instant `at` and `offsetSeconds` from the start (auto-chat lines " +
    "keep their exact second), in time order. Stored whenever the event's actions are scheduled or the timeline " +
    "is saved; an event never scheduled yet is placed on the fly.",
  access: "webinars:read",
  query: LiveScriptQuerySchema,
  answer: {
    description: "The script.",
    schema: v.object({ success: v.object({ webinarID: v.string(), startTime: v.string(), items: v.array(LiveItemSchema) }) }),
  },
  async handle({ query, caller, deps }) {
    const { orm } = deps.db;
    const event = await ownEvent(orm, caller.accountId, query.webinarID);
    const [stored] = await orm.select().from(eventLiveScripts).where(eq(eventLiveScripts.eventId, event.id));
    let items = stored?.items;
    if (!items) {
      const timeline = await ownTimeline(orm, caller.accountId, event.timelineId);
      items = liveScriptOf(planTimeline(timeline.blocks, timeline.setting.general.timeZone, event), event.startsAt);
    }
    return { success: { webinarID: event.id, startTime: event.startsAt.toISOString(), items } };
  },
});

/** The automation engine's routes (design, not in the spec): engine/README.md. */
export const automationRoutes = [getSettings, putSettings, recordAttendance, deliveries, scheduled, simulateRoute, liveScript];
