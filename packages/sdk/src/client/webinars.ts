import type { FetchResponse } from "ofetch";
import type {
  AnalyticsPeriod,
  AnalyticsPeriodRange,
  AudienceBreakdown,
  CoOrganizer,
  CreateWebinarResult,
  Webinar,
  WebinarStatus,
} from "../schemas/index.js";
import type {
  AddCoOrganizerRequest,
  AttendanceRequest,
  CreateWebinarRequest,
  DeleteWebinarRequest,
  EventPersonRequest,
  ExportWebinarQuery,
  ListWebinarsQuery,
  RescheduleWebinarRequest,
} from "../schemas/requests/webinars.js";
import { ANALYTICS_TIMEOUT, isAnalyticsTimeout } from "../rules/analyticsTimeout/index.js";
import { withData, type CuepointPromise, type Fetcher } from "./createFetcher.js";
import type { WebinarDelivery, YouTubeBroadcastState } from "./delivery.js";
import { toForm } from "./form.js";
import { group } from "./group.js";
import { fetcherOf, route, type CallOf } from "./route.js";
import { AnalyticsTimeoutError, type CuepointError } from "./errors.js";
import type { Ack, Page, Success } from "./types.js";

type Id = string | number;

/** A person attached to an event (agent, host). */
export interface EventPerson {
  id: string;
  name: string;
  email: string;
}

/** Registrants and attendance of one UTC day (by the events' start). */
export interface AttendanceDay {
  /** `YYYY-MM-DD`. */
  date: string;
  registrants: number;
  attendees: number;
  nonAttendees: number;
  averageMinutes: number;
}

/**
 * Registrants and attendance; always has `registrants` (else the call rejects with `timeout`).
 * The rest is the design answer: counts, `attendanceRate` (attendees / registrants, 0 to 1),
 * `averageMinutes` (mean time in the room of those who attended), `totalMinutes` (all time in the
 * room), the same counts per day, and the `period` counted.
 */
export interface AttendanceResult {
  registrants: number | unknown[];
  attendees?: number;
  nonAttendees?: number;
  attendanceRate?: number;
  averageMinutes?: number;
  totalMinutes?: number;
  days?: AttendanceDay[];
  period?: AnalyticsPeriodRange;
  [field: string]: unknown;
}

/**
 * Analytics answers (spec §5): 524 (the proxy gave up on a slow query) and a result without
 * `registrants` become an `AnalyticsTimeoutError`. Other failures stay as they are, so a real
 * server error is not hidden behind "timeout".
 */
const analytics = <T>(raw: Promise<FetchResponse<T>>) =>
  withData(
    raw.then(
      (response) => {
        if (isAnalyticsTimeout({ status: response.status, data: response._data })) {
          throw new AnalyticsTimeoutError(ANALYTICS_TIMEOUT, response.status, response._data);
        }
        return response;
      },
      (error: CuepointError) => {
        throw error.status === 524 ? new AnalyticsTimeoutError(ANALYTICS_TIMEOUT, 524, error.data, { cause: error }) : error;
      },
    ),
  );

