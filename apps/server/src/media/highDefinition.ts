import { and, eq, inArray, sql } from "drizzle-orm";
import { ENCODING_STATUS, type GeneralSetting } from "@cuepoint/sdk";
import { media, timelines } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { isUuid } from "../http/ids.js";

/**
 * The videos a timeline's room plays, which all need the 1080p rung when it asks for high
 * definition (the room offers a variant only when every video of its program has it): the event
 * video and the secondary one, the split videos and the intro and outro when those are on.
 */
export function highDefinitionVideoIds(general: GeneralSetting): string[] {
  const ids = [general.videoFile, general.secondaryVideo];
  if (general.splitVideo.enabled) ids.push(...general.splitVideo.videos);
  if (general.advanced.enabled) ids.push(general.advanced.appendIntro, general.advanced.appendOutro);
  return [...new Set(ids.filter((id) => id !== ""))];
}

/**
 * Whether an active timeline of the account plays this video and asks for high definition
 * (`general.highDefinition`): then the ladder gets 1080p.
 */
export async function wantsHighDefinition(orm: Orm, video: { id: string; accountId: string }): Promise<boolean> {
  const rows = await orm
    .select({ setting: timelines.setting })
    .from(timelines)
    .where(
      and(
        eq(timelines.accountId, video.accountId),
        eq(timelines.status, "active"),
        sql`(${timelines.setting}->'general'->>'highDefinition') = 'true'`,
      ),
    );
  return rows.some((row) => highDefinitionVideoIds(row.setting.general).includes(video.id));
}

/**
 * A timeline was saved: when it is active and asks for high definition, its videos that are
 * encoded without 1080p but whose upload has the lines for it go back to pending (2), keeping
 * what they serve (`hls` stays, so the room plays on); the media processor's next sweep makes the
 * missing rung only (`encodeVideo` keeps the rungs it has). A manifest written before it stated
 * `sourceLines` is re-queued when it has 720p (the processor then finds out). Turning high
 * definition off removes nothing. Runs in the caller's transaction; answers the ids re-queued.
 *
 * @example
 * await requeueForHighDefinition(tx, saved.accountId, saved); // timelines/store.ts, after a save
 */
export async function requeueForHighDefinition(
  orm: Orm,
  accountId: string,
  timeline: { status: string; setting: { general: GeneralSetting } },
): Promise<string[]> {
  const general = timeline.setting.general;
  if (timeline.status !== "active" || general.highDefinition !== true) return [];
  const ids = highDefinitionVideoIds(general).filter(isUuid);
  if (ids.length === 0) return [];
  return requeueVideos(orm, accountId, ids);
}

/**
 * Sends these videos of the account back to pending (2) when they are encoded without 1080p and
 * their upload has the lines for it ({@link missingHighDefinition}); what they serve stays. Answers
 * the ids re-queued.
 */
export async function requeueVideos(orm: Orm, accountId: string, ids: string[]): Promise<string[]> {
  const rows = await orm
    .update(media)
    .set({ encodingStatus: ENCODING_STATUS.pending, processingAttempts: 0, encodingProgress: null, encodingError: null })
    .where(and(eq(media.accountId, accountId), eq(media.type, "video"), inArray(media.id, ids), missingHighDefinition()))
    .returning({ id: media.id });
  return rows.map((row) => row.id);
}

/** Encoded (0) with a finished ladder that lacks 1080p, from an upload with the lines for it (or not known). */
export const missingHighDefinition = () => {
  const hls = media.hls;
  return and(
    eq(media.encodingStatus, ENCODING_STATUS.encoded),
    sql`(${hls}->>'ladderComplete') = 'true'`,
    sql`not (${hls}->'renditions' @> '[{"name":"1080p"}]'::jsonb)`,
    sql`coalesce((${hls}->>'sourceLines')::int >= 1080, ${hls}->'renditions' @> '[{"name":"720p"}]'::jsonb)`,
  );
};
