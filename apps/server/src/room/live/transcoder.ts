import { spawn } from "node:child_process";
import { join } from "node:path";
import type { StreamSink } from "./ingest.js";

/** The live profile: 1-second segments, a keyframe every second, the last few segments listed. */
export const LIVE_SEGMENT_SECONDS = 1;
export const LIVE_LIST_SIZE = 6;
/** The media playlist ffmpeg keeps in a run's folder. */
export const LIVE_PLAYLIST = "index.m3u8";
/** A stream that backs up this much in ffmpeg's input (it cannot keep up) is ended rather than held in memory. */
const MAX_BACKLOG_BYTES = 64 * 1024 * 1024;
const STDERR_TAIL = 2000;

/**
 * ffmpeg's arguments for one publish: the encoder's FLV on stdin, two outputs.
 * 1. The room's HLS: H.264 (libx264 `veryfast`, `zerolatency`: no B-frames, no look-ahead) at most
 *    720 lines, CRF 23 capped at 3 Mb/s, a keyframe every second exactly (`-force_key_frames`,
 *    `-sc_threshold 0`) so every segment is 1 s and starts with one; AAC stereo 48 kHz. `-hls_time 1`,
 *    6 segments listed, older ones deleted (`delete_segments`), `independent_segments`, and
 *    `temp_file` so a reader never sees a half-written playlist or segment.
 * 2. The recording: the encoder's own streams copied (no second encode) into fragmented MP4, which
 *    stays readable however the stream stops.
 *
 * @example
 * liveFfmpegArgs("/media/acc/live/ev/run", "/media/acc/rec.mp4");
 */
export function liveFfmpegArgs(hlsDir: string, recordingPath: string): string[] {
  const gop = `expr:gte(t,n_forced*${LIVE_SEGMENT_SECONDS})`;
  return [
    ...["-hide_banner", "-loglevel", "error", "-nostdin"],
    ...["-f", "flv", "-i", "pipe:0"],
    ...["-map", "0:v:0", "-map", "0:a:0?"],
    ...["-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency", "-profile:v", "main", "-pix_fmt", "yuv420p"],
    ...["-vf", "scale=-2:'min(720,ih)'", "-force_key_frames", gop, "-sc_threshold", "0"],
    ...["-crf", "23", "-maxrate", "3000k", "-bufsize", "3000k"],
    ...["-c:a", "aac", "-b:a", "128k", "-ar", "48000", "-ac", "2"],
    ...["-f", "hls", "-hls_time", String(LIVE_SEGMENT_SECONDS), "-hls_list_size", String(LIVE_LIST_SIZE)],
    ...["-hls_flags", "delete_segments+independent_segments+temp_file"],
    ...["-hls_segment_filename", join(hlsDir, "%05d.ts"), join(hlsDir, LIVE_PLAYLIST)],
    ...["-map", "0:v:0", "-map", "0:a:0?", "-c", "copy"],
    ...["-f", "mp4", "-movflags", "+frag_keyframe+empty_moov+default_base_moof", recordingPath],
  ];
}

export interface Transcoder extends StreamSink {
  /** Bytes received so far. */
  readonly received: number;
  /** Resolves when ffmpeg has exited: `null` when it ended cleanly, else what it said. */
  readonly done: Promise<string | null>;
}

/**
 * Runs ffmpeg for one publish (arguments as an array, never through a shell). `end()` closes its
 * input, so it writes the playlist's ENDLIST and the recording's last fragment and exits.
 */
export function startTranscoder(ffmpeg: string, hlsDir: string, recordingPath: string): Transcoder {
  const child = spawn(ffmpeg, liveFfmpegArgs(hlsDir, recordingPath), { stdio: ["pipe", "ignore", "pipe"] });
  let stderr = "";
  let received = 0;
  let ended = false;
  child.stderr.on("data", (piece: Buffer) => (stderr = (stderr + piece.toString()).slice(-STDERR_TAIL)));
  // A write after ffmpeg died fails here, not as an uncaught error; `done` says why it died.
  child.stdin.on("error", () => undefined);
  const done = new Promise<string | null>((resolve) => {
    child.on("error", (error) => resolve(`ffmpeg could not be started: ${error.message}`));
    child.on("close", (code, signal) => resolve(code === 0 ? null : stderr.trim().split("\n").slice(-3).join(" ") || `ffmpeg ended (${signal ?? code})`));
  });
  const end = () => {
    if (ended) return;
    ended = true;
    child.stdin.end();
  };
  return {
    get received() {
      return received;
    },
    done,
    write(flv) {
      if (ended) return;
      received += flv.length;
      if (child.stdin.writableLength > MAX_BACKLOG_BYTES) {
        stderr += "\nThe server could not keep up with the stream.";
        ended = true;
        child.kill("SIGKILL");
        return;
      }
      child.stdin.write(flv);
    },
    end,
  };
}
