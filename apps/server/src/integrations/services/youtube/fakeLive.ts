/*
 * YouTube Live's broadcasts and streams on loopback (the part of the Data API v3 delivery uses),
 * written from Google's public reference; requests checked as documented (method, path, `part`,
 * the bearer token, the required body fields), answers in the documented shapes:
 * - LiveBroadcasts: insert — https://developers.google.com/youtube/v3/live/docs/liveBroadcasts/insert
 *   (`POST /youtube/v3/liveBroadcasts?part=…`; `snippet.title`, `snippet.scheduledStartTime` and
 *   `status.privacyStatus` required; the liveBroadcast resource back, `status.lifeCycleStatus`
 *   `created`; 403 `liveStreamingNotEnabled` "The user is not enabled for live streaming.")
 * - LiveStreams: insert — https://developers.google.com/youtube/v3/live/docs/liveStreams/insert
 *   (`POST /youtube/v3/liveStreams?part=…`; `snippet.title`, `cdn.frameRate`, `cdn.ingestionType`,
 *   `cdn.resolution` required; the liveStream resource back with `cdn.ingestionInfo.{streamName,
 *   ingestionAddress, backupIngestionAddress, rtmpsIngestionAddress}`, `status.streamStatus` `ready`)
 * - LiveBroadcasts: bind — https://developers.google.com/youtube/v3/live/docs/liveBroadcasts/bind
 *   (`POST /youtube/v3/liveBroadcasts/bind?id=&part=&streamId=`, no body; the broadcast back with
 *   `contentDetails.boundStreamId`; 404 `liveBroadcastNotFound`, `liveStreamNotFound`)
 * - LiveBroadcasts: update — https://developers.google.com/youtube/v3/live/docs/liveBroadcasts/update
 *   (`PUT /youtube/v3/liveBroadcasts?part=snippet`; the body's `id`, and with `snippet` its
 *   `title` and `scheduledStartTime`; 404 `liveBroadcastNotFound`)
 * - LiveBroadcasts: delete — https://developers.google.com/youtube/v3/live/docs/liveBroadcasts/delete
 *   (`DELETE /youtube/v3/liveBroadcasts?id=`; 204 No Content; 404 `liveBroadcastNotFound`)
 * - LiveBroadcasts: list — https://developers.google.com/youtube/v3/live/docs/liveBroadcasts/list
 *   (`GET /youtube/v3/liveBroadcasts?part=…&id=`; `youtube#liveBroadcastListResponse`, `items`
 *   with `status.lifeCycleStatus` and `contentDetails.boundStreamId`)
 * - LiveStreams: list — https://developers.google.com/youtube/v3/live/docs/liveStreams/list
 *   (`GET /youtube/v3/liveStreams?part=…&id=`; `youtube#liveStreamListResponse`)
 * - Errors — https://developers.google.com/youtube/v3/docs/errors (`{ error: { code, message,
 *   errors: [{ domain, reason, message }] } }`; 403 `quotaExceeded` "The request cannot be
 *   completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.")
 * - Refreshing an access token — https://developers.google.com/identity/protocols/oauth2/web-server#offline
 *   (in fake.ts: `POST /token`, `grant_type=refresh_token`; `{ access_token, expires_in, scope,
 *   token_type }`, no new refresh token)
 */
import type { FakeAnswer, ReceivedRequest } from "../../test-support/fakeService.js";
import { startFakeYouTube, type FakeYouTube } from "./fake.js";

export interface LiveBroadcastRecord {
  id: string;
  title: string;
  description: string;
  scheduledStartTime: string;
  scheduledEndTime?: string;
  privacyStatus: string;
  lifeCycleStatus: string;
  boundStreamId?: string;
  deleted: boolean;
}

export interface LiveStreamRecord {
  id: string;
  title: string;
  streamName: string;
  streamStatus: string;
}

export interface FakeYouTubeLive extends FakeYouTube {
  live: Map<string, LiveBroadcastRecord>;
  streams: Map<string, LiveStreamRecord>;
  /** The channel is not enabled for live streaming: inserting a broadcast is refused. */
  liveStreamingNotEnabled: boolean;
  /** The project's daily quota is spent: every call is refused with `quotaExceeded`. */
  quotaExceeded: boolean;
  /** Routes (`"POST /youtube/v3/liveStreams"`) answering 503 `backendError` until cleared. */
  unavailable: Set<string>;
}

