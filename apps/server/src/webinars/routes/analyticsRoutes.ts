import * as v from "valibot";
import { AttendanceRequestSchema, AudienceBreakdownSchema, BreakdownRequestSchema } from "@cuepoint/sdk";
import { badRequest } from "../../http/errors.js";
import { defineRoute } from "../../http/route.js";
import { ownEvent, ownTimeline } from "../../events/access.js";
import { attendanceStats, SEGMENTS, type Segment } from "../analytics.js";

const Counts = {
  registrants: v.number(),
  attendees: v.number(),
  nonAttendees: v.number(),
  averageMinutes: v.number(),
};
const PeriodAnswer = v.object({ name: v.string(), from: v.nullable(v.string()), to: v.string() });

const isSegment = (value: string): value is Segment => (SEGMENTS as readonly string[]).includes(value);

const HOW =
  "Counted over the events that started within the period and up to now (upcoming events are left out: nobody can " +
  "have attended them yet). A registrant attended when their stored attendance is more than 0 seconds (the " +
  "Attendee segment); `averageMinutes` is the mean time in the room of those who attended. Periods are UTC days: " +
  "`today` since UTC midnight, `7d` today and the 6 days before, and so on; `all` has no start.";

const attendanceRoute = defineRoute({
  method: "POST",
  path: "/analytics/attendance",
  operationId: "webinars.attendance",
  tag: "Analytics",
  summary: "Registrants and attendance of an event, a timeline or the account, by day",
  description:
    `${HOW} \`webinarID\` narrows to one event, \`webinarTimeline\` to one timeline (404 if not the account's); ` +
    "`period` defaults to `all`. `userGroup` keeps one default segment: `3` everyone (default), `a1` attendees, " +
    "`a2` non-attendees (custom segments: 400). `days` lists each UTC day of the period by the events' start " +
    "(every day, zero-filled, for a finite period; the days that had events for `all`). `attendanceRate` is " +
    "attendees / registrants (0 to 1); `totalMinutes` is all time in the room. `replayViewers` (registrants who " +
    "watched the replay) and `replayMinutes` count replay viewing, which the event room records apart: it never " +
    "makes an attendee.",
  access: "webinars:read",
  body: AttendanceRequestSchema,
  answer: {
    description:
      "Totals, rate, and the same counts per day. Always has `registrants` (the SDK reads its absence as a timeout).",
    schema: v.object({
      ...Counts,
      attendanceRate: v.number(),
      totalMinutes: v.number(),
      replayViewers: v.number(),
      replayMinutes: v.number(),
      days: v.array(v.object({ date: v.string(), ...Counts })),
      period: PeriodAnswer,
    }),
  },
  async handle({ body, caller, deps }) {
    const { orm } = deps.db;
    const segment = body.userGroup === undefined ? undefined : String(body.userGroup);
    if (segment !== undefined && !isSegment(segment)) {
      throw badRequest(`Attendance is counted for the default segments only: ${SEGMENTS.join(", ")}.`, "userGroup");
    }
    const event = body.webinarID === undefined ? undefined : await ownEvent(orm, caller.accountId, body.webinarID);
    const timeline =
      body.webinarTimeline === undefined ? undefined : await ownTimeline(orm, caller.accountId, body.webinarTimeline);
    return attendanceStats(orm, {
      accountId: caller.accountId,
      now: deps.config.now(),
      period: body.period ?? "all",
      eventId: event?.id,
      timelineId: timeline?.id,
      segment,
    });
  },
});

const breakdownRoute = defineRoute({
  method: "POST",
  path: "/analytics/breakdown",
  operationId: "webinars.breakdown",
  tag: "Analytics",
  summary: "The account's audience breakdown over a period: registrants, attendees, non-attendees",
  description: `${HOW} The dashboard's audience breakdown (the webinar store's \`audience\`).`,
  access: "webinars:read",
  body: BreakdownRequestSchema,
  answer: {
    description: "The breakdown. Always has `registrants`.",
    schema: v.object({ ...AudienceBreakdownSchema.entries, averageMinutes: v.number(), period: PeriodAnswer }),
  },
  async handle({ body, caller, deps }) {
    const stats = await attendanceStats(deps.db.orm, {
      accountId: caller.accountId,
      now: deps.config.now(),
      period: body.period,
    });
    const { registrants, attendees, nonAttendees, averageMinutes, period } = stats;
    return { registrants, attendees, nonAttendees, averageMinutes, period };
  },
});

export const analyticsRoutes = [attendanceRoute, breakdownRoute];
