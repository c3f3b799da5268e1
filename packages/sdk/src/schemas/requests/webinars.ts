import * as v from "valibot";
import { RECURRING_MAX_EVENTS, RECURRING_MAX_STEP_MINUTES, RECURRING_MIN_STEP_MINUTES } from "../../constants.js";
import { EmailSchema } from "../../rules/email/index.js";
import { TimeZoneSchema } from "../fields.js";
import { ANALYTICS_PERIODS } from "../webinar.js";
import { text, TEXT_LIMITS } from "../text.js";
import { FormBooleanSchema, FormNumberSchema, IdSchema, requiredText } from "./fields.js";

/** Which webinars a list shows. */
export const WEBINAR_LIST_TYPES = ["upcoming", "past"] as const;

/**
 * `GET /webinars` query: a page (12 a page) of upcoming or past webinars, optionally of one
 * timeline (`wtl`); `count=false` skips the total for a cheaper answer.
 */
export const ListWebinarsQuerySchema = v.object({
  page: v.optional(FormNumberSchema),
  type: v.optional(v.picklist(WEBINAR_LIST_TYPES)),
  /** Field to sort by, e.g. `date`. */
  sort: v.optional(v.string()),
  direction: v.optional(v.picklist(["asc", "desc"])),
  /** Webinar timeline ID. */
  wtl: v.optional(IdSchema),
  count: v.optional(FormBooleanSchema),
});
export type ListWebinarsQuery = v.InferInput<typeof ListWebinarsQuerySchema>;

/** `POST /webinar/update`: the visibility toggle (spec §4). */
export const UpdateWebinarRequestSchema = v.object({
  webinarID: IdSchema,
  blocks: v.object({ visible: FormBooleanSchema }),
});
export type UpdateWebinarRequest = v.InferInput<typeof UpdateWebinarRequestSchema>;

/** `POST /stream/webinar/coorganizer`: a co-organizer (spec §3; note `webinarId` here). */
export const AddCoOrganizerRequestSchema = v.object({
  webinarId: IdSchema,
  tenantId: IdSchema,
  name: requiredText("Enter the co-organizer's name."),
  email: EmailSchema,
});
export type AddCoOrganizerRequest = v.InferInput<typeof AddCoOrganizerRequestSchema>;

/**
 * `POST /webinars/{id}/agents` and `POST /webinars/{id}/hosts` (design): a person attached to an
 * event. One per email per event and role: the same email again renames the person.
 */
export const EventPersonRequestSchema = v.object({
  name: requiredText("Enter the person's name."),
  email: EmailSchema,
});
export type EventPersonRequest = v.InferInput<typeof EventPersonRequestSchema>;

/** What a webinar export lists. */
export const WEBINAR_EXPORT_TYPES = ["registrants", "attendees", "nonattendees"] as const;

/** `GET /webinar/export` query: answers CSV text. */
export const ExportWebinarQuerySchema = v.object({
  type: v.picklist(WEBINAR_EXPORT_TYPES),
  webinarID: IdSchema,
});
export type ExportWebinarQuery = v.InferInput<typeof ExportWebinarQuerySchema>;

/**
 * `recurring.every`: repeat every `value` minutes or hours, from 5 minutes to a week
 * (RECURRING_MIN_STEP_MINUTES..RECURRING_MAX_STEP_MINUTES).
 */
export const RecurringEverySchema = v.pipe(
  v.object({
    value: v.pipe(v.number(), v.integer(), v.minValue(1, "Repeat at least every 1 minute or hour.")),
    unit: v.picklist(["minutes", "hours"], 'The unit is "minutes" or "hours".'),
  }),
  v.check(
    ({ value, unit }) => {
      const minutes = unit === "hours" ? value * 60 : value;
      return minutes >= RECURRING_MIN_STEP_MINUTES && minutes <= RECURRING_MAX_STEP_MINUTES;
    },
    `Repeat every ${RECURRING_MIN_STEP_MINUTES} minutes at least and every ${RECURRING_MAX_STEP_MINUTES / 60} hours at most.`,
  ),
);
export type RecurringEvery = v.InferInput<typeof RecurringEverySchema>;

/**
 * `POST /webinar/create`: schedules an event of a timeline. `start` is the local wall-clock time
 * (`YYYY-MM-DDTHH:mm`) in `timeZone` (an IANA zone). A recurring event repeats at the start's
 * local time on `recurring.days` (0 = Sunday), or, with `recurring.every`, every N minutes or
 * hours from the start on those days only; the series ends at `recurring.until` (a local date,
 * inclusive) or after `recurring.count` events (at most RECURRING_MAX_EVENTS), whichever comes
 * first, or has no end.
 *
 * @example
 * v.parse(CreateWebinarRequestSchema, { webinarTimeline: "t1", start: "2026-03-02T10:00", timeZone: "Europe/Paris",
 *   recurring: { days: [1, 3], count: 10, every: { value: 2, unit: "hours" } } });
 */
