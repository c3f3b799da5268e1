import { and, asc, desc, eq, gte, inArray, lt, count, type SQL } from "drizzle-orm";
import * as v from "valibot";
import {
  ListWebinarsQuerySchema,
  pageOffset,
  UpdateWebinarRequestSchema,
  type RoomTiming,
  WEBINAR_PAGE_SIZE,
  WebinarSchema,
  WebinarStatusSchema,
} from "@cuepoint/sdk";
import { events } from "../../db/schema/index.js";
import { badRequest, notFound } from "../../http/errors.js";
import { defineRoute } from "../../http/route.js";
import { liveEndOf } from "../../events/eventTiming.js";
import { NO_WEBINAR, ownEvent, ownTimeline } from "../../events/access.js";
import { registrantCount, selectEvents, timingsOf, toWebinars } from "../wire.js";
import { analyticsRoutes } from "./analyticsRoutes.js";
import { webinarExportRoutes } from "./exportRoutes.js";
import { webinarPeopleRoutes } from "./peopleRoutes.js";
import { webinarScheduleRoutes } from "./scheduleRoutes.js";

const WebinarAnswer = v.object({ success: v.object({ ...WebinarSchema.entries, endTime: v.string() }) });
const WebinarsAnswer = v.object({ success: v.array(v.object({ ...WebinarSchema.entries, endTime: v.string() })) });

/** `sort` values and what they order by; ties are broken by id so pages never overlap. */
const SORTS = {
  date: events.startsAt,
  startTime: events.startsAt,
  name: events.name,
  created: events.createdAt,
  registrants: registrantCount,
} as const;
const isSort = (value: string): value is keyof typeof SORTS => Object.hasOwn(SORTS, value);

const list = defineRoute({
  method: "GET",
  path: "/webinars",
  operationId: "webinars.list",
  tag: "Webinars",
  summary: "A page (12) of the account's upcoming or past events",
  description:
    "`type=upcoming` lists events starting now or later, `type=past` those that started before now (a live " +
    "event is past here; its `status` says `live`); no `type` lists both. `wtl` keeps one timeline's events " +
    "(404 if it is not one of the account's timelines) — `listByTimeline` is this same call. `sort` is `date` " +
    "(default; `startTime` is the same), `name`, `created` or `registrants`; `direction` defaults to `asc`, " +
    "`desc` for past events (most recent first). `page` starts at 1, 12 events a page (`WEBINAR_PAGE_SIZE`); " +
    "`total` counts every matching event (page count = ceil(total / 12)). `count=false` leaves `total` out of " +
    "the answer. Listed events carry `organizers` but not `childEvents` (see `GET /webinars/{id}`).",
  access: "webinars:read",
  query: ListWebinarsQuerySchema,
  answer: {
    description: "One page of events and the total.",
    schema: v.object({ ...WebinarsAnswer.entries, total: v.optional(v.number()) }),
  },
  async handle({ query, caller, deps }) {
    const { orm } = deps.db;
    const now = deps.config.now();
    const sort = query.sort ?? "date";
    if (!isSort(sort)) {
      throw badRequest(`"${sort}" is not a sort: use ${Object.keys(SORTS).join(", ")}.`, "sort");
    }
    const filters: SQL[] = [eq(events.accountId, caller.accountId)];
    if (query.type === "upcoming") filters.push(gte(events.startsAt, now));
    if (query.type === "past") filters.push(lt(events.startsAt, now));
    if (query.wtl !== undefined)
      filters.push(eq(events.timelineId, (await ownTimeline(orm, caller.accountId, query.wtl)).id));
    const where = and(...filters);
    const direction = query.direction ?? (query.type === "past" ? "desc" : "asc");
    const order = direction === "desc" ? desc : asc;
    const [rows, counted] = await Promise.all([
      selectEvents(orm)
        .where(where)
        .orderBy(order(SORTS[sort]), order(events.id))
        .limit(WEBINAR_PAGE_SIZE)
        .offset(pageOffset(query.page ?? 1, WEBINAR_PAGE_SIZE)),
      query.count === false ? undefined : orm.select({ total: count() }).from(events).where(where),
    ]);
    const success = await toWebinars(orm, rows, now);
    return counted ? { success, total: counted[0]?.total ?? 0 } : { success };
  },
});

const get = defineRoute({
  method: "GET",
  path: "/webinars/:id",
  operationId: "webinars.get",
  tag: "Webinars",
  summary: "One event, with its organizers and, for a recurring one, every event of its series",
  description:
    "`childEvents` lists every event of the series in start order (itself included); empty for a single event.",
  access: "webinars:read",
  answer: { description: "The event.", schema: WebinarAnswer },
  async handle({ params, caller, deps }) {
    const event = await ownEvent(deps.db.orm, caller.accountId, params.id ?? "");
    const rows = await selectEvents(deps.db.orm).where(eq(events.id, event.id));
    const [webinar] = await toWebinars(deps.db.orm, rows, deps.config.now(), { withChildren: true });
    if (!webinar) throw notFound(NO_WEBINAR);
    return { success: webinar };
  },
});

