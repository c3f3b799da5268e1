/*
 * GoTo's Admin API "me", the GoTo Webinar 2.0 REST API and GoTo's OAuth token endpoint on
 * loopback, written from GoTo's public developer pages (requests checked as documented):
 * - Admin API, the signed-in user — https://goto-developer.logmein.com/guides/GoToConnect/09_HOW_fetchAccountUsers/
 *   (`GET https://api.getgo.com/admin/rest/v1/me`, `Authorization: Bearer {accessToken}`,
 *   `Accept: application/json`; the user with `key`, `email`, names and `accounts: [{ key, name }]`)
 * - GoTo Webinar 2.0 REST API — https://goto-developer.logmeininc.com/content/gotowebinar-api-reference-v2
 *   ("userKey and organizerKey contain the same value"; webinars of an organizer in a date range:
 *   `GET /G2W/rest/v2/organizers/{organizerKey}/webinars?fromTime=&toTime=&page=&size=`, both
 *   times required ISO 8601 UTC, page from 0, size 20 by default; `{ _embedded: { webinars: [{
 *   webinarKey, subject, times: [{ startTime, endTime }], … }] }, page: { size, totalElements,
 *   totalPages, number } }`)
 * - OAuth — https://authentication.logmeininc.com/oauth/token (form `grant_type=authorization_code`,
 *   `code`, `redirect_uri`, HTTP Basic client_id:client_secret; `{ access_token, token_type,
 *   refresh_token, expires_in, … }`;
 *   refreshing: form `grant_type=refresh_token`, `refresh_token`, the same answer)
 * - Webinars created, moved, cancelled, registrants, attendees: fakeWebinars.ts
 * An invalid token is refused with HTTP 401 (its body is not relied on).
 */
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";
import { serveGoToWebinars, type GoToWebinarRecord } from "./fakeWebinars.js";

export const GOTO_USER_KEY = "7410852963012587413";

export interface GoToWebinarItem {
  webinarKey: string;
  subject: string;
  startTime: string;
}

export interface FakeGoTo extends FakeService {
  webinars: GoToWebinarItem[];
  /** Webinars created through the API, by webinarKey (fakeWebinars.ts). */
  created: Map<string, GoToWebinarRecord>;
}

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

/** Ada (ada@example.com), organizer `GOTO_USER_KEY`, signed in through `good-code` to `token`. */
export async function startFakeGoTo(token: string, clientId: string): Promise<FakeGoTo> {
  const webinars: GoToWebinarItem[] = [];
  const signedIn = (answer: (request: ReceivedRequest) => FakeAnswer) => (request: ReceivedRequest) =>
    request.headers.authorization === `Bearer ${token}` ? answer(request) : { status: 401, json: { description: "Invalid token" } };
  const service = await startFakeService({
    "POST /oauth/token": (request) => {
      const basic = `Basic ${Buffer.from(`${clientId}:${clientId.replace("-client", "-secret")}`).toString("base64")}`;
      if (request.headers.authorization !== basic) return { status: 401, json: { error: "invalid_client" } };
      const form = request.data as Record<string, string>;
      if (form.grant_type === "refresh_token") {
        if (form.refresh_token !== "goto-refresh") return { status: 400, json: { error: "invalid_grant" } };
        return { json: { access_token: token, token_type: "Bearer", refresh_token: "goto-refresh", expires_in: 3600 } };
      }
      const access = form.code === "good-code" ? token : form.code === "expired-code" ? "goto-expired-token" : undefined;
      if (form.grant_type !== "authorization_code" || !access) return { status: 400, json: { error: "invalid_grant" } };
      return { json: { access_token: access, token_type: "Bearer", refresh_token: "goto-refresh", expires_in: 3600 } };
    },
    "GET /admin/rest/v1/me": signedIn(() => ({
      json: {
        key: GOTO_USER_KEY,
        email: "ada@example.com",
        firstName: "Ada",
        lastName: "Lovelace",
        locale: "en_US",
        timeZone: "America/Los_Angeles",
        accounts: [{ key: "8887380153236031176710", name: "Analytical Engines" }],
      },
    })),
    [`GET /G2W/rest/v2/organizers/${GOTO_USER_KEY}/webinars`]: signedIn((request) => {
      const from = request.query.get("fromTime") ?? "";
      const to = request.query.get("toTime") ?? "";
      if (!ISO_UTC.test(from) || !ISO_UTC.test(to)) return { status: 400, json: { errorCode: "InvalidRequest", description: "fromTime and toTime are required" } };
      const size = Number(request.query.get("size") ?? "20");
      const number = Number(request.query.get("page") ?? "0");
      const inRange = webinars.filter((w) => w.startTime >= from && w.startTime <= to);
      const totalPages = Math.ceil(inRange.length / size);
      const slice = inRange.slice(number * size, (number + 1) * size);
      return {
        json: {
          _embedded: {
            webinars: slice.map((w) => ({
              webinarKey: w.webinarKey,
              subject: w.subject,
              organizerKey: GOTO_USER_KEY,
              times: [{ startTime: w.startTime, endTime: w.startTime }],
            })),
          },
          page: { size, totalElements: inRange.length, totalPages, number },
        },
      };
    }),
  });
  return Object.assign(service, { webinars, created: serveGoToWebinars(service, signedIn, GOTO_USER_KEY) });
}
