import { join } from "node:path";
import { audioInput, HLS_OUTPUT, PROGRESS, QUIET } from "./audioInput.js";
import type { ProbedVideo } from "./probe.js";
import { PLAYLIST } from "./rendition.js";

/**
 * Whether the upload's video can be served as it is: H.264 in 8-bit 4:2:0 (what every browser's
 * decoder takes), not stored rotated (a copied stream would lose the rotation in MPEG-TS).
 */
export function canRepackage(probed: ProbedVideo): boolean {
  return (
    probed.video.codec === "h264" &&
    (probed.video.pixelFormat === "yuv420p" || probed.video.pixelFormat === "yuvj420p") &&
    !probed.rotated
  );
}

/**
 * ffmpeg arguments that repackage an H.264 upload into HLS without re-encoding its video: the
 * video stream is copied (segments can only be cut at the upload's own keyframes, so they last 6 s
 * or more, as the produced playlist states), AAC audio is copied, other audio (or silence, for a
 * silent video) becomes AAC. Writes `${folder}/00000.ts…` and `${folder}/index.m3u8`.
 *
 * @example
 * await runTool("ffmpeg", repackageArgs("/srv/media/acc/m1.mp4", probed, "/srv/media/acc/hls/m1/r1/source"));
 */
export function repackageArgs(input: string, probed: ProbedVideo, folder: string): string[] {
  const audio = audioInput(probed);
  const audioCodec = probed.audio?.codec === "aac" ? ["-c:a", "copy"] : ["-c:a", "aac", "-b:a", "128k", "-ac", "2"];
  return [
    ...QUIET,
    "-i", input,
    ...audio.args,
    "-map", "0:v:0", "-map", audio.map,
    "-c:v", "copy", ...audioCodec,
    ...HLS_OUTPUT,
    "-hls_segment_filename", join(folder, "%05d.ts"),
    ...PROGRESS,
    join(folder, PLAYLIST),
  ];
}
