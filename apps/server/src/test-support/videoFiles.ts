import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface SyntheticVideo {
  /** Seconds of picture (ffmpeg's testsrc2) and, unless `audio` is false, of a sine tone. */
  seconds: number;
  width?: number;
  height?: number;
  fps?: number;
  /** The video codec, in an MP4 (the one video container uploads take): H.264 + AAC, or MPEG-4 part 2 + MP3. */
  codec?: "h264" | "mpeg4";
  audio?: boolean;
  /** H.264 only: a keyframe every this many seconds (what a camera or screen recorder might do). */
  keyframeSeconds?: number;
}

const CODEC_ARGS = {
  h264: ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"],
  mpeg4: ["-c:v", "mpeg4", "-c:a", "libmp3lame"],
} as const;

/**
 * A small real MP4 video made by ffmpeg (Debian's, on the PATH), for tests that encode. Kept tiny
 * so the suites stay fast.
 *
 * @example
 * const bytes = await syntheticVideo({ seconds: 4, width: 320, height: 180 });
 */
export async function syntheticVideo(spec: SyntheticVideo): Promise<Uint8Array<ArrayBuffer>> {
  const { seconds, width = 320, height = 180, fps = 15, codec = "h264", audio = true } = spec;
  const dir = await mkdtemp(join(tmpdir(), "cuepoint-video-"));
  const output = join(dir, "video.mp4");
  try {
    const keyframes = codec === "h264" && spec.keyframeSeconds ? ["-g", String(Math.round(spec.keyframeSeconds * fps))] : [];
    await run("ffmpeg", [
      "-nostdin", "-v", "error",
      "-f", "lavfi", "-i", `testsrc2=size=${width}x${height}:rate=${fps}`,
      ...(audio ? ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100"] : []),
      "-t", String(seconds),
      ...CODEC_ARGS[codec].filter((arg, i, all) => audio || !(arg.startsWith("-c:a") || all[i - 1] === "-c:a")),
      ...keyframes,
      output,
    ]);
    return await readBytes(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** An MP4 holding only AAC audio (a sine tone): a file with no video stream. */
export async function audioOnlyMp4(seconds: number): Promise<Uint8Array<ArrayBuffer>> {
  const dir = await mkdtemp(join(tmpdir(), "cuepoint-audio-"));
  const output = join(dir, "audio.mp4");
  try {
    await run("ffmpeg", ["-nostdin", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=440", "-t", String(seconds), "-c:a", "aac", output]);
    return await readBytes(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function readBytes(path: string): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await readFile(path);
  return new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}
