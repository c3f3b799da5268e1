import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

/**
 * Google Calendar API v3 and Google's OAuth token endpoint on loopback, written from Google's
 * reference (requests checked as documented, answers and error bodies in the documented shapes):
 * - CalendarList: list — https://developers.google.com/workspace/calendar/api/v3/reference/calendarList/list
 *   (`GET /calendar/v3/users/me/calendarList`, `maxResults` ≤ 250, `minAccessRole`, `pageToken`,
 *   `{ kind: "calendar#calendarList", etag, nextPageToken?, items: [calendarList resource] }`)
 * - Events: insert — https://developers.google.com/workspace/calendar/api/v3/reference/events/insert
 *   (`POST /calendar/v3/calendars/{calendarId}/events`, `sendUpdates` all | externalOnly | none,
 *   `start` and `end` required, the Events resource answered)
 * - Events: get — https://developers.google.com/workspace/calendar/api/v3/reference/events/get
 * - The Events resource — https://developers.google.com/workspace/calendar/api/v3/reference/events
 *   (a client-chosen `id`: base32hex characters `a-v0-9`, 5 to 1024 of them, unique per calendar;
 *   a deleted event stays, `status: "cancelled"`)
 * - Errors — https://developers.google.com/workspace/calendar/api/guides/errors
 *   (`{ error: { errors: [{ domain, reason, message, … }], code, message } }`: 400, 401 Invalid
 *   Credentials, 403 requiredAccessLevel, 404 Not Found, 409 "The requested identifier already
 *   exists.", 500 Backend Error)
 * - OAuth 2.0 for web server apps — https://developers.google.com/identity/protocols/oauth2/web-server
 *   (`POST https://oauth2.googleapis.com/token`, form `grant_type`, `code`, `client_id`,
 *   `client_secret`, `redirect_uri`; `{ access_token, expires_in, refresh_token, scope, token_type }`)
 */

export type AccessRole = "freeBusyReader" | "reader" | "writer" | "owner";

export interface FakeCalendar {
  id: string;
  summary: string;
  accessRole: AccessRole;
  primary?: boolean;
  summaryOverride?: string;
}

export interface GoogleCalendarFake extends FakeService {
  /** Inserted events by `${calendarId}/${eventId}`, as Google keeps them. */
  events: Map<string, Record<string, unknown>>;
  /** The next insert is stored, then answered 500 Backend Error: an answer lost on the way. */
  loseNextInsertAnswer(): void;
  /** Deletes an event as Google does: it stays, cancelled (its id is still taken). */
  cancel(calendarId: string, eventId: string): void;
  /** Deletes a calendar: its events collection answers 404 Not Found from now on. */
  deleteCalendar(calendarId: string): void;
}

const ROLES: readonly AccessRole[] = ["freeBusyReader", "reader", "writer", "owner"];
const EVENT_ID = /^[a-v0-9]{5,1024}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const googleError = (code: number, reason: string, message: string, extra: Record<string, string> = {}): FakeAnswer => ({
  status: code,
  json: { error: { errors: [{ domain: code === 400 ? "calendar" : "global", reason, message, ...extra }], code, message } },
});
const INVALID_CREDENTIALS = googleError(401, "authError", "Invalid Credentials", { locationType: "header", location: "Authorization" });
const NOT_FOUND = googleError(404, "notFound", "Not Found");

/**
 * Starts the fake. `tokens` maps authorization codes to the access token the token endpoint
 * grants for them; `valid` are the tokens the API accepts (a granted token left out stands for
 * one the person revoked).
 */
