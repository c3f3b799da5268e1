import { readFile } from "node:fs/promises";
import type { RoomEntry, RoomSnapshot } from "@cuepoint/sdk";
import { errorBody, notFound } from "../../http/errors.js";
import type { MediaStore } from "../../media/store.js";
import { hlsAccess } from "../hlsAnswers.js";
import { liveStateOf } from "./liveEvent.js";
import type { LiveRoom } from "./liveRoom.js";
import { LIVE_PLAYLIST } from "./transcoder.js";

/**
 * The room's live playlist and segments of a broadcast event, below the room's per-event HLS path
 * (`/api/public/room/{token}/hls/live.m3u8`, `…/hls/live/{n}.ts?run=`): only through a registrant's
 * personal link, only in the live part (and its 5-minute grace), as the simulated-live video is.
 */
export const LIVE_PLAYLIST_NAME = "live.m3u8";
export const LIVE_RENDITION = "live";

const NOT_NOW = "The video of this event cannot be watched now.";
const NOT_STARTED = "The host has not started the stream yet.";
const SEGMENT = /^\d{5}\.ts$/;

const headers = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
const notYet = (message: string) => Response.json(errorBody(message), { status: 404, headers });

interface LiveAnswerRoom {
  timing: Parameters<typeof hlsAccess>[0]["timing"];
  live: LiveRoom;
}

function checkAccess(room: LiveAnswerRoom, entry: RoomEntry, now: number) {
  const access = entry === "join" ? hlsAccess(room, "join", now) : null;
  if (!access || access.kind === "replay") throw notFound(NOT_NOW);
}

/**
 * The latest run's playlist as ffmpeg keeps it (a sliding window of 1-second segments; ENDLIST once
 * the host stopped), its segment names turned into this route's paths. 404 before the first publish.
 */
export async function liveMediaPlaylist(store: MediaStore, room: LiveAnswerRoom, entry: RoomEntry, now: number): Promise<Response> {
  checkAccess(room, entry, now);
  const run = room.live.run;
  if (!run) return notYet(NOT_STARTED);
  let text: string;
  try {
    text = await readFile(store.localPath(`${run.hlsKey}/${LIVE_PLAYLIST}`), "utf8");
  } catch {
    return notYet(NOT_STARTED); // ffmpeg writes it once the first segment is complete
  }
  const lines = text.split("\n").map((line) => (SEGMENT.test(line.trim()) ? `${LIVE_RENDITION}/${line.trim()}?run=${run.id}` : line));
  return new Response(lines.join("\n"), {
    headers: { ...headers, "Content-Type": "application/vnd.apple.mpegurl" },
  });
}

/** A segment of the latest run; one the window has dropped (or of another run) is gone: 404. */
export async function liveSegment(store: MediaStore, room: LiveAnswerRoom, file: string, runId: string | undefined, entry: RoomEntry, now: number): Promise<Response> {
  checkAccess(room, entry, now);
  const run = room.live.run;
  if (!run || run.id !== runId || !SEGMENT.test(file)) throw notFound("There is no such segment.");
  const key = `${run.hlsKey}/${file}`;
  const size = await store.size(key);
  if (size === undefined) throw notFound("There is no such segment.");
  return new Response(size === 0 ? null : store.read(key), {
    headers: {
      "Content-Type": "video/mp2t",
      "Content-Length": String(size),
      // A segment never changes once listed (temp_file: written under another name, then renamed).
      "Cache-Control": "private, max-age=60, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The snapshot's `video` of a live-streamed event in the waiting room and the live part. */
export const liveVideoOf = (live: LiveRoom, api: string, now: number): NonNullable<RoomSnapshot["video"]> => ({
  playlistUrl: `${api}/hls/${LIVE_PLAYLIST_NAME}`,
  posterUrl: null,
  durationSeconds: 0,
  hlsScriptUrl: "/room-hls.js",
  stream: liveStateOf(live.run ?? undefined, now),
});
