import * as v from "valibot";
import type { YouTubeBroadcastState } from "@cuepoint/sdk";
import { defineRoute } from "../../http/route.js";
import { notFound } from "../../http/errors.js";
import { ServiceError } from "../../integrations/serviceCall.js";
import { platformContext } from "../drivers.js";
import { ownEventSession } from "../ownEventSession.js";
import { youtubeDriver } from "./youtubeDriver.js";

const BroadcastAnswer = v.object({
  success: v.object({
    broadcastId: v.string(),
    /** The broadcast on YouTube (YouTube Studio's page of it), for the host. */
    studioUrl: v.string(),
    lifeCycleStatus: v.string(),
    privacyStatus: v.string(),
    streamStatus: v.string(),
    ingestionAddress: v.string(),
    backupIngestionAddress: v.string(),
    streamName: v.string(),
    /** YouTube's words when it could not be asked (an expired sign-in, the quota), else "". */
    message: v.string(),
  }),
});

/**
 * `GET /webinars/{id}/delivery/youtube`: the event's broadcast as YouTube has it now (asked at each
 * call: liveBroadcasts.list, then liveStreams.list for the bound stream) — its life cycle (created,
 * ready, testing, live, complete, revoked) and the RTMP address and stream key the host's encoder
 * sends to. YouTube's refusal is answered as `message` (200), so the console says it in YouTube's words.
 */
const broadcast = defineRoute({
  method: "GET",
  path: "/webinars/:id/delivery/youtube",
  operationId: "webinars.deliveryYoutube",
  tag: "Webinars",
  summary: "The event's YouTube Live broadcast: its state, ingest address and stream key",
  description:
    "Design (issue 17). For an event whose timeline is delivered on YouTube Live and whose broadcast was created " +
    "(see `GET /webinars/{id}/delivery`): `lifeCycleStatus` as YouTube reports it, `streamStatus` of the bound " +
    "stream, and where the encoder sends (`ingestionAddress`, secret `streamName`). 404 for an event not of the " +
    "account or without a YouTube broadcast yet. Needs `webinars:write`: the key lets anyone broadcast to the event.",
  access: "webinars:write",
  answer: { description: "The broadcast as YouTube has it now.", schema: BroadcastAnswer },
  async handle({ params, caller, deps }) {
    const { orm } = deps.db;
    const { session } = await ownEventSession(orm, caller.accountId, params.id ?? "");
    if (!session || session.platform !== "youtube" || !session.remoteId || session.status === "cancelled") {
      throw notFound("This webinar has no YouTube Live broadcast (yet): see its delivery state.");
    }
    const answer: YouTubeBroadcastState = {
      broadcastId: session.remoteId,
      studioUrl: `https://studio.youtube.com/video/${encodeURIComponent(session.remoteId)}/livestreaming`,
      lifeCycleStatus: "",
      privacyStatus: "",
      streamStatus: "",
      ingestionAddress: "",
      backupIngestionAddress: "",
      streamName: "",
      message: "",
    };
    try {
      const ctx = await platformContext(orm, session, deps.config.now);
      const state = await youtubeDriver.state(ctx, session.remoteId);
      if (!state) return { success: { ...answer, message: "YouTube Live no longer has this broadcast: it was deleted on YouTube." } };
      return { success: { ...answer, ...state } };
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      return { success: { ...answer, message: error.message } };
    }
  },
});

/** The YouTube Live routes (listed with the delivery routes). */
export const youtubeRoutes = [broadcast];
