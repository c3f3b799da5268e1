import { randomBytes } from "node:crypto";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { HlsManifest, HlsRendition } from "../../db/schema/index.js";
import type { MediaStore } from "../store.js";
import { DEFAULT_TOOLS, runTool, type FfmpegTools } from "./ffmpeg.js";
import { ladderArgs, ladderFor, RUNGS } from "./ladder.js";
import { posterArgs, posterSecond } from "./poster.js";
import type { ProbedVideo } from "./probe.js";
import { followProgress } from "./progress.js";
import { readRendition } from "./rendition.js";
import { canRepackage, repackageArgs } from "./repackage.js";

/** The store folder holding every encoding run of one video: `<account>/hls/<media>`. */
export const hlsFolderKey = (accountId: string, mediaId: string) => `${accountId}/hls/${mediaId}`;

/** A new run's id: sortable by time, unique across instances. */
export const newRunId = () => `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;

/**
 * How long a rendition replaced by the ladder (the repackaged "source") stays served to players
 * that loaded its playlist before the switch: longer than any live part or replay sitting started
 * while only it existed is likely to last. New players are offered the ladder only.
 */
export const SUPERSEDED_GRACE_MS = 24 * 60 * 60_000;

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
  /**
   * What the video serves now (\`media.hls\`), or null. Nothing served: an H.264 upload is
   * repackaged first. A finished ladder: only the rungs it lacks are made (its renditions and
   * poster stay, so it keeps playing meanwhile). A repackaged source left by a stopped run: a new
   * ladder, and that source is superseded.
   */
  previous: HlsManifest | null;
  /** Make the 1080p rung too (a timeline using the video asks for high definition). */
  highDefinition: boolean;
  /** The instant the superseded renditions' grace is counted from. */
  now: Date;
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
 * (`ladderComplete: true`, with `bytes`, `sourceLines` and what it supersedes); the caller writes
 * it. Steps: the poster (unless a finished ladder's is kept); when nothing is served yet and the
 * video can be copied ({@link canRepackage}), a `source` rendition by repackaging, published at
 * once (`ladderComplete: false`) so the video plays within seconds; then the missing rungs in one
 * ffmpeg run. Every rendition is checked ({@link readRendition}) before any manifest names it. A
 * manifest may name renditions of earlier runs (kept rungs, a superseded source): the caller
 * keeps every run folder {@link runsOf} names. Files are only ever added to the run folder;
 * removing folders is the caller's (it knows which manifest the database points at).
 *
 * @example
 * const manifest = await encodeVideo({ store, inputKey, probed, runKey, runId, previous: null,
 *   highDefinition: false, now: new Date(), onProgress, publishSource });
 */
export async function encodeVideo(job: EncodeJob): Promise<HlsManifest> {
  const { store, probed, runKey, runId, signal, previous } = job;
  const tools = job.tools ?? DEFAULT_TOOLS;
  const input = store.localPath(job.inputKey);
  const runDir = store.localPath(runKey);
  const kept = previous?.ladderComplete ? previous.renditions.filter((r) => r.name !== "source") : [];
  const rungs = ladderFor(probed, job.highDefinition).filter((rung) => !kept.some((r) => r.name === rung.name));
  const graceLeft = (previous?.supersededUntil ?? "") > job.now.toISOString();
  const stillServed = graceLeft ? (previous?.superseded ?? []) : [];
  const sourceLines = Math.min(probed.width, probed.height);
  if (previous?.ladderComplete && rungs.length === 0) {
    // Nothing to add (the source is too small for the rung asked for, or it was made meanwhile).
    return finished({ ...previous, sourceLines }, stillServed, graceLeft ? previous.supersededUntil : undefined);
  }
  await mkdir(runDir, { recursive: true });

  let poster = previous?.ladderComplete ? previous.poster : null;
  if (!poster) {
    poster = `${runKey}/poster.jpg`;
    await makePoster(input, probed, store.localPath(poster), tools, signal);
  }

  const retired: HlsRendition[] = previous && !previous.ladderComplete ? [...previous.renditions] : [];
  const repackage = !previous && canRepackage(probed);
  if (repackage) {
    const folder = join(runDir, "source");
    await mkdir(folder);
    await runTool(tools.ffmpeg, repackageArgs(input, probed, folder), {
      signal,
      onLine: followProgress(probed.durationSeconds, (f) => job.onProgress(f * REPACKAGE_SHARE)),
    });
    const source = await readRendition(folder, { name: "source", path: `${runKey}/source` }, tools, signal);
    retired.push(source);
    await job.publishSource({ ...manifestOf(runId, probed, [source], poster, false), sourceLines });
  }

  const start = repackage ? REPACKAGE_SHARE : 0;
  await runTool(tools.ffmpeg, ladderArgs(input, probed, rungs, runDir), {
    signal,
    onLine: followProgress(probed.durationSeconds, (f) => job.onProgress(start + f * (1 - start))),
  });
  const renditions = [...kept];
  for (const rung of rungs) {
    renditions.push(await readRendition(join(runDir, rung.name), { name: rung.name, path: `${runKey}/${rung.name}` }, tools, signal));
  }
  renditions.sort((a, b) => rungOrder(a) - rungOrder(b));
  const superseded = [...stillServed, ...retired];
  const until = retired.length > 0 ? new Date(job.now.getTime() + SUPERSEDED_GRACE_MS).toISOString() : previous?.supersededUntil;
  return finished({ ...manifestOf(runId, probed, renditions, poster, true), sourceLines }, superseded, until);

  /** The manifest with what it supersedes and the bytes it keeps in the store. */
  async function finished(manifest: HlsManifest, superseded: HlsRendition[], until: string | undefined): Promise<HlsManifest> {
    const { superseded: _renditions, supersededUntil: _until, bytes: _bytes, ...rest } = manifest;
    const done: HlsManifest = superseded.length > 0 && until ? { ...rest, superseded, supersededUntil: until } : rest;
    return { ...done, bytes: await storedBytes(store, done) };
  }
}

const rungOrder = (rendition: HlsRendition) => RUNGS.findIndex((rung) => rung.name === rendition.name);

/**
 * Bytes of the files a manifest keeps in the store: every file of each rendition's folder
 * (segments and playlist), superseded ones included, and the poster.
 */
export async function storedBytes(store: MediaStore, manifest: HlsManifest): Promise<number> {
  let total = manifest.poster ? ((await store.size(manifest.poster)) ?? 0) : 0;
  for (const rendition of [...manifest.renditions, ...(manifest.superseded ?? [])]) {
    const folder = store.localPath(rendition.path);
    const names = await readdir(folder).catch(() => [] as string[]);
    const sizes = await Promise.all(names.map((name) => stat(join(folder, name)).then((s) => s.size, () => 0)));
    total += sizes.reduce((sum, size) => sum + size, 0);
  }
  return total;
}

/** The run folders (ids) a manifest's files are in: the ones to keep while it is served. */
export function runsOf(folderKey: string, manifest: HlsManifest | null): string[] {
  if (!manifest) return [];
  const keys = [...manifest.renditions, ...(manifest.superseded ?? [])].map((r) => r.path);
  if (manifest.poster) keys.push(manifest.poster);
  const runs = keys.filter((key) => key.startsWith(`${folderKey}/`)).map((key) => key.slice(folderKey.length + 1).split("/")[0]!);
  return [...new Set([manifest.version, ...runs])];
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

/** The store keys a manifest's files are under: its renditions' folders (superseded ones too) and its poster. */
function keysOf(manifest: HlsManifest | null): Set<string> {
  if (!manifest) return new Set();
  const keys = [...manifest.renditions, ...(manifest.superseded ?? [])].map((r) => r.path);
  if (manifest.poster) keys.push(manifest.poster);
  return new Set(keys);
}

/**
 * Removes from one run folder what `manifest` (what the row serves) does not name: the whole run
 * when nothing of it is named, else its other rendition folders and files. For a run's own
 * processor, or for the claim holder.
 */
export async function pruneRun(store: MediaStore, folderKey: string, run: string, manifest: HlsManifest | null): Promise<void> {
  const runKey = `${folderKey}/${run}`;
  if (!runsOf(folderKey, manifest).includes(run)) return removeFolder(store, runKey);
  const keys = keysOf(manifest);
  const entries = await readdir(store.localPath(runKey)).catch(() => [] as string[]);
  await Promise.all(entries.filter((entry) => !keys.has(`${runKey}/${entry}`)).map((entry) => removeFolder(store, `${runKey}/${entry}`)));
}

/**
 * Removes everything of a video's HLS folder that `manifest` (what the row serves) does not name:
 * what a crashed or replaced run left, a superseded rendition whose grace is over. Only for the
 * processor holding the video's claim, or when no claim can be running (another run's files
 * would go).
 */
export async function pruneFolder(store: MediaStore, folderKey: string, manifest: HlsManifest | null): Promise<void> {
  const runs = await readdir(store.localPath(folderKey)).catch(() => [] as string[]);
  await Promise.all(runs.map((run) => pruneRun(store, folderKey, run, manifest)));
}

/** Removes a store folder and everything in it (a run folder, or a rendition's inside one). */
export async function removeFolder(store: MediaStore, key: string): Promise<void> {
  await rm(store.localPath(key), { recursive: true, force: true });
}
