import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import * as v from "valibot";
import {
  type MultiEventSetting,
  CreateWebinarRequestSchema,
  CreateWebinarResultSchema,
  DEFAULT_TIMEZONE,
  DeleteWebinarRequestSchema,
  RecurringQuerySchema,
  WebinarSchema,
} from "@cuepoint/sdk";
import { events, eventSeries } from "../../db/schema/index.js";
import { badRequest, unprocessable } from "../../http/errors.js";
import { defineRoute } from "../../http/route.js";
import { assertWebinarHours } from "../../usage/webinarHours.js";
import { findUser } from "../../users/users.js";
import { ownEvent, ownSeries, ownTimeline } from "../../events/access.js";
import {
  MAX_OCCURRENCES,
  OPEN_ENDED_DAYS,
  occurrences,
  openEndedHorizon,
  RecurrenceError,
} from "../recurrence.js";
import { deleteEvent, deleteSeries, storeSchedule } from "../schedule.js";
import { childEvent, childEventsOf, selectEvents, toWebinars } from "../wire.js";
import { ack, AckAnswer } from "../../http/answers.js";

/** The instants of the request's schedule, or a 400 naming the field to fix. */
/**
 * The multi-event day `dayKey` names (400 on `dayKey` when the timeline has no such day); none when
 * no day is asked for.
 */
function dayOf(general: { multiEvents?: { settings?: MultiEventSetting[] } } | undefined, dayKey: string | undefined): MultiEventSetting | undefined {
  if (dayKey === undefined || dayKey === "") return undefined;
  const days = general?.multiEvents?.settings ?? [];
  const day = days.find((setting) => setting.dayKey === dayKey);
  if (!day) {
    throw badRequest(
      days.length === 0
        ? "This timeline has no multi-event days: add them in the timeline's Multi-event days first, or leave dayKey out."
        : `This timeline has no day "${dayKey}"; its days are ${days.map((d) => `"${d.dayKey}"`).join(", ")}.`,
      "dayKey",
    );
  }
  return day;
}

function computeStarts(body: v.InferOutput<typeof CreateWebinarRequestSchema>, timeZone: string, now: Date): Date[] {
  try {
    return occurrences(body.start, timeZone, body.recurring, openEndedHorizon(now));
  } catch (error) {
    if (error instanceof RecurrenceError) throw badRequest(error.message, error.field);
    if (error instanceof RangeError) {
      throw badRequest(`${body.start} is not a date and time that exists: check the day and the hour.`, "start");
    }
    throw error;
  }
}

