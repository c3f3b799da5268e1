import { and, asc, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import { ENCODING_STATUS } from "@cuepoint/sdk";
import { media } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { ClaimLost, claimedWrites } from "./encode/claimedWrites.js";
import { EncodeError } from "./encode/encodeError.js";
import { encodeVideo, hlsFolderKey, newRunId, pruneFolder, pruneRun, removeFolder } from "./encode/encodeVideo.js";
import { DEFAULT_TOOLS, ToolFailure, type FfmpegTools } from "./encode/ffmpeg.js";
import { probeVideo } from "./encode/probe.js";
import { requeueVideos, wantsHighDefinition } from "./highDefinition.js";
import { formatLength } from "./mediaLength.js";
import { expireSuperseded } from "./superseded.js";
import type { MediaStore } from "./store.js";

/**
 * A claim whose heartbeat is older than this is taken to have died with its server, and the video
 * is processed again. The processor renews its claim every {@link PROCESSING_HEARTBEAT_MS} while
 * it encodes, so an encode may take hours; only a silent claim times out.
 */
export const PROCESSING_CLAIM_TIMEOUT_MS = 2 * 60_000;
/** How often a processor renews its claim and writes the encoding's progress. */
export const PROCESSING_HEARTBEAT_MS = 2_000;
/**
 * Claims a video gets. A claim that expires this many times (the file crashed or hung its
 * processor each time) is not renewed: the sweep fails the video (5) instead.
 */
export const PROCESSING_MAX_ATTEMPTS = 3;
/** How often a started processor sweeps for videos left pending or stuck in progress. */
export const PROCESSING_SWEEP_MS = 30_000;
/** Starts the message of a video whose run adding a rung failed (it stays encoded, 0). */
export const HIGH_DEFINITION_FAILED = "High definition (1080p) could not be made";
/** How often a sweep also removes superseded renditions whose grace is over (`superseded.ts`). */
export const SUPERSEDED_CHECK_MS = 10 * 60_000;
/** Videos one sweep looks at (the next sweep takes the rest). */
const SWEEP_BATCH = 100;

export interface MediaProcessingOptions {
  orm: Orm;
  /** Where the uploaded files are (the app's store). */
  media: MediaStore;
  /** The clock claims are stamped and judged by (default: the system clock). */
  now?: () => Date;
  /**
   * Process a video as soon as its upload completes (default true). False leaves it pending for
   * a sweep, this instance's or another's: for an instance that only takes uploads.
   */
  processOnUpload?: boolean;
  /** Milliseconds between two sweeps once started (default {@link PROCESSING_SWEEP_MS}). */
  sweepMs?: number;
  /** Age after which a claim is taken over (default {@link PROCESSING_CLAIM_TIMEOUT_MS}). */
  claimTimeoutMs?: number;
  /** Milliseconds between two heartbeats of a claim being encoded (default {@link PROCESSING_HEARTBEAT_MS}). */
  heartbeatMs?: number;
  /** The ffmpeg and ffprobe programs (default: `ffmpeg` and `ffprobe` on the PATH). */
  tools?: FfmpegTools;
  /** Where failures are reported (default `console.error`). */
  log?: (message: string) => void;
}

/** The video a processor is asked to look at: always with its account, as every query is scoped. */
export interface MediaRef {
  id: string;
  accountId: string;
}

export interface MediaProcessing {
  /** A video's upload has completed: process it now, without making the caller wait. Never throws. */
  afterUpload(video: MediaRef): void;
  /**
   * Claims and processes what was left behind: videos still pending (2), and videos in progress
   * (1) whose claim is older than the timeout. A video whose claim expired for the
   * {@link PROCESSING_MAX_ATTEMPTS}th time is failed (5) and logged instead, and not counted.
   * Answers how many this call processed.
   */
  sweep(): Promise<number>;
  /** Resolves once no processing started by this processor is running (what tests wait for). */
  idle(): Promise<void>;
  /** Sweeps now and every `sweepMs` (the timer does not keep the process alive). */
  start(): void;
  /**
   * Stops the timer, takes no new work and kills the ffmpeg it runs; resolves once nothing runs.
   * A video whose encoding was stopped stays in progress, its claim goes silent, and a later sweep
   * (this server restarted, or another) encodes it again; what it had published stays served.
   */
  stop(): Promise<void>;
}


/**
 * The media processor: what happens to a video after its upload, ffmpeg → HLS (media/README.md).
 * An upload leaves the video pending (`encoding_status` 2); the processor claims it atomically
 * (→ 1, progress 0, stamping `processing_claimed_at`), probes it with ffprobe, and encodes it
 * (`encode/encodeVideo.ts`) into a fresh run folder of the store: an H.264 upload is first
 * repackaged without re-encoding and published (`media.hls`, `ladderComplete: false`) so it plays
 * within seconds; then the 360p/720p(/1080p) ladder and a poster, checked, then ONE conditional
 * UPDATE sets `hls`, `video_length` and status 0. A file ffmpeg cannot use ends at 5 with
 * `encoding_error` in words the host can act on, and its files are removed.
 *
 * Claims are single conditional UPDATEs, so several server instances on one PostgreSQL never
 * process one video at the same time; every later write holds only while the claim does. While it
 * encodes, the processor renews its claim every {@link PROCESSING_HEARTBEAT_MS} (writing the
 * progress with it), so only a claim that has gone silent for {@link PROCESSING_CLAIM_TIMEOUT_MS}
 * (its server died) is taken over. Each claim counts an attempt (`processing_attempts`); after
 * {@link PROCESSING_MAX_ATTEMPTS} claims that all expired, the sweep ends the video at 5 instead of
 * claiming it again. An instance encodes one video at a time (ffmpeg takes every core); the rest
 * wait their turn. A failure is logged and ends the video at 5; it never escapes.
 *
 * @example
 * const processing = createMediaProcessing({ orm: db.orm, media: store });
 * processing.start(); // index.ts: sweep at start and every 30 s
 * processing.afterUpload({ id, accountId }); // finishUpload, not awaited
 * await processing.stop();
 */
export function createMediaProcessing(options: MediaProcessingOptions): MediaProcessing {
  const { orm, media: store } = options;
  const now = options.now ?? (() => new Date());
  const claimTimeoutMs = options.claimTimeoutMs ?? PROCESSING_CLAIM_TIMEOUT_MS;
  const heartbeatMs = options.heartbeatMs ?? PROCESSING_HEARTBEAT_MS;
  const tools = options.tools ?? DEFAULT_TOOLS;
  const log = options.log ?? ((message: string) => console.error(message));
  const running = new Set<Promise<unknown>>();
  /** The encodes under way (one, or none): stop() aborts them, which kills their ffmpeg. */
  const encoding = new Set<AbortController>();
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const track = <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    void work.finally(() => running.delete(work)).catch(() => {});
    return work;
  };

  // One video at a time on this instance: work waits its turn here, and claims only when it starts.
  let lane: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const next = lane.then(work);
    lane = next.catch(() => {});
    return next;
  };

  /** Pending, or in progress under a claim whose last heartbeat is older than the timeout (or with none). */
  const leftBehind = () =>
    or(
      eq(media.encodingStatus, ENCODING_STATUS.pending),
      and(
        eq(media.encodingStatus, ENCODING_STATUS.inProgress),
        or(
          isNull(media.processingClaimedAt),
          lt(media.processingClaimedAt, new Date(now().getTime() - claimTimeoutMs)),
        ),
      ),
    );
  /** Left behind, with attempts to spare. */
  const claimable = () => and(leftBehind(), lt(media.processingAttempts, PROCESSING_MAX_ATTEMPTS));

  /** Takes the video if nobody holds it: answers the claim's time, the file's key and what it serves now. */
  const claim = async (video: MediaRef) => {
    const claimedAt = now();
    const [row] = await orm
      .update(media)
      .set({
        encodingStatus: ENCODING_STATUS.inProgress,
        processingClaimedAt: claimedAt,
        processingAttempts: sql`${media.processingAttempts} + 1`,
        encodingProgress: 0,
        encodingError: null,
      })
      .where(and(eq(media.id, video.id), eq(media.accountId, video.accountId), eq(media.type, "video"), claimable()))
      .returning({ storageKey: media.storageKey, hls: media.hls });
    return row && { claimedAt, storageKey: row.storageKey, previous: row.hls };
  };

  /**
   * Fails a video left behind with no attempt to spare (each claim expired unfinished). One
   * conditional UPDATE, so of several sweeping instances only one writes it, logs it and removes
   * its files (no claim on it is alive any more).
   */
  const giveUp = async (video: MediaRef) => {
    const expired = and(
      eq(media.id, video.id),
      eq(media.accountId, video.accountId),
      eq(media.type, "video"),
      leftBehind(),
      gte(media.processingAttempts, PROCESSING_MAX_ATTEMPTS),
    );
    const message = `Encoding stopped ${PROCESSING_MAX_ATTEMPTS} times without finishing. Try a shorter file or another format.`;
    try {
      // Adding a rung to a finished ladder: the video goes back to what it played (encoded, 0).
      const [kept] = await orm
        .update(media)
        .set({ encodingStatus: ENCODING_STATUS.encoded, encodingProgress: null, encodingError: `${HIGH_DEFINITION_FAILED}: ${message}` })
        .where(and(expired, sql`(${media.hls}->>'ladderComplete') = 'true'`))
        .returning({ attempts: media.processingAttempts, hls: media.hls });
      if (kept) {
        log(`Media processing: video ${video.id}: its 1080p rung was given up: ${kept.attempts} claims expired unfinished`);
        await pruneFolder(store, hlsFolderKey(video.accountId, video.id), kept.hls);
        return;
      }
      const [row] = await orm
        .update(media)
        .set({
          encodingStatus: ENCODING_STATUS.failed,
          encodingProgress: null,
          encodingError: message,
          hls: null,
          videoLength: null,
        })
        .where(expired)
        .returning({ attempts: media.processingAttempts });
      if (!row) return;
      log(`Media processing: video ${video.id} failed: ${row.attempts} claims expired unfinished`);
      await removeFolder(store, hlsFolderKey(video.accountId, video.id));
    } catch (error) {
      log(`Media processing: video ${video.id} could not be marked failed: ${(error as Error).message}`);
    }
  };

  /** The words the host sees for a failure. */
  const hostMessage = (error: unknown) =>
    error instanceof EncodeError
      ? error.message
      : error instanceof ToolFailure
        ? `ffmpeg could not encode this video: ${error.detail}`
        : "The video could not be encoded (the server's log says why)";

  /**
   * A run that stops without being the one to end the video (its claim was lost, or the server
   * stops): its files go, except what the row serves (its published source rendition and poster).
   */
  const dropUnpublished = async (video: MediaRef, runId: string) => {
    const [row] = await orm
      .select({ hls: media.hls })
      .from(media)
      .where(and(eq(media.id, video.id), eq(media.accountId, video.accountId)));
    await pruneRun(store, hlsFolderKey(video.accountId, video.id), runId, row?.hls ?? null);
  };

  /** Encodes a claimed video and ends it at 0 or 5; a lost claim or a stop leaves the row alone. */
  const encode = async (video: MediaRef, claimed: NonNullable<Awaited<ReturnType<typeof claim>>>) => {
    const writes = claimedWrites(orm, video, claimed.claimedAt, now);
    const controller = new AbortController();
    encoding.add(controller);
    const folderKey = hlsFolderKey(video.accountId, video.id);
    const runId = newRunId();
    const runKey = `${folderKey}/${runId}`;
    let percent = 0;
    const beat = setInterval(() => {
      writes.heartbeat(percent).catch((error: unknown) => {
        if (error instanceof ClaimLost) controller.abort(error);
        else log(`Media processing: video ${video.id}: heartbeat failed: ${(error as Error).message}`);
      });
    }, heartbeatMs);
    beat.unref();
    try {
      const key = claimed.storageKey;
      if (key === null || (await store.size(key)) === undefined) {
        throw new EncodeError("The uploaded file is missing from the server's storage: upload it again");
      }
      const probed = await probeVideo(store.localPath(key), tools, controller.signal);
      const length = formatLength(probed.durationSeconds);
      // What a crashed run left goes; what the row serves stays until the new manifest replaces it.
      await pruneFolder(store, folderKey, claimed.previous);
      const highDefinition = await wantsHighDefinition(orm, video);
      const manifest = await encodeVideo({
        store,
        inputKey: key,
        probed,
        runKey,
        runId,
        previous: claimed.previous,
        highDefinition,
        now: now(),
        tools,
        signal: controller.signal,
        onProgress: (fraction) => (percent = Math.min(99, Math.floor(fraction * 100))),
        publishSource: (source) => writes.publish(source, length, percent),
      });
      clearInterval(beat);
      await writes.finish(manifest, length);
      // What the new manifest does not name goes (the replaced run, unpublished leftovers); a
      // superseded source stays for the players holding it, until the sweep expires it.
      await pruneFolder(store, folderKey, manifest);
      // High definition asked for while this run made a ladder without it: once more, for 1080p.
      if (!highDefinition && (await wantsHighDefinition(orm, video)) && (await requeueVideos(orm, video.accountId, [video.id])).length > 0) {
        void track(inTurn(() => processOne(video)));
      }
    } catch (error) {
      clearInterval(beat);
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : error;
      if (reason instanceof ClaimLost || stopped) {
        if (!stopped) log(`Media processing: video ${video.id}: ${(reason as Error).message}; this run is dropped`);
        await dropUnpublished(video, runId).catch(() => {});
        return;
      }
      const detail = error instanceof EncodeError && error.detail ? ` (${error.detail})` : "";
      log(`Media processing: video ${video.id} failed: ${(error as Error).message}${detail}`);
      // A run adding a rung to a finished ladder fails alone: the video stays encoded and played.
      const kept = claimed.previous?.ladderComplete ? claimed.previous : null;
      try {
        if (kept) await writes.restore(kept, `${HIGH_DEFINITION_FAILED}: ${hostMessage(error)}`);
        else await writes.fail(hostMessage(error));
      } catch (again) {
        if (again instanceof ClaimLost) await dropUnpublished(video, runId).catch(() => {});
        else log(`Media processing: video ${video.id} could not be marked failed: ${(again as Error).message}`);
        return;
      }
      await (kept ? pruneFolder(store, folderKey, kept) : removeFolder(store, folderKey)).catch((again: unknown) =>
        log(`Media processing: video ${video.id}: its files could not be removed: ${(again as Error).message}`),
      );
    } finally {
      clearInterval(beat);
      encoding.delete(controller);
    }
  };

  /** Claims and processes one video; true when this call processed it. */
  const processOne = async (video: MediaRef): Promise<boolean> => {
    if (stopped) return false;
    let claimed: Awaited<ReturnType<typeof claim>>;
    try {
      claimed = await claim(video);
      if (!claimed) return false;
    } catch (error) {
      log(`Media processing: video ${video.id} could not be claimed: ${(error as Error).message}`);
      return false;
    }
    await encode(video, claimed);
    return true;
  };

  // Superseded renditions are looked for now and then, not at every sweep (it reads the media table).
  let expiredAt = Number.NEGATIVE_INFINITY;
  const sweepOnce = async (): Promise<number> => {
    if (now().getTime() - expiredAt >= SUPERSEDED_CHECK_MS) {
      expiredAt = now().getTime();
      await expireSuperseded(orm, store, now()).catch((error: unknown) =>
        log(`Media processing: superseded renditions could not be removed: ${(error as Error).message}`),
      );
    }
    const rows = await orm
      .select({ id: media.id, accountId: media.accountId, attempts: media.processingAttempts })
      .from(media)
      .where(and(eq(media.type, "video"), leftBehind()))
      .orderBy(asc(media.createdAt))
      .limit(SWEEP_BATCH);
    let processed = 0;
    for (const { attempts, ...row } of rows) {
      if (stopped) break;
      if (attempts >= PROCESSING_MAX_ATTEMPTS) await giveUp(row);
      else if (await inTurn(() => processOne(row))) processed++;
    }
    return processed;
  };

  const sweep = (): Promise<number> =>
    stopped
      ? Promise.resolve(0)
      : track(
          sweepOnce().catch((error: unknown) => {
            log(`Media processing: the sweep failed: ${(error as Error).message}`);
            return 0;
          }),
        );

  const idle = async () => {
    while (running.size > 0) await Promise.allSettled([...running]);
  };

  // The timer's sweeps do not overlap: one still running (a long batch) makes the next wait a turn.
  let timed: Promise<number> | undefined;
  const timedSweep = () => {
    timed ??= sweep().finally(() => (timed = undefined));
  };

  return {
    afterUpload(video) {
      if (stopped || options.processOnUpload === false) return;
      void track(inTurn(() => processOne(video)));
    },
    sweep,
    idle,
    start() {
      if (stopped || timer) return;
      timedSweep();
      timer = setInterval(timedSweep, options.sweepMs ?? PROCESSING_SWEEP_MS);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      for (const controller of encoding) controller.abort(new Error("the server is stopping"));
      await idle();
    },
  };
}
