import type { ProbedVideo } from "./probe.js";

/**
 * Every segment carries AAC audio, so a room can join videos with and without sound (intro, main,
 * outro) into one stream: a silent upload gets silence from ffmpeg's `anullsrc` as a second input,
 * as long as the video. Answers the extra input arguments and the audio map for `-map`.
 */
export function audioInput(probed: ProbedVideo): { args: string[]; map: string } {
  if (probed.audio) return { args: [], map: "0:a:0" };
  return {
    args: ["-f", "lavfi", "-t", probed.durationSeconds.toFixed(3), "-i", "anullsrc=channel_layout=stereo:sample_rate=48000"],
    map: "1:a:0",
  };
}

/** Arguments every ffmpeg run starts with: no stdin, errors only on stderr, never overwrite. */
export const QUIET = ["-nostdin", "-hide_banner", "-v", "error", "-n"];

/** Progress as `key=value` blocks on stdout (read by `followProgress`), no stats line on stderr. */
export const PROGRESS = ["-progress", "pipe:1", "-nostats"];

/** HLS output options shared by the repackage and the ladder: 6 s VOD segments named 00000.ts. */
export const HLS_OUTPUT = ["-f", "hls", "-hls_time", "6", "-hls_playlist_type", "vod", "-hls_segment_type", "mpegts", "-start_number", "0"];
