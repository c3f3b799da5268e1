/*
 * Zoom's REST API v2 and its OAuth token endpoint on loopback, written from Zoom's public reference
 * (requests checked as documented, answers and error bodies in the documented shapes):
 * - Users: Get a user — https://developers.zoom.us/docs/api/users/#tag/users/GET/users/{userId}
 *   (`GET /v2/users/me` with the user's OAuth token: `{ id, first_name, last_name, display_name,
 *   email, type, pmi, timezone, account_id, status, … }`)
 * - Meetings: List meetings — https://developers.zoom.us/docs/api/meetings/#tag/meetings/GET/users/{userId}/meetings
 *   (`type` scheduled | live | upcoming | upcoming_meetings | previous_meetings, `page_size` ≤ 300,
 *   `next_page_token`; `{ page_size, total_records, next_page_token, meetings: [{ id, uuid, topic,
 *   start_time, duration, timezone, join_url, … }] }`)
 * - Webinars: List webinars — https://developers.zoom.us/docs/api/meetings/#tag/webinars/GET/users/{userId}/webinars
 *   (`page_size` ≤ 300, `next_page_token`; `{ …, webinars: [{ id, uuid, topic, start_time, … }] }`;
 *   an account without the webinar plan: 400 `{ code: 200, message: "Webinar plan is missing. …" }`)
 * - Errors — https://developers.zoom.us/docs/api/using-zoom-apis/#error-handling
 *   (`{ code, message }`; an invalid or expired token: 401 `{ code: 124, message: "Invalid access token." }`)
 * - OAuth — https://developers.zoom.us/docs/integrations/oauth/ (`POST https://zoom.us/oauth/token`,
 *   HTTP Basic client_id:client_secret, form `grant_type=authorization_code`, `code`,
 *   `redirect_uri`; `{ access_token, token_type: "bearer", refresh_token, expires_in, scope }`;
 *   refreshing: form `grant_type=refresh_token`, `refresh_token`, the same answer)
 * - Webinars and meetings created, moved, cancelled, registrants, participants reports: fakeWebinars.ts
 */
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";
import { serveZoomWebinars, type ZoomWebinarRecord } from "./fakeWebinars.js";

export interface ZoomItem {
  id: number;
  topic: string;
  start_time: string;
}

export interface FakeZoom extends FakeService {
  /** The meetings and webinars of the signed-in user (the token's). */
  meetings: ZoomItem[];
  webinars: ZoomItem[];
  /** Answer the webinar list (and webinar creation) as an account without the webinar plan. */
  noWebinarPlan: boolean;
  /** Answer webinar creation 503, as Zoom down would (a platform outage: Cuepoint retries later). */
  unavailable: boolean;
  /** Webinars created through the API, by id (fakeWebinars.ts): their registrants, capacity, report. */
  created: Map<string, ZoomWebinarRecord>;
  /** Meetings created through the API, by id, alike. */
  createdMeetings: Map<string, ZoomWebinarRecord>;
}

const zoomError = (status: number, code: number, message: string): FakeAnswer => ({ status, json: { code, message } });

/** One page of `items` by Zoom's `page_size` and `next_page_token` (the token is the next offset here). */
function page(request: ReceivedRequest, items: ZoomItem[], key: "meetings" | "webinars"): FakeAnswer {
  const size = Number(request.query.get("page_size") ?? "30");
  if (!Number.isInteger(size) || size < 1 || size > 300) return zoomError(400, 300, "Invalid field.");
  const from = Number(request.query.get("next_page_token") || "0");
  const next = from + size < items.length ? String(from + size) : "";
  return { json: { page_size: size, total_records: items.length, next_page_token: next, [key]: items.slice(from, from + size) } };
}

/**
 * A Zoom user, Ada (ada@example.com), signed in through `code` `good-code` to the access token
 * `token`; `expired-code` gives a token Zoom refuses as invalid. `clientIds`: the OAuth apps
 * (`<id>` with the secret `<id>` ending in `-secret` instead of `-client`).
 */
export async function startFakeZoom(token: string, clientIds: readonly string[]): Promise<FakeZoom> {
  const meetings: ZoomItem[] = [];
  const webinars: ZoomItem[] = [];
  const fake: FakeZoom = Object.assign(await startFakeService(), { meetings, webinars, noWebinarPlan: false, unavailable: false, created: new Map(), createdMeetings: new Map() });
  const signedIn = (answer: (request: ReceivedRequest) => FakeAnswer) => (request: ReceivedRequest) =>
    request.headers.authorization === `Bearer ${token}` ? answer(request) : zoomError(401, 124, "Invalid access token.");
  fake.on({
    "POST /oauth/token": (request) => {
      const apps = clientIds.map((id) => `Basic ${Buffer.from(`${id}:${id.replace("-client", "-secret")}`).toString("base64")}`);
      if (!apps.includes(request.headers.authorization ?? "")) return { status: 401, json: { reason: "Invalid client_id or client_secret", error: "invalid_client" } };
      const form = request.data as Record<string, string>;
      // Refreshing (the same endpoint, `grant_type=refresh_token`): a new access token for the grant's refresh token.
      if (form.grant_type === "refresh_token") {
        if (form.refresh_token !== "zoom-refresh") return { status: 400, json: { reason: "Invalid Token!", error: "invalid_request" } };
        return { json: { access_token: token, token_type: "bearer", refresh_token: "zoom-refresh", expires_in: 3599, scope: "user:read meeting:read webinar:read webinar:write report:read" } };
      }
      if (form.grant_type !== "authorization_code" || !form.redirect_uri) return { status: 400, json: { reason: "Invalid request", error: "invalid_request" } };
      const access = form.code === "good-code" ? token : form.code === "expired-code" ? "zoom-expired-token" : undefined;
      if (!access) return { status: 400, json: { reason: "Invalid authorization code", error: "invalid_grant" } };
      return { json: { access_token: access, token_type: "bearer", refresh_token: "zoom-refresh", expires_in: 3599, scope: "user:read meeting:read webinar:read" } };
    },
    "GET /v2/users/me": signedIn(() => ({
      json: {
        id: "KDcuGIm1QgePTO8WbOqwIQ",
        first_name: "Ada",
        last_name: "Lovelace",
        display_name: "Ada Lovelace",
        email: "ada@example.com",
        type: 2,
        timezone: "America/Los_Angeles",
        account_id: "Sh1CwqwwSrCP0vEdiDNk6Q",
        status: "active",
      },
    })),
    "GET /v2/users/me/meetings": signedIn((request) => {
      const type = request.query.get("type") ?? "scheduled";
      if (!["scheduled", "live", "upcoming", "upcoming_meetings", "previous_meetings"].includes(type)) return zoomError(400, 300, "Invalid field.");
      return page(request, meetings, "meetings");
    }),
    "GET /v2/users/me/webinars": signedIn((request) =>
      fake.noWebinarPlan
        ? zoomError(400, 200, "Webinar plan is missing. You must subscribe to the webinar plan and enable webinar for this user in order to perform this action.")
        : page(request, webinars, "webinars"),
    ),
  });
  fake.created = serveZoomWebinars(fake, signedIn, () => fake);
  fake.createdMeetings = serveZoomWebinars(fake, signedIn, () => fake, "meetings");
  return fake;
}