const create = defineRoute({
  method: "POST",
  path: "/webinar/create",
  operationId: "webinars.create",
  tag: "Webinars",
  summary: "Schedule an event of a timeline, once or as a recurring series",
  description:
    "`start` is the local wall-clock time in `timeZone` (default: the timeline's `general.timeZone`, else " +
    `${DEFAULT_TIMEZONE}). A series (\`isRecurring\`, or \`recurring\` given) runs at the start's local time on ` +
    "each weekday of `recurring.days` (0 = Sunday; all seven = daily), from the start date on, each event computed " +
    "in the zone so its local time holds across daylight-saving changes (a time that does not exist that night moves " +
    "forward by the gap). `recurring.every { value, unit: minutes|hours }` repeats by " +
    "elapsed time from the start, on `days` only (5 minutes to 168 hours); `recurring.count` ends the series after " +
    `that many events. It ends at \`until\` (local date, inclusive) or after \`count\`, whichever comes first, and ` +
    `holds at most ${MAX_OCCURRENCES} events (more: 400); with neither, events are generated ${OPEN_ENDED_DAYS} days ` +
    "ahead. Every event must start in the future (400 on `start`). The timeline must be the caller's (404) and not in " +
    "the trash (422). The caller becomes each event's host (`organizers`). `webinar.webinarID` is the first event; " +
    "`childEvents` lists every event of a series (each with the series' `uniqueID`, also in `webinar.uniqueID`), and " +
    "is empty for a single event. `dayKey` (a multi-event timeline's day, `general.multiEvents.settings[].dayKey`; " +
    "400 when the timeline has no such day) makes every event of the schedule that day: its name defaults to the " +
    "day's `eventName`, and it gets the day's actions, video and countdown. On Cuepoint's own room (`general.deliveryPlatform` `aevent`), 403 when this " +
    "month's webinar hours (see `user/resource_status`) plus one event's length pass the plan's limit.",
  access: "webinars:write",
  body: CreateWebinarRequestSchema,
  answer: {
    description: "The first event, its organizers and the series' events.",
    schema: v.object({ success: CreateWebinarResultSchema }),
  },
  async handle({ body, caller, deps }) {
    const { orm } = deps.db;
    const now = deps.config.now();
    const timeline = await ownTimeline(orm, caller.accountId, body.webinarTimeline);
    if (timeline.status === "trash") {
      throw unprocessable("This timeline is in the trash: restore it before scheduling it.", "webinarTimeline");
    }
    const recurring = body.isRecurring ?? body.recurring !== undefined;
    if (recurring && !body.recurring) {
      throw badRequest("Say how the event repeats: recurring.days, and until or count.", "recurring");
    }
    if (!recurring && body.recurring) {
      throw badRequest("isRecurring is false, but a recurring pattern was sent.", "isRecurring");
    }
    const general = timeline.setting?.general;
    const day = dayOf(general, body.dayKey);
    const timeZone = body.timeZone ?? general?.timeZone ?? DEFAULT_TIMEZONE;
    const starts = computeStarts(body, timeZone, now);
    if (starts.some((start) => start < now)) throw badRequest("Choose a start in the future.", "start");
    await assertWebinarHours(orm, caller, general, now);
    const user = await findUser(orm, caller.accountId, caller.userId);
    const { seriesId, rows } = await storeSchedule(orm, {
      accountId: caller.accountId,
      timelineId: timeline.id,
      name: body.name?.trim() || day?.eventName.trim() || timeline.name || general?.timelineName || "Webinar",
      dayKey: day?.dayKey,
      timeZone,
      startLocal: body.start,
      pattern: recurring ? body.recurring : undefined,
      starts,
      host: user && { name: user.name || user.email, email: user.email },
      now,
    });
    const [first] = rows;
    if (!first) throw new Error("The event was not stored.");
    return {
      success: {
        webinar: { webinarID: first.id, ...(seriesId ? { uniqueID: seriesId } : {}) },
        organizers: user ? [{ name: user.name || user.email, email: user.email, role: "host" }] : [],
        childEvents: seriesId ? rows.map(childEvent) : [],
      },
    };
  },
});

const remove = defineRoute({
  method: "POST",
  path: "/webinar/delete",
  operationId: "webinars.delete",
  tag: "Webinars",
  summary: "Delete one event, or its whole recurring series",
  description:
    "`isRecurring=false`: only the event `webinarID` (a series left empty goes too). `isRecurring=true`: every event " +
    "of the series `uniqueID` (default: the series of `webinarID`, which must belong to it; 400 on `uniqueID` " +
    "otherwise, 400 on `isRecurring` for a single event), past ones included. Attendance, organizers and people of " +
    "deleted events go with them; registrants stay as the timeline's leads. 404 for ids not of the account.",
  access: "webinars:write",
  body: DeleteWebinarRequestSchema,
  encoding: "multipart",
  answer: { description: "Confirmation; `message` says how many events were deleted.", schema: AckAnswer },
  async handle({ body, caller, deps }) {
    const { orm } = deps.db;
    const event = await ownEvent(orm, caller.accountId, body.webinarID);
    if (!body.isRecurring) {
      await deleteEvent(orm, caller.accountId, event);
      return ack("The event is deleted.");
    }
    const seriesId =
      body.uniqueID === undefined ? event.seriesId : (await ownSeries(orm, caller.accountId, body.uniqueID)).id;
    if (!seriesId) {
      throw badRequest(
        "This event is not part of a recurring series: delete it with isRecurring=false.",
        "isRecurring",
      );
    }
    if (event.seriesId !== seriesId) throw badRequest("This event is not part of that series.", "uniqueID");
    const deleted = await deleteSeries(orm, caller.accountId, seriesId);
    return ack(`The series and its ${deleted} events are deleted.`);
  },
});