export async function startGoogleCalendarFake(input: {
  tokens: Record<string, string>;
  valid: readonly string[];
  calendars: readonly FakeCalendar[];
  clientId: string;
}): Promise<GoogleCalendarFake> {
  const events = new Map<string, Record<string, unknown>>();
  let loseAnswer = false;
  const authorized = (request: ReceivedRequest) => {
    const [scheme, token] = String(request.headers.authorization ?? "").split(" ");
    return scheme === "Bearer" && token !== undefined && input.valid.includes(token);
  };
  const writable = (calendar: FakeCalendar) => ROLES.indexOf(calendar.accessRole) >= ROLES.indexOf("writer");

  const calendarList = (request: ReceivedRequest): FakeAnswer => {
    if (!authorized(request)) return INVALID_CREDENTIALS;
    const max = Number(request.query.get("maxResults") ?? 100);
    if (!Number.isInteger(max) || max < 1 || max > 250) return googleError(400, "invalid", "Invalid value for: maxResults", { locationType: "parameter", location: "maxResults" });
    const minimum = request.query.get("minAccessRole") as AccessRole | null;
    if (minimum && !ROLES.includes(minimum)) return googleError(400, "invalid", "Invalid value for: minAccessRole", { locationType: "parameter", location: "minAccessRole" });
    const shown = input.calendars.filter((c) => !minimum || ROLES.indexOf(c.accessRole) >= ROLES.indexOf(minimum));
    const from = Number(request.query.get("pageToken") ?? 0);
    const items = shown.slice(from, from + max).map((c) => ({ kind: "calendar#calendarListEntry", etag: `"e-${c.id}"`, timeZone: "UTC", ...c }));
    const next = from + max < shown.length ? { nextPageToken: String(from + max) } : { nextSyncToken: "sync-1" };
    return { json: { kind: "calendar#calendarList", etag: '"list"', ...next, items } };
  };

  const insert = (calendar: FakeCalendar) => (request: ReceivedRequest): FakeAnswer => {
    if (!authorized(request)) return INVALID_CREDENTIALS;
    if (!writable(calendar)) return googleError(403, "requiredAccessLevel", "You need to have writer access to this calendar.");
    const sendUpdates = request.query.get("sendUpdates");
    if (sendUpdates && !["all", "externalOnly", "none"].includes(sendUpdates)) {
      return googleError(400, "invalidParameter", "Invalid value for: sendUpdates", { locationType: "parameter", location: "sendUpdates" });
    }
    if (!String(request.headers["content-type"]).startsWith("application/json")) return googleError(400, "parseError", "Parse Error");
    const body = request.data as Record<string, unknown> & {
      id?: string;
      start?: { dateTime?: string };
      end?: { dateTime?: string };
      attendees?: Array<{ email?: string }>;
    };
    if (!body.start?.dateTime) return googleError(400, "required", "Missing start time.");
    if (!body.end?.dateTime) return googleError(400, "required", "Missing end time.");
    if (Date.parse(body.end.dateTime) <= Date.parse(body.start.dateTime)) return googleError(400, "timeRangeEmpty", "The specified time range is empty.");
    if (body.attendees?.some((a) => !a.email || !EMAIL.test(a.email))) return googleError(400, "invalid", "Invalid attendee email.");
    const id = body.id ?? `gen${events.size + 10000}`;
    if (!EVENT_ID.test(id)) return googleError(400, "invalid", "Invalid resource id value.");
    const key = `${calendar.id}/${id}`;
    if (events.has(key)) return googleError(409, "duplicate", "The requested identifier already exists.");
    const stored = {
      kind: "calendar#event",
      etag: `"${events.size + 1}"`,
      ...body,
      id,
      status: "confirmed",
      htmlLink: `https://www.google.com/calendar/event?eid=${id}`,
      created: "2024-03-01T00:00:00.000Z",
      updated: "2024-03-01T00:00:00.000Z",
      creator: { email: calendar.id, self: true },
      organizer: { email: calendar.id, displayName: calendar.summary, self: true },
      iCalUID: `${id}@google.com`,
      sequence: 0,
      attendees: (body.attendees ?? []).map((a) => ({ ...a, responseStatus: "needsAction" })),
      eventType: "default",
    };
    events.set(key, stored);
    service.on({ [`GET ${eventsPath(calendar.id)}/${id}`]: (r) => (authorized(r) ? { json: events.get(key) } : INVALID_CREDENTIALS) });
    if (loseAnswer) {
      loseAnswer = false;
      return googleError(500, "backendError", "Backend Error");
    }
    return { json: stored };
  };

  const routes = {
    "POST /token": (request: ReceivedRequest): FakeAnswer => {
      const form = request.data as Record<string, string>;
      if (form.client_id !== input.clientId || !form.client_secret) return { status: 401, json: { error: "invalid_client", error_description: "Unauthorized" } };
      const token = form.grant_type === "authorization_code" ? input.tokens[form.code ?? ""] : undefined;
      if (!token || !form.redirect_uri) return { status: 400, json: { error: "invalid_grant", error_description: "Bad Request" } };
      return {
        json: { access_token: token, expires_in: 3599, refresh_token: `refresh-${token}`, scope: "https://www.googleapis.com/auth/calendar", token_type: "Bearer" },
      };
    },
    "GET /calendar/v3/users/me/calendarList": calendarList,
    ...Object.fromEntries(input.calendars.map((calendar) => [`POST ${eventsPath(calendar.id)}`, insert(calendar)])),
  };
  const service = await startFakeService(routes);
  return {
    ...service,
    events,
    loseNextInsertAnswer: () => {
      loseAnswer = true;
    },
    cancel(calendarId, eventId) {
      const event = events.get(`${calendarId}/${eventId}`);
      if (event) event.status = "cancelled";
    },
    deleteCalendar(calendarId) {
      service.on({ [`POST ${eventsPath(calendarId)}`]: (r) => (authorized(r) ? NOT_FOUND : INVALID_CREDENTIALS) });
    },
  };
}

/** The events collection of a calendar as the client writes it (the id URL-encoded). */
export const eventsPath = (calendarId: string): string => `/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events`;
