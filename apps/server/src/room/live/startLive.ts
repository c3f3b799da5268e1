import type { Orm } from "../../db/types.js";
import type { MediaProcessing } from "../../media/processing.js";
import type { MediaStore } from "../../media/store.js";
import { startLiveIngest, type LiveIngest } from "./ingest.js";
import { createLiveRuns, type LiveRuns } from "./liveRuns.js";
import type { LiveSettings } from "./liveSettings.js";

export interface LiveService {
  ingest: LiveIngest;
  runs: LiveRuns;
  /** Stops listening, ends every stream (ffmpeg closes its playlist and recording) and waits for the recordings to be stored. */
  stop(): Promise<void>;
}

/**
 * Starts live streaming on this instance: the RTMP ingest on `settings.host:port`, each accepted
 * publish run by {@link createLiveRuns}. Called by index.ts unless `CUEPOINT_RTMP_PORT=off`.
 *
 * @example
 * const live = await startLive({ orm, media, mediaProcessing, now }, liveSettings(process.env, publicURL));
 * await live.stop();
 */
export async function startLive(
  deps: { orm: Orm; media: MediaStore; mediaProcessing: MediaProcessing; now: () => Date; ffmpeg?: string },
  settings: Pick<LiveSettings, "host" | "port">,
): Promise<LiveService> {
  const runs = createLiveRuns(deps);
  const ingest = await startLiveIngest({ host: settings.host, port: settings.port, accept: (key, peer) => runs.accept(key, peer) });
  return {
    ingest,
    runs,
    async stop() {
      await ingest.stop();
      await runs.idle();
    },
  };
}
