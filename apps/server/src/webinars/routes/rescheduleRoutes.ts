import { eq } from "drizzle-orm";
import * as v from "valibot";
import { OWN_PLATFORM, RescheduleWebinarRequestSchema, WebinarSchema, type WebinarStatus } from "@cuepoint/sdk";
import { events } from "../../db/schema/index.js";
import { badRequest, notFound, unprocessable } from "../../http/errors.js";
import { defineRoute } from "../../http/route.js";
import { eventStatusAt, eventTimingOf, liveEndOf } from "../../events/eventTiming.js";
import { assertWebinarHours } from "../../usage/webinarHours.js";
import { NO_WEBINAR, ownEvent, ownTimeline } from "../../events/access.js";
import { entersCurrentMonth, moveEvent } from "../reschedule.js";
import { selectEvents, toWebinars } from "../wire.js";

const WebinarAnswer = v.object({ success: v.object({ ...WebinarSchema.entries, endTime: v.string() }) });

/** The 400 for an event that is live or over: only upcoming events move. */
const notUpcoming = (status: WebinarStatus) =>
  badRequest(
    status === "live"
      ? "This webinar has already started: only an upcoming webinar can be rescheduled."
      : "This webinar is over: only an upcoming webinar can be rescheduled.",
    "webinarID",
  );

const reschedule = defineRoute({
  method: "POST",
  path: "/webinar/reschedule",
  operationId: "webinars.reschedule",
  tag: "Webinars",
  summary: "Move an upcoming event to a new start; its scheduled actions follow",
  description:
    "Design (the spec has no reschedule call). `startTime` is the new start, ISO 8601 with `Z` or a UTC offset " +
    "(`2026-05-11T10:00-07:00`). `timeZone` (IANA), when given, becomes the event's zone: where its date and time " +
    "are shown and where its relative actions keep their wall-clock time; without it the zone stays. Only an event " +
    "that has not started moves (400 on `webinarID` when it is live or over), to a start in the future (400 on " +
    "`startTime`); the event must be the caller's (404) and its timeline not in the trash (422 on `webinarID`). " +
    "The event keeps its length (its end is the start plus its timeline's length). For an event of a recurring " +
    "series only this event moves; the series' pattern and its other events stay. Registrants stay registered. " +
    "In the same transaction every waiting scheduled action of the event follows, as the automation engine " +
    "places them: actions relative to the start move by the same elapsed time (keeping the wall-clock time of " +
    "the event's zone across days); exact-time actions stay at their clock time in the timeline's zone, on the " +
    "day before or after the event's new date they name; an action whose new time has already passed is skipped, " +
    "never sent late. Sent, skipped and canceled actions are not touched. On Cuepoint's own room " +
    "(`general.deliveryPlatform` `aevent`): 403 on `startTime` when the move brings the event's end into the " +
    "current month (UTC) from a later month and this month's webinar hours plus its length pass the plan's limit " +
    "(the check `POST /webinar/create` makes); other moves use no more hours this month and are not refused. " +
    "Answers the event as `GET /webinars/{id}` does.",
  access: "webinars:write",
  body: RescheduleWebinarRequestSchema,
  answer: { description: "The event as it is now.", schema: WebinarAnswer },
  async handle({ body, caller, deps }) {
    const { orm } = deps.db;
    const now = deps.config.now();
    const event = await ownEvent(orm, caller.accountId, body.webinarID);
    const timeline = await ownTimeline(orm, caller.accountId, event.timelineId);
    if (timeline.status === "trash") {
      throw unprocessable("This webinar's timeline is in the trash: restore it before rescheduling.", "webinarID");
    }
    const general = timeline.setting?.general;
    const timing = await eventTimingOf(orm, { ...event, general });
    const status = eventStatusAt(timing, now.getTime());
    if (status !== "upcoming") throw notUpcoming(status);
    const startsAt = new Date(body.startTime);
    if (startsAt <= now) throw badRequest("Choose a start in the future.", "startTime");
    const lengthMs = liveEndOf(timing, now.getTime()) - timing.startsAt;
    const oldEnd = new Date(event.startsAt.getTime() + lengthMs);
    const newEnd = new Date(startsAt.getTime() + lengthMs);
    if (general?.deliveryPlatform === OWN_PLATFORM && entersCurrentMonth(oldEnd, newEnd, now)) {
      await assertWebinarHours(orm, caller, general, now, "startTime");
    }
    const moved = await moveEvent(orm, { accountId: caller.accountId, eventId: event.id, startsAt, timeZone: body.timeZone, now });
    if (!moved) throw notUpcoming("live");
    const rows = await selectEvents(orm).where(eq(events.id, event.id));
    const [webinar] = await toWebinars(orm, rows, now, { withChildren: true });
    if (!webinar) throw notFound(NO_WEBINAR);
    return { success: webinar };
  },
});

/** `POST /webinar/reschedule` (design; registered in the route table). */
export const webinarRescheduleRoutes = [reschedule];