export interface WebinarsResource {
  /**
   * `GET /webinars`: a page (12) of upcoming or past events.
   *
   * @example
   * const { success, total } = await client.webinars.list({ page: 1, type: "upcoming" })
   */
  list(query?: ListWebinarsQuery): CuepointPromise<Page<Webinar>>;
  /** `GET /webinars?wtl&type&page`: the events of one timeline. @example await client.webinars.listByTimeline(wtl, { type: "past", page: 2 }) */
  listByTimeline(wtl: Id, query?: Pick<ListWebinarsQuery, "type" | "page">): CuepointPromise<Page<Webinar>>;
  /** `POST /webinar/upcoming`: the next events across timelines. @example await client.webinars.upcoming() */
  upcoming(): CuepointPromise<Success<Webinar[]>>;
  /** `POST /webinar/status`: status of the account's events. @example await client.webinars.status() */
  status(): CuepointPromise<Success<Array<{ webinarID: string; status: WebinarStatus }>>>;
  /** `POST /webinar/update` with `blocks.visible`. @example await client.webinars.updateVisibility(id, false) */
  updateVisibility(webinarID: Id, visible: boolean): CuepointPromise<Success<Webinar>>;
  /** `GET /webinars/{id}`. @example const { success: webinar } = await client.webinars.get(id) */
  get(id: Id): CuepointPromise<Success<Webinar>>;
  /** `GET /webinars/{id}/agents`. @example await client.webinars.agents(id) */
  agents(id: Id): CuepointPromise<Success<EventPerson[]>>;
  /** `GET /webinars/{id}/hosts`. @example await client.webinars.hosts(id) */
  hosts(id: Id): CuepointPromise<Success<EventPerson[]>>;
  /** `POST /webinars/{id}/agents`: attaches an agent (the same email again renames). @example await client.webinars.addAgent(id, { name: "Sam", email: "sam@example.com" }) */
  addAgent(id: Id, person: EventPersonRequest): CuepointPromise<Success<EventPerson>>;
  /** `POST /webinars/{id}/hosts`: attaches a host (the same email again renames). @example await client.webinars.addHost(id, { name: "Ann", email: "ann@example.com" }) */
  addHost(id: Id, person: EventPersonRequest): CuepointPromise<Success<EventPerson>>;
  /** `DELETE /webinars/{id}/agents/{personId}`. @example await client.webinars.removeAgent(id, agent.id) */
  removeAgent(id: Id, personId: Id): CuepointPromise<Ack>;
  /** `DELETE /webinars/{id}/hosts/{personId}`. @example await client.webinars.removeHost(id, host.id) */
  removeHost(id: Id, personId: Id): CuepointPromise<Ack>;
  /** `POST /stream/webinar/coorganizer`. @example await client.webinars.addCoOrganizer({ webinarId, tenantId, name, email }) */
  addCoOrganizer(body: AddCoOrganizerRequest): CuepointPromise<Success<CoOrganizer>>;
  /** `GET /webinar/export`: CSV text. @example const csv = await client.webinars.export({ type: "registrants", webinarID }) */
  export(query: ExportWebinarQuery): CuepointPromise<string>;
  /**
   * `POST /webinar/create`: schedules an event of a timeline.
   *
   * @example
   * const { success } = await client.webinars.create({ webinarTimeline, start: "2025-03-01T18:00", timeZone: "Europe/Paris" })
   */
  create(body: CreateWebinarRequest): CuepointPromise<Success<CreateWebinarResult>>;
  /**
   * `POST /webinar/reschedule` (design): moves one upcoming event (of a series: only that event) to a new
   * start, keeping its length; its scheduled actions follow. Answers the event as it is now.
   *
   * @example
   * const { success } = await client.webinars.reschedule({ webinarID, startTime: "2026-05-11T10:00-07:00" })
   */
  reschedule(body: RescheduleWebinarRequest): CuepointPromise<Success<Webinar>>;
  /** `POST /webinar/delete` (form). @example await client.webinars.delete({ webinarID, isRecurring: false }) */
  delete(body: DeleteWebinarRequest): CuepointPromise<Ack>;
  /** `GET /recurring[?wtl=]`: recurring series. @example await client.webinars.recurring(wtl) */
  recurring(wtl?: Id): CuepointPromise<Success<Webinar[]>>;
  /** `DELETE /recurring/{id}`. @example await client.webinars.deleteRecurring(uniqueID) */
  deleteRecurring(id: Id): CuepointPromise<Ack>;
  /**
   * `POST /analytics/attendance`; rejects with `AnalyticsTimeoutError` ("timeout") on 524 or no `registrants`.
   *
   * @example
   * const stats = await client.webinars.attendance({ webinarTimeline, period: "30d" })
   */
  attendance(body: AttendanceRequest): CuepointPromise<AttendanceResult>;
  /** `POST /analytics/breakdown`; like `attendance`, "timeout" on 524 or no `registrants`. @example await client.webinars.breakdown("7d") */
  breakdown(period: AnalyticsPeriod): CuepointPromise<AudienceBreakdown>;
  /**
   * `GET /webinars/{id}/delivery` (design, issue 17): the event's session on Zoom, GoTo Webinar or
   * YouTube Live — its state, the platform's words when it refused, registrations by state and the
   * newest delivery-log lines; `platform: null`, `status: "none"` for other platforms.
   *
   * @example
   * const { success: delivery } = await client.webinars.delivery(id)
   * if (delivery.status === "refused") alert(delivery.message)
   */
  delivery(id: Id): CuepointPromise<Success<WebinarDelivery>>;
  /**
   * `GET /webinars/{id}/delivery/youtube` (design, issue 17; needs `webinars:write`): the event's
   * broadcast as YouTube has it now, with the encoder's ingest address and secret stream key.
   * YouTube's refusal comes as `message` (still 200); 404 before the broadcast exists.
   *
   * @example
   * const { success: broadcast } = await client.webinars.deliveryYoutube(id)
   * obs.configure(broadcast.ingestionAddress, broadcast.streamName)
   */
  deliveryYoutube(id: Id): CuepointPromise<Success<YouTubeBroadcastState>>;
}