const RecurringEntry = v.object({
  ...WebinarSchema.entries,
  recurring: v.object({ days: v.array(v.number()), until: v.optional(v.string()), count: v.optional(v.number()) }),
  startLocal: v.string(),
});

const recurringList = defineRoute({
  method: "GET",
  path: "/recurring",
  operationId: "webinars.recurring",
  tag: "Webinars",
  summary: "The account's recurring series",
  description:
    "One entry per series (newest series first), optionally of one timeline (`wtl`, 404 if not the account's): " +
    "the series' next event (its last one once all have started) with `uniqueID` = the series id (what " +
    "`DELETE /recurring/{id}` takes), `childEvents` = every event of the series, `recurring` = its pattern and " +
    "`startLocal` = the first start as written.",
  access: "webinars:read",
  query: RecurringQuerySchema,
  answer: { description: "The series.", schema: v.object({ success: v.array(RecurringEntry) }) },
  async handle({ query, caller, deps }) {
    const { orm } = deps.db;
    const now = deps.config.now();
    const filters: SQL[] = [eq(eventSeries.accountId, caller.accountId)];
    if (query.wtl !== undefined)
      filters.push(eq(eventSeries.timelineId, (await ownTimeline(orm, caller.accountId, query.wtl)).id));
    const series = await orm
      .select()
      .from(eventSeries)
      .where(and(...filters))
      .orderBy(desc(eventSeries.createdAt), asc(eventSeries.id));
    const children = await childEventsOf(
      orm,
      series.map((row) => row.id),
    );
    // Each series is shown as its next event, or its last once every event has started.
    const shownEvent = new Map<string, string>();
    for (const row of series) {
      const list = children.get(row.id) ?? [];
      const next = list.find((child) => new Date(child.startTime) >= now) ?? list.at(-1);
      if (next) shownEvent.set(row.id, next.webinarID);
    }
    if (shownEvent.size === 0) return { success: [] };
    const rows = await selectEvents(orm).where(
      and(eq(events.accountId, caller.accountId), inArray(events.id, [...shownEvent.values()])),
    );
    const byId = new Map((await toWebinars(orm, rows, now)).map((webinar) => [webinar.webinarID, webinar]));
    return {
      success: series.flatMap((row) => {
        const webinar = byId.get(shownEvent.get(row.id) ?? "");
        if (!webinar) return [];
        return [
          { ...webinar, childEvents: children.get(row.id) ?? [], recurring: row.pattern, startLocal: row.startLocal },
        ];
      }),
    };
  },
});

const deleteRecurring = defineRoute({
  method: "DELETE",
  path: "/recurring/:id",
  operationId: "webinars.deleteRecurring",
  tag: "Webinars",
  summary: "Delete a recurring series and all its events",
  description: "`id` is the series' `uniqueID`. Same effect as `POST /webinar/delete` with `isRecurring=true`.",
  access: "webinars:write",
  answer: { description: "Confirmation; `message` says how many events were deleted.", schema: AckAnswer },
  async handle({ params, caller, deps }) {
    const series = await ownSeries(deps.db.orm, caller.accountId, params.id ?? "");
    const deleted = await deleteSeries(deps.db.orm, caller.accountId, series.id);
    return ack(`The series and its ${deleted} events are deleted.`);
  },
});

export const webinarScheduleRoutes = [create, remove, recurringList, deleteRecurring];
