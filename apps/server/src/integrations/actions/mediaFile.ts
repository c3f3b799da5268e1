import { and, eq } from "drizzle-orm";
import { media } from "../../db/schema/index.js";
import { isUuid } from "../../http/ids.js";
import { mimeOf } from "../../media/assemble.js";
import { MEDIA_LINK_TTL_MS, signedMediaUrl } from "../../media/publicLink.js";
import { PermanentActionError, type ActionContext, type ActionJob } from "./types.js";

/** A file of the job's own media library that an action sends by link (Twilio's MMS image, Drop Cowboy's voicemail). */
export interface ActionMediaFile {
  id: string;
  name: string;
  /** Its type as stored, else by its extension. */
  mime: string;
  size: number;
}

/**
 * The media-library file `id` of the job's own account, when it is there, stored and of `type`;
 * else a permanent refusal: `${service}: the ${what} of this action is no longer in the media
 * library; pick it again.` (another account's file reads the same as a deleted one).
 *
 * @example
 * const file = await actionMediaFile(ctx, job, modelText(job, "image"), "image", "Twilio", "image");
 */
export async function actionMediaFile(
  ctx: ActionContext,
  job: ActionJob,
  id: string,
  type: "image" | "audio",
  service: string,
  what: string,
): Promise<ActionMediaFile> {
  const [row] = isUuid(id)
    ? await ctx.db.orm.select().from(media).where(and(eq(media.id, id), eq(media.accountId, job.accountId)))
    : [];
  if (!row?.storageKey || row.type !== type) {
    throw new PermanentActionError(`${service}: the ${what} of this action is no longer in the media library; pick it again.`);
  }
  return { id: row.id, name: row.name, mime: row.mime || mimeOf(row.name), size: row.size };
}

/**
 * A signed public link to the file that the service fetches, valid for a day (media/publicLink.ts):
 * the file itself needs the owner's token, the link needs nothing and opens that one file only.
 */
export const actionMediaLink = (ctx: ActionContext, file: ActionMediaFile): Promise<string> =>
  signedMediaUrl(ctx.db.orm, ctx.config.publicURL, file.id, new Date(ctx.now().getTime() + MEDIA_LINK_TTL_MS));
