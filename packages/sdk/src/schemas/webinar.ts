import * as v from "valibot";
import { DEFAULT_TIMEZONE, EVENT_TYPES, WEBINAR_TYPES } from "../constants.js";
import { CountSchema, TimestampSchema, TimeZoneSchema } from "./fields.js";

const WebinarIdSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.string(),
  /* @__PURE__ */ v.nonEmpty("webinarID is required"),
);

/**
 * An organizer of a webinar as its delivery platform reports it. Platforms (Zoom, GoToWebinar,
 * the own platform) send different organizer fields, so beyond a name and an email the object is
 * kept as sent.
 */
export const OrganizerSchema = /* @__PURE__ */ v.looseObject({
  name: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  email: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  /** `host` (who scheduled it, or attached as a host) or `co-organizer` on the own platform. */
  role: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  /** A co-organizer's streaming-platform tenant. */
  tenantId: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
});

/** One occurrence of a recurring webinar. */
export const ChildEventSchema = /* @__PURE__ */ v.object({
  webinarID: WebinarIdSchema,
  uniqueID: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  startTime: TimestampSchema,
});

/** Where an event stands in the lists. */
export const WebinarStatusSchema = /* @__PURE__ */ v.picklist(["upcoming", "live", "past", "cancelled"]);

/**
 * A scheduled webinar (spec §3 "Webinar"). Beyond the spec's webinarID, isRecurring, uniqueID,
 * organizers and childEvents, we add what a listed event shows:
 *
 * - `name` (the event's title, required) and `timelineName` (its timeline's name);
 * - `webinarTimeline`: the id of the timeline it runs (the spec's wire name for timeline ids);
 * - `startTime`: ISO timestamp of the start (required), `timeZone` (default America/Los_Angeles),
 *   `endTime`: ISO timestamp of the end (the start plus the timeline's length);
 * - `visible` (default true: the spec's visibility toggle), `eventType` and `webinarType`
 *   (defaults as a timeline's: live-webinar, automatic);
 * - `registrants`: how many registered (default 0); `status` (upcoming, live, past, cancelled).
 *
 * `uniqueID` identifies a recurring series (sent back when deleting one).
 *
 * @example
 * v.parse(WebinarSchema, { webinarID: "w_1", name: "Launch", startTime: "2024-05-01T17:00:00Z" });
 */
export const WebinarSchema = /* @__PURE__ */ v.object({
  webinarID: WebinarIdSchema,
  isRecurring: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
  uniqueID: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  organizers: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.array(OrganizerSchema), () => []),
  childEvents: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.array(ChildEventSchema), () => []),
  name: /* @__PURE__ */ v.string(),
  timelineName: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  webinarTimeline: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  startTime: TimestampSchema,
  endTime: /* @__PURE__ */ v.optional(TimestampSchema),
  timeZone: /* @__PURE__ */ v.optional(TimeZoneSchema, DEFAULT_TIMEZONE),
  visible: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), true),
  eventType: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.picklist(EVENT_TYPES), "live-webinar"),
  webinarType: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.picklist(WEBINAR_TYPES), "automatic"),
  registrants: /* @__PURE__ */ v.optional(CountSchema, 0),
  status: /* @__PURE__ */ v.optional(WebinarStatusSchema),
  /** The multi-event day this event is (`general.multiEvents.settings[].dayKey`); "" for none. */
  dayKey: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
});

/**
 * The answer of POST /webinar/create: `{ webinar: { webinarID, uniqueID? }, organizers, childEvents }`,
 * all three present (empty lists for a single event). `webinar` is the first event; `uniqueID`
 * names the series when the event recurs.
 *
 * @example
 * v.parse(CreateWebinarResultSchema, { webinar: { webinarID: "w_1" }, organizers: [], childEvents: [] });
 */
export const CreateWebinarResultSchema = /* @__PURE__ */ v.object({
  webinar: /* @__PURE__ */ v.object({
    webinarID: WebinarIdSchema,
    uniqueID: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  }),
  organizers: /* @__PURE__ */ v.array(OrganizerSchema),
  childEvents: /* @__PURE__ */ v.array(ChildEventSchema),
});

/** Periods the analytics calls summarise. */
export const ANALYTICS_PERIODS = ["today", "7d", "30d", "90d", "365d", "all"] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/**
 * The span an analytics answer counted: the period's name, its first instant (null for `all`)
 * and its last (now), as ISO timestamps. Periods are UTC days.
 */
export const AnalyticsPeriodRangeSchema = /* @__PURE__ */ v.object({
  name: /* @__PURE__ */ v.picklist(ANALYTICS_PERIODS),
  from: /* @__PURE__ */ v.nullable(TimestampSchema),
  to: TimestampSchema,
});

/**
 * The audience breakdown the dashboard shows (POST /analytics/breakdown). `registrants` is
 * required: an answer without it is a timeout (spec §5). Beyond the counts the server adds
 * `averageMinutes` (mean time in the room of those who attended) and the `period` counted.
 */
export const AudienceBreakdownSchema = /* @__PURE__ */ v.object({
  registrants: CountSchema,
  attendees: /* @__PURE__ */ v.optional(CountSchema, 0),
  nonAttendees: /* @__PURE__ */ v.optional(CountSchema, 0),
  averageMinutes: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.number()),
  period: /* @__PURE__ */ v.optional(AnalyticsPeriodRangeSchema),
});

export type Organizer = v.InferOutput<typeof OrganizerSchema>;
export type ChildEvent = v.InferOutput<typeof ChildEventSchema>;
export type WebinarStatus = v.InferOutput<typeof WebinarStatusSchema>;
export type Webinar = v.InferOutput<typeof WebinarSchema>;
export type CreateWebinarResult = v.InferOutput<typeof CreateWebinarResultSchema>;
export type AudienceBreakdown = v.InferOutput<typeof AudienceBreakdownSchema>;
export type AnalyticsPeriodRange = v.InferOutput<typeof AnalyticsPeriodRangeSchema>;

/**
 * The webinar store (spec §3): the lists the dashboard keeps, their page counts and the audience
 * breakdown. `totalUpcomming` keeps the spec's spelling.
 */
export interface WebinarStoreState {
  upcoming: Webinar[];
  past: Webinar[];
  allPast: Webinar[];
  latestUpcoming: Webinar[];
  status: Webinar[];
  recurring: Webinar[];
  pageCount: { upcoming: number; past: number; totalUpcomming: number };
  audience: AudienceBreakdown;
}

/**
 * An empty webinar store: what logout or reset leaves (spec §4).
 *
 * @example
 * createWebinarStoreState().pageCount; // { upcoming: 0, past: 0, totalUpcomming: 0 }
 */
/* @__NO_SIDE_EFFECTS__ */
export function createWebinarStoreState(): WebinarStoreState {
  return {
    upcoming: [],
    past: [],
    allPast: [],
    latestUpcoming: [],
    status: [],
    recurring: [],
    pageCount: { upcoming: 0, past: 0, totalUpcomming: 0 },
    audience: { registrants: 0, attendees: 0, nonAttendees: 0 },
  };
}
