import * as v from "valibot";
import { TimeZoneSchema } from "../fields.js";
import { FormBooleanSchema, FormNumberSchema, IdSchema } from "./fields.js";

/**
 * Requests of the automation engine (design, not in the spec): a timeline's catch-up policy and
 * quiet hours, attendance recording, the delivery log, the dry run and an event's live script.
 */

const ClockSchema = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use a 24-hour time, HH:MM."));
const MAX_WINDOW_MINUTES = 45 * 24 * 60;

/**
 * What happens to actions already due when someone registers: `skip` them; `latest` sends the
 * latest missed one at once; `all` sends every missed one at once — in both cases only those
 * missed by at most `windowMinutes`.
 */
export const CatchUpPolicySchema = v.object({
  mode: v.picklist(["skip", "latest", "all"], "Catch-up mode must be skip, latest or all."),
  windowMinutes: v.pipe(
    FormNumberSchema,
    v.integer("The window is a whole number of minutes."),
    v.minValue(0, "The window cannot be negative."),
    v.maxValue(MAX_WINDOW_MINUTES, `The window can be at most ${MAX_WINDOW_MINUTES} minutes (45 days).`),
  ),
});
export type CatchUpPolicyInput = v.InferInput<typeof CatchUpPolicySchema>;

/** SMS and MMS wait from `start` to `end` (HH:MM, may cross midnight) in the registrant's zone. */
export const QuietHoursSchema = v.object({
  enabled: FormBooleanSchema,
  start: ClockSchema,
  end: ClockSchema,
});
export type QuietHoursInput = v.InferInput<typeof QuietHoursSchema>;

/** `PUT /automation/settings`: change a timeline's catch-up policy and/or quiet hours. */
export const AutomationSettingsRequestSchema = v.object({
  webinarTimeline: IdSchema,
  catchUp: v.optional(CatchUpPolicySchema),
  quietHours: v.optional(QuietHoursSchema),
});
export type AutomationSettingsRequest = v.InferInput<typeof AutomationSettingsRequestSchema>;

/** `GET /automation/settings?webinarTimeline=`. */
export const AutomationSettingsQuerySchema = v.object({ webinarTimeline: IdSchema });
export type AutomationSettingsQuery = v.InferInput<typeof AutomationSettingsQuerySchema>;

/**
 * `POST /automation/attendance`: the event platform reports a registrant's time in the room.
 * `attendedSeconds` is the total so far (not an increment), so a repeated report is harmless.
 */
export const RecordAttendanceRequestSchema = v.object({
  webinarID: IdSchema,
  uuid: IdSchema,
  attendedSeconds: v.pipe(FormNumberSchema, v.integer("Seconds must be a whole number."), v.minValue(0, "Seconds cannot be negative.")),
  joinedAt: v.optional(v.pipe(v.string(), v.isoTimestamp("joinedAt must be an ISO timestamp."))),
  leftAt: v.optional(v.pipe(v.string(), v.isoTimestamp("leftAt must be an ISO timestamp."))),
});
export type RecordAttendanceRequest = v.InferInput<typeof RecordAttendanceRequestSchema>;

/**
 * `GET /automation/deliveries` and `GET /automation/scheduled`: one timeline's, event's or
 * registrant's jobs or delivery log (at least one filter), 50 a page, newest first.
 */
export const DeliveriesQuerySchema = v.pipe(
  v.object({
    webinarTimeline: v.optional(IdSchema),
    webinarID: v.optional(IdSchema),
    uuid: v.optional(IdSchema),
    page: v.optional(v.pipe(FormNumberSchema, v.integer(), v.minValue(1, "Pages start at 1."))),
  }),
  v.check((q) => q.webinarTimeline !== undefined || q.webinarID !== undefined || q.uuid !== undefined, "Give webinarTimeline, webinarID or uuid."),
);
export type DeliveriesQuery = v.InferInput<typeof DeliveriesQuerySchema>;

/**
 * `POST /automation/simulate`: a dry run for a hypothetical registrant of an event (`webinarID`)
 * or of a start instant (`startTime`, with the event's `eventTimeZone`, default the timeline's).
 */
export const SimulateRequestSchema = v.object({
  webinarTimeline: IdSchema,
  webinarID: v.optional(IdSchema),
  startTime: v.optional(v.pipe(v.string(), v.isoTimestamp("startTime must be an ISO timestamp."))),
  eventTimeZone: v.optional(TimeZoneSchema),
  /** The registrant's zone (quiet hours, local times); default the event's. */
  timeZone: v.optional(TimeZoneSchema),
  /** When they register; default now. */
  registeredAt: v.optional(v.pipe(v.string(), v.isoTimestamp("registeredAt must be an ISO timestamp."))),
  attendedSeconds: v.optional(v.pipe(FormNumberSchema, v.integer(), v.minValue(0)), 0),
  smsConsent: v.optional(FormBooleanSchema, true),
  fields: v.optional(v.record(v.string(), v.string()), {}),
});
export type SimulateRequest = v.InferInput<typeof SimulateRequestSchema>;

/** `GET /automation/livescript?webinarID=`. */
export const LiveScriptQuerySchema = v.object({ webinarID: IdSchema });
export type LiveScriptQuery = v.InferInput<typeof LiveScriptQuerySchema>;
