/*
 * The YouTube Data API v3 (the parts Cuepoint reads) and Google's OAuth token endpoint on
 * loopback, written from Google's public reference (requests checked as documented):
 * - Channels: list — https://developers.google.com/youtube/v3/docs/channels/list
 *   (`GET /youtube/v3/channels?part=snippet&mine=true`, `part` required, exactly one filter;
 *   `{ kind: "youtube#channelListResponse", etag, pageInfo, items: [{ kind: "youtube#channel", id,
 *   snippet: { title, … } }] }`; a Google account without a channel answers no items)
 * - LiveBroadcasts: list — https://developers.google.com/youtube/v3/live/docs/liveBroadcasts/list
 *   (`GET /youtube/v3/liveBroadcasts?part=snippet&mine=true`, `maxResults` 0–50 (default 5),
 *   `pageToken`; `{ kind: "youtube#liveBroadcastListResponse", nextPageToken?, items: [{ id,
 *   snippet: { title, scheduledStartTime, … } }] }`)
 * - Errors — https://developers.google.com/youtube/v3/docs/errors (`{ error: { code, message,
 *   errors: [{ domain, reason, message }], status } }`; an invalid token: 401 "Request had invalid
 *   authentication credentials. …", UNAUTHENTICATED)
 * - OAuth 2.0 for web server apps — https://developers.google.com/identity/protocols/oauth2/web-server
 *   (`POST https://oauth2.googleapis.com/token`, form `grant_type`, `code`, `client_id`,
 *   `client_secret`, `redirect_uri`; `{ access_token, expires_in, refresh_token, scope, token_type }`;
 *   refreshing: form `grant_type=refresh_token`, `refresh_token`, `client_id`, `client_secret`;
 *   `{ access_token, expires_in, scope, token_type }` — https://developers.google.com/identity/protocols/oauth2/web-server#offline)
 */
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

export interface FakeBroadcast {
  id: string;
  title: string;
  scheduledStartTime: string;
}

export interface FakeYouTube extends FakeService {
  /** The signed-in account's channel (null: a Google account without a YouTube channel). */
  channel: { id: string; title: string } | null;
  broadcasts: FakeBroadcast[];
}

const googleError = (code: number, status: string, reason: string, message: string): FakeAnswer => ({
  status: code,
  json: { error: { code, message, errors: [{ domain: "global", reason, message }], status } },
});

const UNAUTHENTICATED = googleError(
  401,
  "UNAUTHENTICATED",
  "authError",
  "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
);

/** A Google account signed in through `good-code` to `token`, with the channel "Ada's Webinars". */
export async function startFakeYouTube(token: string, clientId: string): Promise<FakeYouTube> {
  const broadcasts: FakeBroadcast[] = [];
  const fake: FakeYouTube = Object.assign(await startFakeService(), {
    channel: { id: "UC_x5XG1OV2P6uZZ5FSM9Ttw", title: "Ada's Webinars" } as FakeYouTube["channel"],
    broadcasts,
  });
  const signedIn = (answer: (request: ReceivedRequest) => FakeAnswer) => (request: ReceivedRequest) =>
    request.headers.authorization === `Bearer ${token}` ? answer(request) : UNAUTHENTICATED;
  fake.on({
    "POST /token": (request) => {
      const form = request.data as Record<string, string>;
      if (form.client_id !== clientId || form.client_secret !== clientId.replace("-client", "-secret")) {
        return { status: 401, json: { error: "invalid_client", error_description: "The OAuth client was not found." } };
      }
      // Refreshing (the same endpoint, `grant_type=refresh_token`): a new access token, no new refresh token.
      if (form.grant_type === "refresh_token") {
        if (form.refresh_token !== "1//yt-refresh") return { status: 400, json: { error: "invalid_grant", error_description: "Token has been expired or revoked." } };
        return { json: { access_token: token, expires_in: 3599, scope: "https://www.googleapis.com/auth/youtube", token_type: "Bearer" } };
      }
      const access = form.code === "good-code" ? token : form.code === "revoked-code" ? "ya29.revoked" : undefined;
      if (form.grant_type !== "authorization_code" || !access) return { status: 400, json: { error: "invalid_grant", error_description: "Bad Request" } };
      return { json: { access_token: access, expires_in: 3599, refresh_token: "1//yt-refresh", scope: "https://www.googleapis.com/auth/youtube", token_type: "Bearer" } };
    },
    "GET /youtube/v3/channels": signedIn((request) => {
      if (!request.query.get("part")) return googleError(400, "INVALID_ARGUMENT", "required", "Required parameter: part");
      if (request.query.get("mine") !== "true") return googleError(400, "INVALID_ARGUMENT", "missingRequiredParameter", "No filter selected.");
      const channel = fake.channel;
      return {
        json: {
          kind: "youtube#channelListResponse",
          etag: "etag-1",
          pageInfo: { totalResults: channel ? 1 : 0, resultsPerPage: 5 },
          items: channel ? [{ kind: "youtube#channel", etag: "etag-2", id: channel.id, snippet: { title: channel.title, description: "" } }] : [],
        },
      };
    }),
    "GET /youtube/v3/liveBroadcasts": signedIn((request) => {
      if (request.query.get("part") !== "snippet" || request.query.get("mine") !== "true") {
        return googleError(400, "INVALID_ARGUMENT", "incompatibleParameters", "The request specifies incompatible parameters.");
      }
      const size = Number(request.query.get("maxResults") ?? "5");
      if (!Number.isInteger(size) || size < 0 || size > 50) return googleError(400, "INVALID_ARGUMENT", "invalidValue", "Invalid value for maxResults.");
      const from = Number(request.query.get("pageToken") || "0");
      const next = from + size < broadcasts.length ? String(from + size) : undefined;
      return {
        json: {
          kind: "youtube#liveBroadcastListResponse",
          ...(next && { nextPageToken: next }),
          items: broadcasts.slice(from, from + size).map((b) => ({
            kind: "youtube#liveBroadcast",
            id: b.id,
            snippet: { title: b.title, scheduledStartTime: b.scheduledStartTime },
          })),
        },
      };
    }),
  });
  return fake;
}