const error = (code: number, reason: string, message: string, domain = "youtube.liveBroadcast"): FakeAnswer => ({
  status: code,
  json: { error: { code, message, errors: [{ domain, reason, message }] } },
});

const required = (field: string) => error(400, "required", `Required parameter: ${field}`, "global");
const parts = (request: ReceivedRequest) => request.query.getAll("part").flatMap((value) => value.split(",")).filter(Boolean);
const BROADCAST_NOT_FOUND = error(404, "liveBroadcastNotFound", "Broadcast not found");

/** A Google account with a YouTube channel able to stream live, signed in through `good-code` to `token`. */
export async function startFakeYouTubeLive(token: string, clientId: string): Promise<FakeYouTubeLive> {
  const fake = Object.assign(await startFakeYouTube(token, clientId), {
    live: new Map<string, LiveBroadcastRecord>(),
    streams: new Map<string, LiveStreamRecord>(),
    liveStreamingNotEnabled: false,
    quotaExceeded: false,
    unavailable: new Set<string>(),
  }) as FakeYouTubeLive;
  let sequence = 0;
  const nextId = (prefix: string) => `${prefix}${String(++sequence).padStart(8, "0")}`;

  const broadcastResource = (b: LiveBroadcastRecord) => ({
    kind: "youtube#liveBroadcast",
    etag: `etag-${b.id}`,
    id: b.id,
    snippet: {
      channelId: fake.channel?.id ?? "",
      title: b.title,
      description: b.description,
      scheduledStartTime: b.scheduledStartTime,
      ...(b.scheduledEndTime && { scheduledEndTime: b.scheduledEndTime }),
      isDefaultBroadcast: false,
      liveChatId: `chat-${b.id}`,
    },
    status: { lifeCycleStatus: b.lifeCycleStatus, privacyStatus: b.privacyStatus, recordingStatus: "notRecording", selfDeclaredMadeForKids: false },
    contentDetails: { ...(b.boundStreamId && { boundStreamId: b.boundStreamId }), enableEmbed: true, enableAutoStart: true, enableAutoStop: true, recordFromStart: true },
  });
  const streamResource = (s: LiveStreamRecord) => ({
    kind: "youtube#liveStream",
    etag: `etag-${s.id}`,
    id: s.id,
    snippet: { channelId: fake.channel?.id ?? "", title: s.title, description: "", isDefaultStream: false },
    cdn: {
      ingestionType: "rtmp",
      ingestionInfo: {
        streamName: s.streamName,
        ingestionAddress: "rtmp://a.rtmp.youtube.com/live2",
        backupIngestionAddress: "rtmp://b.rtmp.youtube.com/live2?backup=1",
        rtmpsIngestionAddress: "rtmps://a.rtmps.youtube.com/live2",
      },
      resolution: "variable",
      frameRate: "variable",
    },
    status: { streamStatus: s.streamStatus, healthStatus: { status: "noData" } },
    contentDetails: { isReusable: false },
  });

  /** Checks what every call needs: the token, a quota left, a `part`. */
  const live = (answer: (request: ReceivedRequest) => FakeAnswer) => (request: ReceivedRequest) => {
    if (request.headers.authorization !== `Bearer ${token}`) {
      return error(401, "authError", "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.", "global");
    }
    if (fake.quotaExceeded) {
      return error(403, "quotaExceeded", 'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.', "youtube.quota");
    }
    if (fake.unavailable.has(`${request.method} ${request.path}`)) return error(503, "backendError", "Backend Error", "global");
    if (request.method !== "DELETE" && parts(request).length === 0) return required("part");
    return answer(request);
  };
  const found = (id: string | null) => {
    const b = id ? fake.live.get(id) : undefined;
    return b && !b.deleted ? b : undefined;
  };

  fake.on({
    "POST /youtube/v3/liveBroadcasts": live((request) => {
      const body = request.data as { snippet?: Partial<LiveBroadcastRecord>; status?: { privacyStatus?: string } } | undefined;
      if (!body?.snippet?.title) return required("snippet.title");
      if (!body.snippet.scheduledStartTime || Number.isNaN(Date.parse(body.snippet.scheduledStartTime))) return required("snippet.scheduledStartTime");
      if (!["private", "public", "unlisted"].includes(body.status?.privacyStatus ?? "")) return error(400, "invalidPrivacyStatus", "Invalid privacy status.");
      if (fake.liveStreamingNotEnabled) return error(403, "liveStreamingNotEnabled", "The user is not enabled for live streaming.");
      const b: LiveBroadcastRecord = {
        id: nextId("bc"),
        title: body.snippet.title,
        description: body.snippet.description ?? "",
        scheduledStartTime: body.snippet.scheduledStartTime,
        ...(body.snippet.scheduledEndTime && { scheduledEndTime: body.snippet.scheduledEndTime }),
        privacyStatus: body.status?.privacyStatus ?? "",
        lifeCycleStatus: "created",
        deleted: false,
      };
      fake.live.set(b.id, b);
      return { json: broadcastResource(b) };
    }),
    "POST /youtube/v3/liveStreams": live((request) => {
      const body = request.data as { snippet?: { title?: string }; cdn?: { frameRate?: string; ingestionType?: string; resolution?: string } } | undefined;
      if (!body?.snippet?.title) return required("snippet.title");
      if (!body.cdn?.frameRate) return required("cdn.frameRate");
      if (!["dash", "hls", "rtmp"].includes(body.cdn.ingestionType ?? "")) return required("cdn.ingestionType");
      if (!body.cdn.resolution) return required("cdn.resolution");
      const s: LiveStreamRecord = { id: nextId("st"), title: body.snippet.title, streamName: `abcd-efgh-${String(sequence).padStart(4, "0")}-wxyz`, streamStatus: "ready" };
      fake.streams.set(s.id, s);
      return { json: streamResource(s) };
    }),
    "POST /youtube/v3/liveBroadcasts/bind": live((request) => {
      const b = found(request.query.get("id"));
      if (!b) return BROADCAST_NOT_FOUND;
      const streamId = request.query.get("streamId");
      if (streamId && !fake.streams.has(streamId)) return error(404, "liveStreamNotFound", "Stream not found");
      if (streamId) b.boundStreamId = streamId;
      else delete b.boundStreamId;
      if (b.boundStreamId) b.lifeCycleStatus = "ready";
      return { json: broadcastResource(b) };
    }),
    "PUT /youtube/v3/liveBroadcasts": live((request) => {
      const body = request.data as { id?: string; snippet?: Partial<LiveBroadcastRecord> } | undefined;
      if (!body?.id) return required("id");
      const b = found(body.id);
      if (!b) return BROADCAST_NOT_FOUND;
      if (parts(request).includes("snippet")) {
        if (!body.snippet?.title) return required("snippet.title");
        if (!body.snippet.scheduledStartTime) return required("snippet.scheduledStartTime");
        b.title = body.snippet.title;
        b.description = body.snippet.description ?? ""; // update replaces the part: a field left out is cleared
        b.scheduledStartTime = body.snippet.scheduledStartTime;
        if (body.snippet.scheduledEndTime) b.scheduledEndTime = body.snippet.scheduledEndTime;
        else delete b.scheduledEndTime;
      }
      return { json: broadcastResource(b) };
    }),
    "DELETE /youtube/v3/liveBroadcasts": live((request) => {
      const b = found(request.query.get("id"));
      if (!b) return BROADCAST_NOT_FOUND;
      b.deleted = true;
      return { status: 204 };
    }),
    "GET /youtube/v3/liveBroadcasts": live((request) => {
      const id = request.query.get("id");
      const mine = request.query.get("mine") === "true";
      if (Number(Boolean(id)) + Number(mine) !== 1) return error(400, "incompatibleParameters", "The request specifies incompatible parameters.", "youtube.parameter");
      const items = id ? id.split(",").flatMap((one) => found(one) ?? []) : [...fake.live.values()].filter((b) => !b.deleted);
      return { json: { kind: "youtube#liveBroadcastListResponse", etag: "etag-list", pageInfo: { totalResults: items.length, resultsPerPage: 5 }, items: items.map(broadcastResource) } };
    }),
    "GET /youtube/v3/liveStreams": live((request) => {
      const id = request.query.get("id");
      if (!id) return error(400, "incompatibleParameters", "The request specifies incompatible parameters.", "youtube.parameter");
      const items = id.split(",").flatMap((one) => fake.streams.get(one) ?? []);
      return { json: { kind: "youtube#liveStreamListResponse", etag: "etag-streams", pageInfo: { totalResults: items.length, resultsPerPage: 5 }, items: items.map(streamResource) } };
    }),
  });
  return fake;
}
