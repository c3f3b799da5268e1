import { QUIET } from "./audioInput.js";
import type { ProbedVideo } from "./probe.js";

/** Where the poster frame is taken: a tenth into the video (past a black first second), at most a minute in. */
export function posterSecond(probed: Pick<ProbedVideo, "durationSeconds">): number {
  return Math.min(probed.durationSeconds * 0.1, 60);
}

/**
 * ffmpeg arguments for the poster: one JPEG frame at `second`, at most 1280 wide.
 *
 * @example
 * await runTool("ffmpeg", posterArgs(input, posterSecond(probed), "/srv/media/acc/hls/m1/r1/poster.jpg"));
 */
export function posterArgs(input: string, second: number, output: string): string[] {
  return [...QUIET, "-ss", second.toFixed(3), "-i", input, "-frames:v", "1", "-vf", "scale='min(1280,iw)':-2", "-q:v", "3", output];
}
