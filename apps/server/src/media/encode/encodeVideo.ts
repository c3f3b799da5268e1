import { randomBytes } from "node:crypto";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { HlsManifest } from "../../db/schema/index.js";
import type { MediaStore } from "../store.js";
import { DEFAULT_TOOLS, runTool, type FfmpegTools } from "./ffmpeg.js";
import { ladderArgs, ladderFor } from "./ladder.js";
import { posterArgs, posterSecond } from "./poster.js";
import type { ProbedVideo } from "./probe.js";
import { followProgress } from "./progress.js";
import { readRendition } from "./rendition.js";
import { canRepackage, repackageArgs } from "./repackage.js";

/** The store folder holding every encoding run of one video: `<account>/hls/<media>`. */
export const hlsFolderKey = (accountId: string, mediaId: string) => `${accountId}/hls/${mediaId}`;

/** A new run's id: sortable by time, unique across instances. */
export const newRunId = () => `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;

/** Share of the progress bar the repackage takes when there is one (it is quick); the ladder fills the rest. */
const REPACKAGE_SHARE = 0.05;

export interface EncodeJob {
  store: MediaStore;
  /** The uploaded file's store key. */
  inputKey: string;
  probed: ProbedVideo;
  /** Store key of this run's folder (`${hlsFolderKey}/${runId}`); it must not exist yet. */
  runKey: string;
  runId: string;
  /** Repackage the upload first (it is H.264 and nothing is playable yet). */
  repackageFirst: boolean;
  /** Make the 1080p rung too (a timeline using the video asks for high definition). */
  highDefinition: boolean;
  tools?: FfmpegTools;
  signal?: AbortSignal;
  /** Fraction 0..1 of the whole job done (called often: throttle writes). */
  onProgress(fraction: number): void;
  /**
   * The repackaged `source` manifest is in place (every file written and checked): make it
   * playable. Rejects when that may not be done (the claim was lost): the job stops.
   */
  publishSource(manifest: HlsManifest): Promise<void>;
}

/**
 * Encodes one uploaded video into a fresh run folder and answers the finished manifest
 * (`ladderComplete: true`); the caller writes it. Steps: the poster; when `repackageFirst` and the
 * video can be copied ({@link canRepackage}), a `source` rendition by repackaging, published at
 * once (`ladderComplete: false`) so the video plays within seconds; then the ladder in one ffmpeg
 * run. Every rendition is checked ({@link readRendition}) before any manifest names it. Files are
 * only ever added to the run folder; removing folders is the caller's (it knows which manifest the
 * database points at).
 *
 * @example
 * const manifest = await encodeVideo({ store, inputKey, probed, runKey, runId, repackageFirst: true,
 *   highDefinition: false, onProgress, publishSource });
 */
export async function encodeVideo(job: EncodeJob): Promise<HlsManifest> {
  const { store, probed, runKey, runId, signal } = job;
  const tools = job.tools ?? DEFAULT_TOOLS;
  const input = store.localPath(job.inputKey);
  const runDir = store.localPath(runKey);
  await mkdir(runDir, { recursive: true });

  const posterKey = `${runKey}/poster.jpg`;
  await makePoster(input, probed, store.localPath(posterKey), tools, signal);

  const repackage = job.repackageFirst && canRepackage(probed);
  if (repackage) {
    const folder = join(runDir, "source");
    await mkdir(folder);
    await runTool(tools.ffmpeg, repackageArgs(input, probed, folder), {
      signal,
      onLine: followProgress(probed.durationSeconds, (f) => job.onProgress(f * REPACKAGE_SHARE)),
    });
    const source = await readRendition(folder, { name: "source", path: `${runKey}/source` }, tools, signal);
    await job.publishSource(manifestOf(runId, probed, [source], posterKey, false));
  }

  const start = repackage ? REPACKAGE_SHARE : 0;
  const rungs = ladderFor(probed, job.highDefinition);
  await runTool(tools.ffmpeg, ladderArgs(input, probed, rungs, runDir), {
    signal,
    onLine: followProgress(probed.durationSeconds, (f) => job.onProgress(start + f * (1 - start))),
  });
  const renditions = [];
  for (const rung of rungs) {
    renditions.push(await readRendition(join(runDir, rung.name), { name: rung.name, path: `${runKey}/${rung.name}` }, tools, signal));
  }
  return manifestOf(runId, probed, renditions, posterKey, true);
}

function manifestOf(
  runId: string,
  probed: ProbedVideo,
  renditions: HlsManifest["renditions"],
  poster: string,
  ladderComplete: boolean,
): HlsManifest {
  const durationSeconds = Math.round(probed.durationSeconds * 1000) / 1000;
  return { version: runId, durationSeconds, renditions, poster, ladderComplete };
}

/** The poster frame; taken from the first frame when the video is too short to seek into. */
async function makePoster(input: string, probed: ProbedVideo, output: string, tools: FfmpegTools, signal?: AbortSignal) {
  await runTool(tools.ffmpeg, posterArgs(input, posterSecond(probed), output), { signal });
  const made = await stat(output).then((s) => s.size > 0, () => false);
  if (made) return;
  await rm(output, { force: true });
  await runTool(tools.ffmpeg, posterArgs(input, 0, output), { signal });
  if (!(await stat(output).then((s) => s.size > 0, () => false))) throw new Error("ffmpeg wrote no poster frame");
}

/**
 * Removes the run folders of a video's HLS folder except `keep` (run ids): what a crashed or
 * replaced run left behind. Only for the processor holding the video's claim.
 */
export async function removeRunsExcept(store: MediaStore, folderKey: string, keep: readonly string[]): Promise<void> {
  const folder = store.localPath(folderKey);
  const runs = await readdir(folder).catch(() => [] as string[]);
  await Promise.all(runs.filter((run) => !keep.includes(run)).map((run) => rm(join(folder, run), { recursive: true, force: true })));
}

/** Removes a store folder and everything in it (a run folder, or a rendition's inside one). */
export async function removeFolder(store: MediaStore, key: string): Promise<void> {
  await rm(store.localPath(key), { recursive: true, force: true });
}
