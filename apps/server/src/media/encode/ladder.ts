import { join } from "node:path";
import { audioInput, HLS_OUTPUT, PROGRESS, QUIET } from "./audioInput.js";
import type { ProbedVideo } from "./probe.js";
import { PLAYLIST } from "./rendition.js";

/** One rung of the ladder: its name, the short side of its picture, its bit-rate caps. */
export interface Rung {
  name: "360p" | "720p" | "1080p";
  /** Lines on the picture's short side (the height of a landscape video). */
  lines: number;
  /** x264's VBV cap (bits/s): CRF 23 below it, so a slide deck costs little and motion stays bounded. */
  maxRate: number;
  audioRate: number;
}

export const RUNGS: readonly Rung[] = [
  { name: "360p", lines: 360, maxRate: 900_000, audioRate: 96_000 },
  { name: "720p", lines: 720, maxRate: 3_000_000, audioRate: 128_000 },
  { name: "1080p", lines: 1080, maxRate: 6_000_000, audioRate: 128_000 },
];

/**
 * The rungs a video gets: 360p always (upscaled from a smaller source, so every video has one),
 * 720p when the source has at least 720 lines, 1080p only when asked for (`highDefinition`) and the
 * source has at least 1080. No rung is made above the source's own size otherwise.
 *
 * @example
 * ladderFor({ width: 1920, height: 1080 }, false).map((r) => r.name); // ["360p", "720p"]
 */
export function ladderFor(size: Pick<ProbedVideo, "width" | "height">, highDefinition: boolean): Rung[] {
  const lines = Math.min(size.width, size.height);
  return RUNGS.filter((rung) => rung.lines === 360 || (rung.lines <= lines && (rung.lines < 1080 || highDefinition)));
}

/** The largest AAC stream the ladder copies as it is (bits/s): above it the audio is encoded for each rung. */
export const COPIED_AUDIO_MAX_RATE = 192_000;

/**
 * Whether the ladder may copy the upload's audio into every rung instead of encoding it once per
 * rung: AAC-LC, mono or stereo, at 44.1 or 48 kHz, at most {@link COPIED_AUDIO_MAX_RATE} (what a
 * phone, OBS or Zoom recording carries). Each rung's encode of it cost ~2 CPU s per minute of video
 * (ffmpeg's HLS muxer cannot share one encoded stream between variants); copying costs nothing and
 * loses nothing. Browsers play any of these; the room marks a discontinuity between videos anyway.
 */
export function copiesAudio(probed: Pick<ProbedVideo, "audio">): boolean {
  const audio = probed.audio;
  return (
    audio !== null &&
    audio.codec === "aac" &&
    audio.profile === "LC" &&
    audio.channels !== null && audio.channels >= 1 && audio.channels <= 2 &&
    (audio.sampleRate === 44_100 || audio.sampleRate === 48_000) &&
    audio.bitRate !== null && audio.bitRate <= COPIED_AUDIO_MAX_RATE
  );
}

/**
 * x264 settings of every rung beyond `-preset veryfast`: `me=dia` (the diamond motion search
 * instead of veryfast's hexagon) takes ~5 % off the encoder's CPU for the same size and SSIM on
 * the benchmark's 1080p source (bench/README.md); CRF and the caps keep the quality where it was.
 */
export const X264_PARAMS = "me=dia";

/**
 * The scaler's algorithm. Bilinear downscaling in swscale still averages every source pixel under
 * the target one (its filter widens with the ratio), so a 1080p → 720p → 360p ladder looks the same
 * as with the default bicubic at less CPU; `fast_bilinear` would skip pixels (aliasing).
 */
export const SCALER = "bilinear";

/**
 * ffmpeg arguments for the whole ladder in one run (the source is decoded once and scaled down
 * rung by rung, largest first): libx264 `veryfast` ({@link X264_PARAMS}), CRF 23 under each rung's
 * cap, a keyframe every 2 s exactly (`-force_key_frames`, scene cuts off) so 6 s segments start on
 * one, AAC audio (copied when {@link copiesAudio}, else encoded to stereo 48 kHz per rung), and
 * `-var_stream_map` writing each rung into `${runFolder}/${rung.name}/` (segments `00000.ts…`,
 * playlist `index.m3u8`).
 *
 * @example
 * await runTool("ffmpeg", ladderArgs(input, probed, ladderFor(probed, false), "/srv/media/acc/hls/m1/r1"));
 */
export function ladderArgs(input: string, probed: ProbedVideo, rungs: readonly Rung[], runFolder: string): string[] {
  const audio = audioInput(probed);
  const copyAudio = copiesAudio(probed);
  const portrait = probed.height > probed.width;
  const scale = (rung: Rung) => `scale=${portrait ? `${rung.lines}:-2` : `-2:${rung.lines}`}:flags=${SCALER}`;
  // Each rung is scaled from the next larger one (source → 720p → 360p): the smaller scalers read a
  // smaller picture (~5 % less CPU for the 360p+720p ladder of a 1080p source than scaling both from it).
  const chain: string[] = [];
  let from = "[0:v:0]";
  for (let i = rungs.length - 1; i >= 0; i--) {
    if (i === 0) chain.push(`${from}${scale(rungs[i]!)}[v0]`);
    else {
      chain.push(`${from}${scale(rungs[i]!)},split=2[v${i}][from${i}]`);
      from = `[from${i}]`;
    }
  }
  const filter = chain.join(";");
  const perRung = rungs.flatMap((rung, i) => [
    `-maxrate:v:${i}`, String(rung.maxRate),
    `-bufsize:v:${i}`, String(rung.maxRate * 2),
    ...(copyAudio ? [] : [`-b:a:${i}`, String(rung.audioRate)]),
  ]);
  return [
    ...QUIET,
    "-i", input,
    ...audio.args,
    "-filter_complex", filter,
    ...rungs.flatMap((_, i) => ["-map", `[v${i}]`]),
    ...rungs.flatMap(() => ["-map", audio.map]),
    "-c:v", "libx264", "-preset", "veryfast", "-x264-params", X264_PARAMS, "-crf", "23", "-pix_fmt", "yuv420p",
    "-sc_threshold", "0", "-force_key_frames", "expr:gte(t,n_forced*2)",
    ...(copyAudio ? ["-c:a", "copy"] : ["-c:a", "aac", "-ac", "2", "-ar", "48000"]),
    ...perRung,
    ...HLS_OUTPUT,
    "-hls_flags", "independent_segments",
    "-hls_segment_filename", join(runFolder, "%v", "%05d.ts"),
    "-var_stream_map", rungs.map((rung, i) => `v:${i},a:${i},name:${rung.name}`).join(" "),
    ...PROGRESS,
    join(runFolder, "%v", PLAYLIST),
  ];
}
