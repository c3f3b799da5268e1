import { and, eq, ne, sql } from "drizzle-orm";
import { ENCODING_STATUS } from "@cuepoint/sdk";
import { media, type HlsManifest } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { hlsFolderKey, pruneRun, storedBytes } from "./encode/encodeVideo.js";
import type { MediaStore } from "./store.js";

/** Videos one expiry pass looks at (the next pass takes the rest). */
const EXPIRY_BATCH = 100;

/**
 * Ends the grace of superseded renditions (`hls.superseded`, the repackaged source a ladder
 * replaced) once `hls.supersededUntil` has passed: one conditional UPDATE per video drops them
 * from the manifest (and their bytes from `hls.bytes`) unless the manifest changed meanwhile or a
 * run holds the video; then their folders go (a run folder with nothing named left goes whole).
 * Answers how many videos it changed.
 *
 * @example
 * await expireSuperseded(orm, store, new Date()); // the media processor's sweep, now and then
 */
export async function expireSuperseded(orm: Orm, store: MediaStore, now: Date): Promise<number> {
  const until = sql`(${media.hls}->>'supersededUntil')`;
  const rows = await orm
    .select({ id: media.id, accountId: media.accountId, hls: media.hls })
    .from(media)
    .where(and(eq(media.type, "video"), ne(media.encodingStatus, ENCODING_STATUS.inProgress), sql`${until} < ${now.toISOString()}`))
    .limit(EXPIRY_BATCH);
  let changed = 0;
  for (const row of rows) {
    const manifest = row.hls as HlsManifest;
    const { superseded = [], supersededUntil, ...kept } = manifest;
    const next: HlsManifest = { ...kept, bytes: await storedBytes(store, kept) };
    const [written] = await orm
      .update(media)
      .set({ hls: next })
      .where(
        and(
          eq(media.id, row.id),
          eq(media.accountId, row.accountId),
          ne(media.encodingStatus, ENCODING_STATUS.inProgress),
          sql`(${media.hls}->>'version') = ${manifest.version}`,
          sql`${until} = ${supersededUntil ?? ""}`,
        ),
      )
      .returning({ id: media.id });
    if (!written) continue;
    changed++;
    const folderKey = hlsFolderKey(row.accountId, row.id);
    // Only the superseded renditions' runs are looked at: a run started since is none of them.
    const runs = new Set(superseded.map((r) => r.path.slice(folderKey.length + 1).split("/")[0]!));
    for (const run of runs) await pruneRun(store, folderKey, run, next);
  }
  return changed;
}