/**
 * `GET /webinars`: a page (12) of upcoming or past events.
 *
 * @example
 * const { success, total } = await webinarsList(client, { page: 1, type: "upcoming" })
 */
export const webinarsList: CallOf<WebinarsResource["list"]> = /* @__PURE__ */ route("GET /webinars");

/** `GET /webinars?wtl&type&page`: the events of one timeline. @example await webinarsListByTimeline(client, wtl, { type: "past", page: 2 }) */
export const webinarsListByTimeline: CallOf<WebinarsResource["listByTimeline"]> = (client, wtl, query) =>
  fetcherOf(client)("GET", "/webinars", { wtl, ...query });

/** `POST /webinar/upcoming`: the next events across timelines. @example await webinarsUpcoming(client) */
export const webinarsUpcoming: CallOf<WebinarsResource["upcoming"]> = /* @__PURE__ */ route("POST /webinar/upcoming");

/** `POST /webinar/status`: status of the account's events. @example await webinarsStatus(client) */
export const webinarsStatus: CallOf<WebinarsResource["status"]> = /* @__PURE__ */ route("POST /webinar/status");

/** `POST /webinar/update` with `blocks.visible`. @example await webinarsUpdateVisibility(client, id, false) */
export const webinarsUpdateVisibility: CallOf<WebinarsResource["updateVisibility"]> = (client, webinarID, visible) =>
  fetcherOf(client)("POST", "/webinar/update", { webinarID, blocks: { visible } });

/** `GET /webinars/{id}`. @example const { success: webinar } = await webinarsGet(client, id) */
export const webinarsGet: CallOf<WebinarsResource["get"]> = /* @__PURE__ */ route("GET /webinars/{id}");

/** `GET /webinars/{id}/agents`. @example await webinarsAgents(client, id) */
export const webinarsAgents: CallOf<WebinarsResource["agents"]> = /* @__PURE__ */ route("GET /webinars/{id}/agents");

/** `GET /webinars/{id}/hosts`. @example await webinarsHosts(client, id) */
export const webinarsHosts: CallOf<WebinarsResource["hosts"]> = /* @__PURE__ */ route("GET /webinars/{id}/hosts");

/**
 * `POST /webinars/{id}/agents`: attaches an agent (the same email again renames).
 *
 * @example
 * await webinarsAddAgent(client, id, { name: "Sam", email: "sam@example.com" })
 */
export const webinarsAddAgent: CallOf<WebinarsResource["addAgent"]> = /* @__PURE__ */ route("POST /webinars/{id}/agents");

/**
 * `POST /webinars/{id}/hosts`: attaches a host (the same email again renames).
 *
 * @example
 * await webinarsAddHost(client, id, { name: "Ann", email: "ann@example.com" })
 */
export const webinarsAddHost: CallOf<WebinarsResource["addHost"]> = /* @__PURE__ */ route("POST /webinars/{id}/hosts");

/** `DELETE /webinars/{id}/agents/{personId}`. @example await webinarsRemoveAgent(client, id, agent.id) */
export const webinarsRemoveAgent: CallOf<WebinarsResource["removeAgent"]> = /* @__PURE__ */ route("DELETE /webinars/{id}/agents/{personId}");

/** `DELETE /webinars/{id}/hosts/{personId}`. @example await webinarsRemoveHost(client, id, host.id) */
export const webinarsRemoveHost: CallOf<WebinarsResource["removeHost"]> = /* @__PURE__ */ route("DELETE /webinars/{id}/hosts/{personId}");

/** `POST /stream/webinar/coorganizer`. @example await webinarsAddCoOrganizer(client, { webinarId, tenantId, name, email }) */
export const webinarsAddCoOrganizer: CallOf<WebinarsResource["addCoOrganizer"]> = /* @__PURE__ */ route("POST /stream/webinar/coorganizer");

/** `GET /webinar/export`: CSV text. @example const csv = await webinarsExport(client, { type: "registrants", webinarID }) */
export const webinarsExport: CallOf<WebinarsResource["export"]> = (client, query) =>
  fetcherOf(client)("GET", "/webinar/export", query, { responseType: "text" });

/**
 * `POST /webinar/create`: schedules an event of a timeline.
 *
 * @example
 * const { success } = await webinarsCreate(client, { webinarTimeline, start: "2025-03-01T18:00", timeZone: "Europe/Paris" })
 */
