import { youtube, type youtube_v3 } from "@googleapis/youtube";
import type { YouTubeBroadcastState } from "@cuepoint/sdk";
import { serviceTimeoutMs } from "../../integrations/endpoints.js";
import { ServiceError } from "../../integrations/serviceCall.js";
import { googleFailure } from "../../integrations/services/googlecalendar/api.js";
import type { ServiceContext } from "../../integrations/services/types.js";
import { isoSeconds, type SessionDriver, type SessionPlan } from "../platform.js";

/** The origin of the player the room embeds (YouTube's privacy-enhanced mode: no cookies until play). */
export const YOUTUBE_EMBED_ORIGIN = "https://www.youtube-nocookie.com";

/** The room's embed of a broadcast: muted autoplay (browsers refuse sound), inline on phones, no suggestions from other channels. */
export const youtubeEmbedUrl = (broadcastId: string): string =>
  `${YOUTUBE_EMBED_ORIGIN}/embed/${encodeURIComponent(broadcastId)}?autoplay=1&mute=1&playsinline=1&rel=0`;

/** Quota and rate refusals pass (the quota resets daily): tried again later rather than kept as final. */
const LATER = new Set(["quotaExceeded", "rateLimitExceeded", "userRateLimitExceeded", "backendError"]);

/**
 * Google's own YouTube Data API v3 client (`@googleapis/youtube`), pointed at `rootUrl` =
 * `https://www.googleapis.com/` rebased by `CUEPOINT_YOUTUBE_BASE_URL`, with the integration's
 * OAuth token (refreshed first when it is about to expire); no retries of its own (the delivery
 * sweep retries), the integrations' timeout, redirects not followed.
 */
async function youtubeApi(ctx: ServiceContext): Promise<youtube_v3.Youtube> {
  const token = await ctx.accessToken();
  return youtube({
    version: "v3",
    rootUrl: ctx.url("https://www.googleapis.com/"),
    headers: { authorization: `Bearer ${token}` },
    retry: false,
    timeout: serviceTimeoutMs(),
    fetchImplementation: (input, init) => fetch(input, { ...init, redirect: "manual" }),
  });
}

/** Google's `errors[0].reason` of a failed call, when it answered one. */
function reasonOf(error: unknown): string {
  const data = (error as { response?: { data?: { error?: { errors?: Array<{ reason?: string }> } } } }).response?.data;
  return data?.error?.errors?.[0]?.reason ?? "";
}

/** One call: its answer, or a ServiceError in YouTube's words (`refused`, or `unreachable` to try later). */
async function call<T>(ctx: ServiceContext, request: (api: youtube_v3.Youtube) => Promise<{ data: T }>): Promise<T> {
  const api = await youtubeApi(ctx);
  try {
    return (await request(api)).data;
  } catch (error) {
    const failure = googleFailure(ctx.label, error);
    if (failure.kind === "unreachable") throw new ServiceError(failure.words, "unreachable");
    const later = failure.status >= 500 || failure.status === 429 || LATER.has(reasonOf(error));
    // Google's words may carry markup (the quota message links its guide): the host reads text.
    const words = failure.words.replace(/<[^>]*>/g, "");
    throw new ServiceError(`${ctx.label} answered: ${words}`, later ? "unreachable" : "refused", failure.status);
  }
}

/** The broadcast's snippet: the event's title, description, start and planned end. */
const snippetOf = (plan: SessionPlan): youtube_v3.Schema$LiveBroadcastSnippet => ({
  title: plan.topic.slice(0, 100), // YouTube's title limit
  description: plan.description.replace(/[<>]/g, "").slice(0, 5000),
  scheduledStartTime: isoSeconds(plan.startsAt),
  scheduledEndTime: isoSeconds(new Date(plan.startsAt.getTime() + plan.minutes * 60_000)),
});

