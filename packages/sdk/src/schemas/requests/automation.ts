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

const SCOPE_MESSAGE = "Give webinarTimeline, webinarID or uuid.";
const hasScope = <T extends { webinarTimeline?: unknown; webinarID?: unknown; uuid?: unknown }>(q: T) =>
  q.webinarTimeline !== undefined || q.webinarID !== undefined || q.uuid !== undefined;

/** The filters the delivery log and the scheduled jobs share. */
const jobFilters = {
  webinarTimeline: v.optional(IdSchema),
  webinarID: v.optional(IdSchema),
  uuid: v.optional(IdSchema),
  /** One action: the node's `id` (`autoresponder:<message>` for an autoresponder mail). */
  nodeKey: v.optional(v.pipe(v.string(), v.nonEmpty("nodeKey cannot be empty."), v.maxLength(200, "nodeKey is too long."))),
  /** Words of the registrant's name or email, or of the action's title. */
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, "The search is too long (200 characters at most)."))),
  page: v.optional(v.pipe(FormNumberSchema, v.integer(), v.minValue(1, "Pages start at 1."))),
};

/** The delivery log's outcomes. */
export const DELIVERY_OUTCOMES = ["sent", "skipped", "failed", "dead", "deferred", "canceled"] as const;
/** A scheduled job's states; `waiting` (a filter only) is pending or queued. */
export const SCHEDULED_STATUSES = ["pending", "queued", "sent", "skipped", "dead", "canceled"] as const;

/**
 * `GET /automation/deliveries`: one timeline's, event's or registrant's delivery log (at least one
 * of the three), optionally one action's, one outcome's, or matching a search; 50 a page, newest first.
 */
export const DeliveriesQuerySchema = v.pipe(
  v.object({
    ...jobFilters,
    outcome: v.optional(v.picklist(DELIVERY_OUTCOMES, `outcome must be one of ${DELIVERY_OUTCOMES.join(", ")}.`)),
  }),
  v.check(hasScope, SCOPE_MESSAGE),
);
export type DeliveriesQuery = v.InferInput<typeof DeliveriesQuerySchema>;

/**
 * `GET /automation/scheduled`: the jobs, filtered as the delivery log, and by `status` (`waiting`:
 * pending or queued); 50 a page, soonest first.
 */
export const ScheduledQuerySchema = v.pipe(
  v.object({
    ...jobFilters,
    status: v.optional(
      v.picklist(["waiting", ...SCHEDULED_STATUSES], `status must be one of waiting, ${SCHEDULED_STATUSES.join(", ")}.`),
    ),
  }),
  v.check(hasScope, SCOPE_MESSAGE),
);
export type ScheduledQuery = v.InferInput<typeof ScheduledQuerySchema>;

const NodeKeySchema = v.pipe(v.string("nodeKey is required."), v.nonEmpty("nodeKey is required."), v.maxLength(200, "nodeKey is too long."));

/** `GET /automation/scheduled/actions`: a timeline's or an event's jobs counted per action. */
export const ScheduledActionsQuerySchema = v.pipe(
  v.object({ webinarTimeline: v.optional(IdSchema), webinarID: v.optional(IdSchema) }),
  v.check((q) => q.webinarTimeline !== undefined || q.webinarID !== undefined, "Give webinarTimeline or webinarID."),
);
export type ScheduledActionsQuery = v.InferInput<typeof ScheduledActionsQuerySchema>;

/**
 * `POST /automation/scheduled/cancel`: cancels waiting jobs of one action (`nodeKey`) — one
 * registrant's (`uuid`) or all of them — in an event (`webinarID`) or in every event of a timeline
 * (`webinarTimeline`).
 */
export const CancelScheduledRequestSchema = v.pipe(
  v.object({ webinarTimeline: v.optional(IdSchema), webinarID: v.optional(IdSchema), nodeKey: NodeKeySchema, uuid: v.optional(IdSchema) }),
  v.forward(
    v.check((q) => q.webinarTimeline !== undefined || q.webinarID !== undefined, "Give webinarID or webinarTimeline."),
    ["webinarID"],
  ),
);
export type CancelScheduledRequest = v.InferInput<typeof CancelScheduledRequestSchema>;

/** `POST /automation/scheduled/resend`: runs a failed job (a dead letter) again, now. */
export const ResendScheduledRequestSchema = v.object({ webinarID: IdSchema, nodeKey: NodeKeySchema, uuid: IdSchema });
export type ResendScheduledRequest = v.InferInput<typeof ResendScheduledRequestSchema>;

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