const upcoming = defineRoute({
  method: "POST",
  path: "/webinar/upcoming",
  operationId: "webinars.upcoming",
  tag: "Webinars",
  summary: "The next event of each timeline",
  description:
    "Design (the spec shows no answer): for every timeline of the account that has an event starting now or " +
    "later, that timeline's next event; soonest first. The dashboard's \"latest upcoming\" list.",
  access: "webinars:read",
  answer: { description: "One event per timeline.", schema: WebinarsAnswer },
  async handle({ caller, deps }) {
    const { orm } = deps.db;
    const now = deps.config.now();
    const next = orm
      .selectDistinctOn([events.timelineId], { id: events.id })
      .from(events)
      .where(and(eq(events.accountId, caller.accountId), gte(events.startsAt, now)))
      .orderBy(events.timelineId, events.startsAt, events.id);
    const rows = await selectEvents(orm)
      .where(and(eq(events.accountId, caller.accountId), inArray(events.id, next)))
      .orderBy(asc(events.startsAt), asc(events.id));
    return { success: await toWebinars(orm, rows, now) };
  },
});

const DAY_MS = 86_400_000;
/** The status list's window: events that ended in the last day, are live, or start within a week. */
const STATUS_PAST_MS = DAY_MS;
const STATUS_AHEAD_MS = 7 * DAY_MS;
const STATUS_MAX = 500;

const status = defineRoute({
  method: "POST",
  path: "/webinar/status",
  operationId: "webinars.status",
  tag: "Webinars",
  summary: "Upcoming, live or past: the status of the account's current events",
  description:
    "Design (the spec shows no answer): each event that ended within the last 24 hours, is live, or starts " +
    "within 7 days (at most 500, by start). `live` means started and not yet ended, where the end is the event " +
    "room's: the start plus the program's length (the timeline's video, with its intro and outro or split parts, " +
    "once encoded), else `manualControl.duration` minutes when manual control is on, else `general.scheduleLength` " +
    "hours (default 1).",
  access: "webinars:read",
  answer: {
    description: "Each event's id and status.",
    schema: v.object({ success: v.array(v.object({ webinarID: v.string(), status: WebinarStatusSchema })) }),
  },
  async handle({ caller, deps }) {
    const now = deps.config.now();
    // Events may last longer than a day, so start a week back and keep those that ended recently.
    const rows = await selectEvents(deps.db.orm)
      .where(
        and(
          eq(events.accountId, caller.accountId),
          gte(events.startsAt, new Date(now.getTime() - STATUS_AHEAD_MS)),
          lt(events.startsAt, new Date(now.getTime() + STATUS_AHEAD_MS)),
        ),
      )
      .orderBy(asc(events.startsAt), asc(events.id));
    const timings = await timingsOf(deps.db.orm, rows);
    const ended = (row: (typeof rows)[number]) => liveEndOf(timings.get(row.event.id) as RoomTiming, now.getTime());
    const current = rows.filter((row) => ended(row) > now.getTime() - STATUS_PAST_MS).slice(0, STATUS_MAX);
    const webinars = await toWebinars(deps.db.orm, current, now, { timings });
    return { success: webinars.map(({ webinarID, status }) => ({ webinarID, status: status ?? "upcoming" })) };
  },
});

const update = defineRoute({
  method: "POST",
  path: "/webinar/update",
  operationId: "webinars.updateVisibility",
  tag: "Webinars",
  summary: "Show or hide an event (the visibility toggle)",
  description:
    "`blocks.visible` false hides the event from registration (the public registration config no longer offers " +
    "it); the host's lists keep showing it, with `visible: false`. Only this one event changes, not its series.",
  access: "webinars:write",
  body: UpdateWebinarRequestSchema,
  answer: { description: "The event as it is now.", schema: WebinarAnswer },
  async handle({ body, caller, deps }) {
    const { orm } = deps.db;
    const event = await ownEvent(orm, caller.accountId, body.webinarID);
    await orm
      .update(events)
      .set({ visible: body.blocks.visible })
      .where(and(eq(events.id, event.id), eq(events.accountId, caller.accountId)));
    const [webinar] = await toWebinars(orm, await selectEvents(orm).where(eq(events.id, event.id)), deps.config.now());
    if (!webinar) throw notFound(NO_WEBINAR);
    return { success: webinar };
  },
});

/** Every route of spec §7 "Webinars" (this file, schedule, people, export and analytics). */
export const webinarRoutes = [
  list,
  get,
  upcoming,
  status,
  update,
  ...webinarScheduleRoutes,
  ...webinarPeopleRoutes,
  ...webinarExportRoutes,
  ...analyticsRoutes,
];
