import { and, asc, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import { ENCODING_STATUS } from "@cuepoint/sdk";
import { media } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { readMediaLength } from "./mediaLength.js";
import type { MediaStore } from "./store.js";

/** A claim older than this is taken to have died with its server, and the video is processed again. */
export const PROCESSING_CLAIM_TIMEOUT_MS = 10 * 60_000;
/**
 * Claims a video gets. A claim that expires this many times (the file crashed or hung its
 * processor each time) is not renewed: the sweep fails the video (5) instead.
 */
export const PROCESSING_MAX_ATTEMPTS = 3;
/** How often a started processor sweeps for videos left pending or stuck in progress. */
export const PROCESSING_SWEEP_MS = 30_000;
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
  /** Stops the timer and takes no new work; resolves once the work in hand is done. */
  stop(): Promise<void>;
}

/**
 * The media processor: what happens to a video after its upload. An upload leaves the video
 * pending (`encoding_status` 2, no length); the processor claims it atomically (→ 1, stamping
 * `processing_claimed_at`), reads its length from the stored file (`readMediaLength`), and ends
 * it at 0 with `video_length`, or 5 when the file cannot be parsed, states no length or is gone.
 * Claims are single conditional UPDATEs, so several server instances on one PostgreSQL never
 * process one video at the same time. Each claim counts an attempt (`processing_attempts`); after
 * {@link PROCESSING_MAX_ATTEMPTS} claims that all expired, the sweep ends the video at 5 instead
 * of claiming it again. A failure is logged and ends the video at 5; it never escapes. No
 * transcoding: the file is kept as uploaded (media/README.md).
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
  const log = options.log ?? ((message: string) => console.error(message));
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const track = <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    void work.finally(() => running.delete(work)).catch(() => {});
    return work;
  };

  /** Pending, or in progress under a claim older than the timeout (or with none). */
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

  /** Takes the video if nobody holds it: answers the claim's time and the file's key, or undefined. */
  const claim = async (video: MediaRef) => {
    const claimedAt = now();
    const [row] = await orm
      .update(media)
      .set({
        encodingStatus: ENCODING_STATUS.inProgress,
        processingClaimedAt: claimedAt,
        processingAttempts: sql`${media.processingAttempts} + 1`,
      })
      .where(and(eq(media.id, video.id), eq(media.accountId, video.accountId), eq(media.type, "video"), claimable()))
      .returning({ storageKey: media.storageKey });
    return row && { claimedAt, storageKey: row.storageKey };
  };

  /** Ends a claimed video, unless its claim was taken over meanwhile. */
  const finish = (video: MediaRef, claimedAt: Date, length: string | undefined) =>
    orm
      .update(media)
      .set({
        videoLength: length ?? null,
        encodingStatus: length ? ENCODING_STATUS.encoded : ENCODING_STATUS.failed,
      })
      .where(
        and(
          eq(media.id, video.id),
          eq(media.accountId, video.accountId),
          eq(media.encodingStatus, ENCODING_STATUS.inProgress),
          eq(media.processingClaimedAt, claimedAt),
        ),
      );

  /**
   * Fails a video left behind with no attempt to spare (each claim expired unfinished). One
   * conditional UPDATE, so of several sweeping instances only one writes it, and logs it.
   */
  const giveUp = async (video: MediaRef) => {
    try {
      const [row] = await orm
        .update(media)
        .set({ encodingStatus: ENCODING_STATUS.failed })
        .where(
          and(
            eq(media.id, video.id),
            eq(media.accountId, video.accountId),
            eq(media.type, "video"),
            leftBehind(),
            gte(media.processingAttempts, PROCESSING_MAX_ATTEMPTS),
          ),
        )
        .returning({ attempts: media.processingAttempts });
      if (row) log(`Media processing: video ${video.id} failed: ${row.attempts} claims expired unfinished`);
    } catch (error) {
      log(`Media processing: video ${video.id} could not be marked failed: ${(error as Error).message}`);
    }
  };

  /** Claims and processes one video; true when this call processed it. */
  const processOne = async (video: MediaRef): Promise<boolean> => {
    let claimed: Awaited<ReturnType<typeof claim>>;
    try {
      claimed = await claim(video);
      if (!claimed) return false;
    } catch (error) {
      log(`Media processing: video ${video.id} could not be claimed: ${(error as Error).message}`);
      return false;
    }
    try {
      const key = claimed.storageKey;
      const stored = key !== null && (await store.size(key)) !== undefined;
      const length = stored ? await readMediaLength(store.localPath(key)) : undefined;
      await finish(video, claimed.claimedAt, length);
    } catch (error) {
      log(`Media processing: video ${video.id} failed: ${(error as Error).message}`);
      await finish(video, claimed.claimedAt, undefined).catch((again: unknown) =>
        log(`Media processing: video ${video.id} could not be marked failed: ${(again as Error).message}`),
      );
    }
    return true;
  };

  const sweepOnce = async (): Promise<number> => {
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
      else if (await processOne(row)) processed++;
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
      void track(processOne(video));
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
      await idle();
    },
  };
}