export const CreateWebinarRequestSchema = v.object({
  webinarTimeline: IdSchema,
  start: v.pipe(
    v.string(),
    v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Expected a local date and time, YYYY-MM-DDTHH:mm."),
  ),
  timeZone: v.optional(TimeZoneSchema),
  /** Event name; defaults to the timeline's name. */
  name: v.optional(text(TEXT_LIMITS.name)),
  /**
   * On a multi-event timeline, the day this event is (a `general.multiEvents.settings[].dayKey`):
   * its actions, video, countdown and registration name are that day's.
   */
  dayKey: v.optional(v.pipe(v.string(), v.maxLength(100, "A day key has at most 100 characters."))),
  isRecurring: v.optional(FormBooleanSchema),
  recurring: v.optional(
    v.object({
      days: v.pipe(
        v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6))),
        v.minLength(1, "Choose at least one day."),
      ),
      until: v.optional(v.pipe(v.string(), v.isoDate())),
      /** The series ends after this many events. */
      count: v.optional(
        v.pipe(
          v.number(),
          v.integer(),
          v.minValue(1, "A series has at least one event."),
          v.maxValue(RECURRING_MAX_EVENTS, `A series has at most ${RECURRING_MAX_EVENTS} events.`),
        ),
      ),
      /** Repeat by elapsed time instead of once a day. */
      every: v.optional(RecurringEverySchema),
    }),
  ),
});
export type CreateWebinarRequest = v.InferInput<typeof CreateWebinarRequestSchema>;

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** True for a date and time that exists on the calendar, with `Z` or a `±HH:mm` offset (no rollover: 30 February fails). */
function isInstantWithOffset(value: string): boolean {
  const match = INSTANT.exec(value);
  if (!match) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const time = hour <= 23 && minute <= 59 && second <= 59 && offsetHours <= 23 && offsetMinutes <= 59;
  return month >= 1 && month <= 12 && day >= 1 && day <= lastDay && time;
}

/**
 * `POST /webinar/reschedule` (design): moves one upcoming event to a new start. `startTime` is an
 * instant, ISO 8601 with `Z` or a UTC offset (`2026-05-11T17:00:00Z`, `2026-05-11T10:00-07:00`;
 * seconds optional); `timeZone` (IANA), when given, becomes the event's zone (where its date and
 * time are shown and its relative actions keep their wall-clock time). The event keeps its length.
 *
 * @example
 * v.parse(RescheduleWebinarRequestSchema, { webinarID: "w1", startTime: "2026-05-11T10:00-07:00", timeZone: "America/Los_Angeles" });
 */
export const RescheduleWebinarRequestSchema = v.object({
  webinarID: IdSchema,
  startTime: v.pipe(
    v.string(),
    v.nonEmpty("Enter the new date and time."),
    v.check(isInstantWithOffset, "Expected a date and time with its UTC offset, such as 2026-05-11T17:00:00Z."),
  ),
  timeZone: v.optional(TimeZoneSchema),
});
export type RescheduleWebinarRequest = v.InferInput<typeof RescheduleWebinarRequestSchema>;

/** `POST /webinar/delete` (form): one event, or a whole recurring series by `uniqueID`. */
export const DeleteWebinarRequestSchema = v.object({
  webinarID: IdSchema,
  isRecurring: FormBooleanSchema,
  uniqueID: v.optional(IdSchema),
});
export type DeleteWebinarRequest = v.InferInput<typeof DeleteWebinarRequestSchema>;

/** `GET /recurring` query: recurring series, optionally of one timeline. */
export const RecurringQuerySchema = v.object({ wtl: v.optional(IdSchema) });
export type RecurringQuery = v.InferInput<typeof RecurringQuerySchema>;


/**
 * `POST /analytics/attendance`: registrants and attendance of one event, of one timeline, or of
 * the account over a period; `userGroup` narrows to an audience segment (`3`, `a1`, `a2`).
 */
export const AttendanceRequestSchema = v.object({
  webinarID: v.optional(IdSchema),
  webinarTimeline: v.optional(IdSchema),
  period: v.optional(v.picklist(ANALYTICS_PERIODS)),
  userGroup: v.optional(IdSchema),
});
export type AttendanceRequest = v.InferInput<typeof AttendanceRequestSchema>;

/** `POST /analytics/breakdown`: the audience breakdown over a period. */
export const BreakdownRequestSchema = v.object({ period: v.picklist(ANALYTICS_PERIODS) });
export type BreakdownRequest = v.InferInput<typeof BreakdownRequestSchema>;
