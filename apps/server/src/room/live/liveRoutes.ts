import * as v from "valibot";
import { LiveStreamSchema, type LiveStream } from "@cuepoint/sdk";
import type { AppDeps } from "../../deps.js";
import { defineRoute } from "../../http/route.js";
import { loadConsoleRoom } from "../console/consoleEvent.js";
import { eventRuns, isLiveStreamed, liveStateOf, replaceStreamKey, streamKeyOf } from "./liveEvent.js";
import { defaultIngestURL } from "./liveSettings.js";

const tag = "Live console";
const NOTE =
  "`:id` is the webinar event id; another account's event answers 404. An event is broadcast live when its " +
  "timeline is a live webinar (`eventType` live-webinar) on Cuepoint's own platform with no video: the host's " +
  "encoder (OBS or any RTMP encoder) publishes to `ingestUrl` with `streamKey`; attendees watch it in the room. " +
  "See apps/server/src/room/live/README.md.";

async function answer(deps: AppDeps, accountId: string, id: string, fresh: boolean): Promise<LiveStream> {
  const { orm } = deps.db;
  const room = await loadConsoleRoom(orm, accountId, id);
  const ingestUrl = deps.config.liveIngestURL ?? defaultIngestURL(deps.config.publicURL, 1935);
  const streamed = isLiveStreamed(room.general);
  if (!streamed) return { streamed, ingestUrl, streamKey: null, state: "waiting", runs: [] };
  const streamKey = fresh ? await replaceStreamKey(orm, accountId, room.event.id) : await streamKeyOf(orm, accountId, room.event.id);
  const runs = await eventRuns(orm, accountId, room.event.id);
  return {
    streamed,
    ingestUrl,
    streamKey,
    state: liveStateOf(runs.at(-1), deps.config.now().getTime()),
    runs: runs.map((run) => ({
      id: run.id,
      startedAt: run.startedAt.toISOString(),
      endedAt: run.endedAt?.toISOString() ?? null,
      recordingMediaId: run.recordingMediaId,
      error: run.error,
    })),
  };
}

const get = defineRoute({
  method: "GET",
  path: "/webinars/:id/live",
  operationId: "live.get",
  tag,
  summary: "The event's RTMP ingest address, secret stream key and stream state",
  description:
    `${NOTE} The key is made on first call. \`state\`: waiting (nothing published yet), receiving (a publish under ` +
    "way), ended (the last one has ended). `runs`: each publish, with its recording (a video of the media library, " +
    "the event's replay) once stored. Needs `webinars:write`: the key lets anyone broadcast to the event.",
  access: "webinars:write",
  answer: { description: "The event's live stream.", schema: v.object({ success: LiveStreamSchema }) },
  async handle({ params, caller, deps }) {
    return { success: await answer(deps, caller.accountId, params.id ?? "", false) };
  },
});

const newKey = defineRoute({
  method: "POST",
  path: "/webinars/:id/live/key",
  operationId: "live.newKey",
  tag,
  summary: "Replace the event's stream key",
  description: `${NOTE} The old key stops working for new publishes at once; a publish under way goes on.`,
  access: "webinars:write",
  answer: { description: "The event's live stream with its new key.", schema: v.object({ success: LiveStreamSchema }) },
  async handle({ params, caller, deps }) {
    return { success: await answer(deps, caller.accountId, params.id ?? "", true) };
  },
});

/** The host's live stream of an event (below /api/webinars/{id}/live). */
export const liveRoutes = [get, newKey];