/**
 * What YouTube says of a broadcast: its life cycle and where the encoder sends the stream — the SDK's
 * answer (`GET /webinars/{id}/delivery/youtube`) without what Cuepoint adds (its id, Studio link, message).
 */
export type BroadcastState = Omit<YouTubeBroadcastState, "broadcastId" | "studioUrl" | "message">;

/**
 * YouTube Live (README.md): an unlisted broadcast per event with its own stream (insert both, then
 * bind), auto-started and auto-stopped by the stream; a reschedule updates the broadcast's snippet;
 * a delete deletes it. YouTube has no registrants: attendees watch the embedded broadcast in
 * Cuepoint's room, so chat, offers and attendance stay Cuepoint's.
 */
export const youtubeDriver: SessionDriver & { state(ctx: ServiceContext, broadcastId: string): Promise<BroadcastState | null> } = {
  platform: "youtube",
  noun: "broadcast",
  async create(ctx, plan) {
    const broadcast = await call(ctx, (api) =>
      api.liveBroadcasts.insert({
        part: ["snippet", "status", "contentDetails"],
        requestBody: {
          snippet: snippetOf(plan),
          status: { privacyStatus: "unlisted", selfDeclaredMadeForKids: false },
          contentDetails: { enableAutoStart: true, enableAutoStop: true, enableEmbed: true, recordFromStart: true, enableDvr: true },
        },
      }),
    );
    const remoteId = broadcast.id ?? "";
    try {
      const stream = await call(ctx, (api) =>
        api.liveStreams.insert({
          part: ["snippet", "cdn", "contentDetails"],
          requestBody: {
            snippet: { title: plan.topic.slice(0, 128) },
            cdn: { ingestionType: "rtmp", resolution: "variable", frameRate: "variable" },
            contentDetails: { isReusable: false },
          },
        }),
      );
      await call(ctx, (api) => api.liveBroadcasts.bind({ id: remoteId, streamId: stream.id ?? "", part: ["id", "contentDetails"] }));
    } catch (error) {
      // The retry inserts a new broadcast: this one is deleted so the channel keeps no stray ones (best effort).
      await call(ctx, (api) => api.liveBroadcasts.delete({ id: remoteId })).catch(() => undefined);
      throw error;
    }
    return { remoteId };
  },
  async move(ctx, session, plan) {
    await call(ctx, (api) => api.liveBroadcasts.update({ part: ["snippet"], requestBody: { id: session.remoteId, snippet: snippetOf(plan) } }));
  },
  async cancel(ctx, session) {
    try {
      await call(ctx, (api) => api.liveBroadcasts.delete({ id: session.remoteId }));
    } catch (error) {
      // liveBroadcastNotFound: deleted in YouTube Studio already.
      if (!(error instanceof ServiceError && error.status === 404)) throw error;
    }
  },
  /** The broadcast's life cycle and its bound stream's ingestion (null: YouTube no longer has it). */
  async state(ctx, broadcastId) {
    const broadcasts = await call(ctx, (api) => api.liveBroadcasts.list({ part: ["status", "contentDetails"], id: [broadcastId] }));
    const broadcast = broadcasts.items?.[0];
    if (!broadcast) return null;
    const streamId = broadcast.contentDetails?.boundStreamId;
    const stream = streamId ? (await call(ctx, (api) => api.liveStreams.list({ part: ["cdn", "status"], id: [streamId] }))).items?.[0] : undefined;
    const ingestion = stream?.cdn?.ingestionInfo;
    return {
      lifeCycleStatus: broadcast.status?.lifeCycleStatus ?? "",
      privacyStatus: broadcast.status?.privacyStatus ?? "",
      streamStatus: stream?.status?.streamStatus ?? "",
      ingestionAddress: ingestion?.ingestionAddress ?? "",
      backupIngestionAddress: ingestion?.backupIngestionAddress ?? "",
      streamName: ingestion?.streamName ?? "",
    };
  },
};