export const webinarsCreate: CallOf<WebinarsResource["create"]> = /* @__PURE__ */ route("POST /webinar/create");

/**
 * `POST /webinar/reschedule` (design): moves one upcoming event (of a series: only that event) to a
 * new start, keeping its length; its scheduled actions follow. Answers the event as it is now.
 *
 * @example
 * const { success } = await webinarsReschedule(client, { webinarID, startTime: "2026-05-11T10:00-07:00" })
 */
export const webinarsReschedule: CallOf<WebinarsResource["reschedule"]> = /* @__PURE__ */ route("POST /webinar/reschedule");

/** `POST /webinar/delete` (form). @example await webinarsDelete(client, { webinarID, isRecurring: false }) */
export const webinarsDelete: CallOf<WebinarsResource["delete"]> = /* @__PURE__ */ route("POST /webinar/delete form", toForm);

/** `GET /recurring[?wtl=]`: recurring series. @example await webinarsRecurring(client, wtl) */
export const webinarsRecurring: CallOf<WebinarsResource["recurring"]> = /* @__PURE__ */ route("GET /recurring =wtl");

/** `DELETE /recurring/{id}`. @example await webinarsDeleteRecurring(client, uniqueID) */
export const webinarsDeleteRecurring: CallOf<WebinarsResource["deleteRecurring"]> = /* @__PURE__ */ route("DELETE /recurring/{id}");

/**
 * `POST /analytics/attendance`; rejects with `AnalyticsTimeoutError` ("timeout") on 524 or no
 * `registrants`.
 *
 * @example
 * const stats = await webinarsAttendance(client, { webinarTimeline, period: "30d" })
 */
export const webinarsAttendance: CallOf<WebinarsResource["attendance"]> = (client, body) =>
  analytics(fetcherOf(client).raw("POST", "/analytics/attendance", body));

/** `POST /analytics/breakdown`; like `attendance`, "timeout" on 524 or no `registrants`. @example await webinarsBreakdown(client, "7d") */
export const webinarsBreakdown: CallOf<WebinarsResource["breakdown"]> = (client, period) =>
  analytics(fetcherOf(client).raw("POST", "/analytics/breakdown", { period }));

/**
 * `GET /webinars/{id}/delivery` (design, issue 17): the event's session on Zoom, GoTo Webinar or
 * YouTube Live — its state, the platform's words when it refused, registrations by state and the
 * newest delivery-log lines; `platform: null`, `status: "none"` for other platforms.
 *
 * @example
 * const { success: delivery } = await webinarsDelivery(client, id)
 * if (delivery.status === "refused") alert(delivery.message)
 */
export const webinarsDelivery: CallOf<WebinarsResource["delivery"]> = /* @__PURE__ */ route("GET /webinars/{id}/delivery");

/**
 * `GET /webinars/{id}/delivery/youtube` (design, issue 17; needs `webinars:write`): the event's
 * broadcast as YouTube has it now, with the encoder's ingest address and secret stream key.
 * YouTube's refusal comes as `message` (still 200); 404 before the broadcast exists.
 *
 * @example
 * const { success: broadcast } = await webinarsDeliveryYoutube(client, id)
 * obs.configure(broadcast.ingestionAddress, broadcast.streamName)
 */
export const webinarsDeliveryYoutube: CallOf<WebinarsResource["deliveryYoutube"]> = /* @__PURE__ */ route("GET /webinars/{id}/delivery/youtube");

/** Webinars (events) and their analytics (spec §7 "Webinars"). */
export const webinars = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): WebinarsResource =>
  group<WebinarsResource>(call, {
    list: webinarsList,
    listByTimeline: webinarsListByTimeline,
    upcoming: webinarsUpcoming,
    status: webinarsStatus,
    updateVisibility: webinarsUpdateVisibility,
    get: webinarsGet,
    agents: webinarsAgents,
    hosts: webinarsHosts,
    addAgent: webinarsAddAgent,
    addHost: webinarsAddHost,
    removeAgent: webinarsRemoveAgent,
    removeHost: webinarsRemoveHost,
    addCoOrganizer: webinarsAddCoOrganizer,
    export: webinarsExport,
    create: webinarsCreate,
    reschedule: webinarsReschedule,
    delete: webinarsDelete,
    recurring: webinarsRecurring,
    deleteRecurring: webinarsDeleteRecurring,
    attendance: webinarsAttendance,
    breakdown: webinarsBreakdown,
    delivery: webinarsDelivery,
    deliveryYoutube: webinarsDeliveryYoutube,
  });
