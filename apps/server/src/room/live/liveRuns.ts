import { randomUUID } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { ENCODING_STATUS, GeneralSettingSchema } from "@cuepoint/sdk";
import { events, liveRuns, liveStreams, media, timelines } from "../../db/schema/index.js";
import type { Orm } from "../../db/types.js";
import type { MediaProcessing } from "../../media/processing.js";
import type { MediaStore } from "../../media/store.js";
import { section } from "../../events/roomLink.js";
import type { StreamSink } from "./ingest.js";
import { isLiveStreamed, RUN_STALE_MS, STREAM_KEY_PATTERN } from "./liveEvent.js";
import { startTranscoder } from "./transcoder.js";

export interface LiveRunsOptions {
  orm: Orm;
  media: MediaStore;
  /** The recording of each run is handed to it like an upload (media/processing.ts). */
  mediaProcessing: MediaProcessing;
  now: () => Date;
  /** The ffmpeg program (default: `ffmpeg` on the PATH). */
  ffmpeg?: string;
  /** How often a receiving run renews `seen_at`, ms. */
  heartbeatMs?: number;
  log?: (line: string) => void;
}

export interface LiveRuns {
  /** The ingest's `accept`: the run's sink for a valid key of a live-streamed event with no other publish, else null. */
  accept(key: string, peer: string): Promise<StreamSink | null>;
  /** Resolves when every run has ended and its recording is stored (tests). */
  idle(): Promise<void>;
}

/**
 * What happens to a publish: a `live_runs` row, ffmpeg writing the room's HLS into the run's own
 * folder of the media store (`<account>/live/<event>/<run>/`) and the recording beside the
 * account's files, a heartbeat while bytes arrive, and at the end the recording as a video of the
 * account's media library (pending, then encoded by the media processor like an upload): the event's
 * replay plays the recordings of its runs.
 */
export function createLiveRuns(options: LiveRunsOptions): LiveRuns {
  const { orm, media: store, now } = options;
  const log = options.log ?? ((line: string) => console.warn(line));
  const running = new Set<Promise<void>>();

  async function target(key: string) {
    if (!STREAM_KEY_PATTERN.test(key)) return null;
    const [row] = await orm
      .select({ accountId: liveStreams.accountId, eventId: liveStreams.eventId, name: events.name, timelineName: timelines.name, setting: timelines.setting })
      .from(liveStreams)
      .innerJoin(events, and(eq(events.id, liveStreams.eventId), eq(events.accountId, liveStreams.accountId)))
      .innerJoin(timelines, and(eq(timelines.id, events.timelineId), eq(timelines.accountId, events.accountId)))
      .where(and(eq(liveStreams.streamKey, key), eq(timelines.status, "active")));
    if (!row || !isLiveStreamed(section(GeneralSettingSchema, row.setting.general))) return null;
    return row;
  }

  async function accept(key: string): Promise<StreamSink | null> {
    const found = await target(key);
    if (!found) return null;
    const { accountId, eventId } = found;
    const startedAt = now();
    // One stream per event: another publish under way (on any instance) keeps it.
    const [busy] = await orm
      .select({ id: liveRuns.id })
      .from(liveRuns)
      .where(and(eq(liveRuns.eventId, eventId), isNull(liveRuns.endedAt), gt(liveRuns.seenAt, new Date(startedAt.getTime() - RUN_STALE_MS))))
      .orderBy(desc(liveRuns.startedAt))
      .limit(1);
    if (busy) {
      log(`Live ingest: event ${eventId} is already receiving a stream; a second one was refused.`);
      return null;
    }
    const runId = randomUUID();
    const hlsKey = `${accountId}/live/${eventId}/${runId}`;
    const recordingId = randomUUID();
    const recordingKey = `${accountId}/${recordingId}.mp4`;
    await mkdir(store.localPath(hlsKey), { recursive: true });
    await mkdir(dirname(store.localPath(recordingKey)), { recursive: true });
    await orm.insert(liveRuns).values({ id: runId, accountId, eventId, hlsKey, startedAt, seenAt: startedAt });
    const transcoder = startTranscoder(options.ffmpeg ?? "ffmpeg", store.localPath(hlsKey), store.localPath(recordingKey));

    let seen = 0;
    const heartbeat = setInterval(() => {
      if (transcoder.received === seen) return;
      seen = transcoder.received;
      orm
        .update(liveRuns)
        .set({ seenAt: now() })
        .where(eq(liveRuns.id, runId))
        .catch((error: unknown) => log(`Live run ${runId}: heartbeat not written: ${(error as Error).message}`));
    }, options.heartbeatMs ?? 5000);
    heartbeat.unref();

    const finished = transcoder.done.then(async (failure) => {
      clearInterval(heartbeat);
      const size = (await store.size(recordingKey)) ?? 0;
      const endedAt = now();
      let recordingMediaId: string | null = null;
      if (size > 0) {
        const day = endedAt.toISOString().slice(0, 16).replace("T", " ");
        await orm.insert(media).values({
          id: recordingId,
          accountId,
          name: `${found.name || found.timelineName || "Live"} — live recording ${day} UTC.mp4`,
          size,
          type: "video",
          storageKey: recordingKey,
          mime: "video/mp4",
          encodingStatus: ENCODING_STATUS.pending,
          createdAt: endedAt,
        });
        recordingMediaId = recordingId;
      } else {
        await store.remove(recordingKey).catch(() => undefined);
      }
      await orm.update(liveRuns).set({ endedAt, seenAt: endedAt, recordingMediaId, error: failure }).where(eq(liveRuns.id, runId));
      if (failure) log(`Live run ${runId} of event ${eventId}: ffmpeg: ${failure}`);
      if (recordingMediaId) options.mediaProcessing.afterUpload({ id: recordingMediaId, accountId });
    });
    const tracked = finished.catch((error: unknown) => log(`Live run ${runId}: not closed: ${(error as Error).message}`));
    running.add(tracked);
    void tracked.finally(() => running.delete(tracked));
    return transcoder;
  }

  return {
    accept,
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
