import { and, eq } from "drizzle-orm";
import { ENCODING_STATUS } from "@cuepoint/sdk";
import { media, type HlsManifest } from "../../db/schema/index.js";
import type { Orm } from "../../db/types.js";

/** The claim was taken over (it looked dead) or the video deleted: this processor writes nothing more. */
export class ClaimLost extends Error {
  constructor(id: string) {
    super(`the claim on video ${id} is no longer held`);
    this.name = "ClaimLost";
  }
}

/**
 * The writes a processor makes to a video it has claimed. Each is one conditional UPDATE that
 * holds only while the claim does (status 1 and the claim's stamp unchanged); the heartbeat moves
 * the stamp, so the writes run one after another and each knows the current stamp. A write that
 * finds its claim gone rejects with {@link ClaimLost}.
 *
 * @example
 * const writes = claimedWrites(orm, video, claimedAt, now);
 * await writes.heartbeat(42); // encoding_progress 42, claim renewed
 * await writes.finish(manifest, "00:12:34");
 */
export function claimedWrites(orm: Orm, video: { id: string; accountId: string }, claimedAt: Date, now: () => Date) {
  let stamp = claimedAt;
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(write: () => Promise<T>): Promise<T> => {
    const next = queue.then(write);
    queue = next.catch(() => {});
    return next;
  };
  const update = (values: Partial<typeof media.$inferInsert>) =>
    serial(async () => {
      const [row] = await orm
        .update(media)
        .set(values)
        .where(
          and(
            eq(media.id, video.id),
            eq(media.accountId, video.accountId),
            eq(media.encodingStatus, ENCODING_STATUS.inProgress),
            eq(media.processingClaimedAt, stamp),
          ),
        )
        .returning({ id: media.id });
      if (!row) throw new ClaimLost(video.id);
      if (values.processingClaimedAt) stamp = values.processingClaimedAt;
    });

  return {
    /** Renews the claim and writes the progress (percent). */
    heartbeat: (percent: number) => update({ processingClaimedAt: now(), encodingProgress: percent }),
    /** The video is playable from `manifest` (a repackaged source) while the ladder is made. */
    publish: (manifest: HlsManifest, length: string, percent: number) =>
      update({ hls: manifest, videoLength: length, encodingProgress: percent, processingClaimedAt: now() }),
    /** Encoded: the ladder's manifest, in the same UPDATE as the status. */
    finish: (manifest: HlsManifest, length: string) =>
      update({ hls: manifest, videoLength: length, encodingStatus: ENCODING_STATUS.encoded, encodingProgress: null, encodingError: null }),
    /** A run adding to a finished ladder failed: the video is encoded again with what it served, and `message`. */
    restore: (manifest: HlsManifest, message: string) =>
      update({ hls: manifest, encodingStatus: ENCODING_STATUS.encoded, encodingProgress: null, encodingError: message }),
    /** Failed: nothing is served any more (the caller removes the files after). */
    fail: (message: string) =>
      update({ hls: null, videoLength: null, encodingStatus: ENCODING_STATUS.failed, encodingProgress: null, encodingError: message }),
  };
}
