import * as v from "valibot";
import { EmailSchema } from "../../rules/email/index.js";
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

/** What a webinar export lists. */
export const WEBINAR_EXPORT_TYPES = ["registrants", "attendees", "nonattendees"] as const;

/** `GET /webinar/export` query: answers CSV text. */
export const ExportWebinarQuerySchema = v.object({
  type: v.picklist(WEBINAR_EXPORT_TYPES),
  webinarID: IdSchema,
});
export type ExportWebinarQuery = v.InferInput<typeof ExportWebinarQuerySchema>;

/**
 * `POST /webinar/create`: schedules an event of a timeline. `start` is the local wall-clock time
 * (`YYYY-MM-DDTHH:mm`) in `timeZone`; a recurring event repeats on `recurring.days` (0 = Sunday)
 * until `recurring.until` (a date), or without end.
 */
export const CreateWebinarRequestSchema = v.object({
  webinarTimeline: IdSchema,
  start: v.pipe(
    v.string(),
    v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Expected a local date and time, YYYY-MM-DDTHH:mm."),
  ),
  timeZone: v.optional(requiredText()),
  /** Event name; defaults to the timeline's name. */
  name: v.optional(v.string()),
  isRecurring: v.optional(FormBooleanSchema),
  recurring: v.optional(
    v.object({
      days: v.pipe(
        v.array(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6))),
        v.minLength(1, "Choose at least one day."),
      ),
      until: v.optional(v.pipe(v.string(), v.isoDate())),
    }),
  ),
});
export type CreateWebinarRequest = v.InferInput<typeof CreateWebinarRequestSchema>;

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

/** Periods the analytics calls summarise. */
export const ANALYTICS_PERIODS = ["today", "7d", "30d", "90d", "365d", "all"] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

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
