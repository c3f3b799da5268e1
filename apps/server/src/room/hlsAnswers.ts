import { airedSegmentCount, playbackPositionAt, roomViewAt, type RoomEntry } from "@cuepoint/sdk";
import { errorBody, notFound } from "../http/errors.js";
import type { MediaStore } from "../media/store.js";
import { masterPlaylist, mediaPlaylist } from "./playlists.js";
import { programRendition, segmentKey, type Program } from "../events/program.js";
import type { RoomState } from "./roomState.js";

/**
 * After the live part ends, its playlist stays listable this long (every segment, with ENDLIST), so
 * players still in the room reach the last frame; later only the replay serves the video.
 */
export const LIVE_GRACE_MS = 5 * 60_000;

/** What may be watched now through `entry`: the live part so far, the whole live part just ended, the replay, or nothing. */
export type HlsAccess = { kind: "live"; position: number } | { kind: "ended" } | { kind: "replay" } | null;

export function hlsAccess(room: Pick<RoomState, "timing">, entry: RoomEntry, now: number): HlsAccess {
  const view = roomViewAt(room.timing, now, entry);
  if (entry === "replay") return view.phase === "replay" ? { kind: "replay" } : null;
  if (now < view.startsAt) return null;
  if (now < view.endsAt) return { kind: "live", position: playbackPositionAt(room.timing, now) };
  // After the end: the live link keeps its whole list while the replay runs, or for the grace.
  return now < view.endsAt + LIVE_GRACE_MS || view.phase === "replay" ? { kind: "ended" } : null;
}

const NOT_NOW = "The video of this event cannot be watched now.";

const playlistAnswer = (text: string) =>
  new Response(text, {
    headers: {
      "Content-Type": "application/vnd.apple.mpegurl",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });

function programOf(room: RoomState): Program {
  if (!room.program) throw notFound("This event has no playable video.");
  return room.program;
}

export function hlsMaster(room: RoomState, entry: RoomEntry, now: number): Response {
  const program = programOf(room);
  if (!hlsAccess(room, entry, now)) throw notFound(NOT_NOW);
  return playlistAnswer(masterPlaylist(program, entry));
}

/** A rendition's playlist: aired segments only while live (the playlist is the clock). */
export function hlsMediaPlaylist(room: RoomState, name: string, entry: RoomEntry, now: number): Response {
  const program = programOf(room);
  const rendition = programRendition(program, name);
  if (!rendition) throw notFound("There is no such rendition.");
  const access = hlsAccess(room, entry, now);
  if (!access) throw notFound(NOT_NOW);
  if (access.kind === "live") {
    const count = airedSegmentCount(rendition.durations, access.position);
    return playlistAnswer(mediaPlaylist(program, rendition, { kind: "live", count, startSeconds: access.position }));
  }
  return playlistAnswer(mediaPlaylist(program, rendition, { kind: access.kind }));
}

/** Segment `n` of a rendition: 404 until it has aired (live), outside the room and its replay. */
export async function hlsSegment(
  store: MediaStore,
  room: RoomState,
  name: string,
  file: string,
  entry: RoomEntry,
  now: number,
): Promise<Response> {
  const program = programOf(room);
  const rendition = programRendition(program, name);
  const match = /^(\d{1,6})\.ts$/.exec(file);
  if (!rendition || !match) throw notFound("There is no such segment.");
  const n = Number(match[1]);
  const access = hlsAccess(room, entry, now);
  if (!access) throw notFound(NOT_NOW);
  const listed = access.kind === "live" ? airedSegmentCount(rendition.durations, access.position) : rendition.durations.length;
  if (n >= listed) {
    // Said without caching: the same address answers 200 once the segment has aired.
    return Response.json(errorBody("This part of the video has not been shown yet."), {
      status: 404,
      headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
    });
  }
  const key = segmentKey(rendition, n);
  const size = key === undefined ? undefined : await store.size(key);
  if (key === undefined || size === undefined) throw notFound("There is no such segment.");
  return new Response(size === 0 ? null : store.read(key), {
    headers: {
      "Content-Type": "video/mp2t",
      "Content-Length": String(size),
      // An aired segment never changes (its store path is unique to the encoding run).
      "Cache-Control": "private, max-age=86400, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The poster: from the waiting room on, while the room or its replay can be watched. */
export async function hlsPoster(store: MediaStore, room: RoomState, now: number): Promise<Response> {
  const program = programOf(room);
  const view = roomViewAt(room.timing, now, "join");
  const watchable = now >= view.opensAt && (now < view.endsAt + LIVE_GRACE_MS || hlsAccess(room, "replay", now) !== null);
  const size = program.poster ? await store.size(program.poster) : undefined;
  if (!watchable || !program.poster || size === undefined) throw notFound("There is no poster for this event now.");
  return new Response(store.read(program.poster), {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(size),
      "Cache-Control": "private, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
