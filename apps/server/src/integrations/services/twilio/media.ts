import { and, eq } from "drizzle-orm";
import { fillMergeTags, isUrl } from "@cuepoint/sdk";
import { integrations, media } from "../../../db/schema/index.js";
import { isUuid } from "../../../http/ids.js";
import { mimeOf } from "../../../media/assemble.js";
import { MEDIA_LINK_TTL_MS, signedMediaUrl } from "../../../media/publicLink.js";
import { modelText } from "../../actions/require.js";
import { PermanentActionError, type ActionContext, type ActionJob } from "../../actions/types.js";

/** The image types MMS carries everywhere (Twilio: "fully supported" JPEG, PNG and GIF). */
const MMS_TYPES = new Set(["image/jpeg", "image/png", "image/gif"]);
/** Twilio's limit for the media of one message. */
const MMS_MAX_BYTES = 5 * 1024 * 1024;

/** A personalised image address: tags filled with URL-encoded values (`?name={first_name}`). */
const personalise = (url: string, variables: Record<string, string>) =>
  fillMergeTags(url, Object.fromEntries(Object.entries(variables).map(([key, value]) => [key, encodeURIComponent(value)])));

/** The image of a NiftyImage key, among the account's own NiftyImage integrations only. */
async function niftyImageUrl(ctx: ActionContext, accountId: string, key: string): Promise<string | undefined> {
  const rows = await ctx.db.orm
    .select({ images: integrations.images })
    .from(integrations)
    .where(and(eq(integrations.accountId, accountId), eq(integrations.type, "NIFTYIMAGE")));
  return rows.map((row) => row.images?.[key]?.url).find((url): url is string => Boolean(url));
}

/**
 * A media-library image of the job's account (`model.image` is its id) as a signed public link
 * Twilio can fetch, valid for a day (`media/publicLink.ts`): the file itself needs the owner's
 * token, the link needs nothing and opens that one image only.
 */
async function mediaLibraryUrl(ctx: ActionContext, job: ActionJob, id: string): Promise<string> {
  const [row] = isUuid(id)
    ? await ctx.db.orm.select().from(media).where(and(eq(media.id, id), eq(media.accountId, job.accountId)))
    : [];
  if (!row?.storageKey || row.type !== "image") {
    throw new PermanentActionError("Twilio: the image of this action is no longer in the media library; pick it again.");
  }
  if (!MMS_TYPES.has(row.mime || mimeOf(row.name))) {
    throw new PermanentActionError(`Twilio: "${row.name}" cannot go by MMS; pick a JPEG, PNG or GIF image.`);
  }
  if (row.size > MMS_MAX_BYTES) throw new PermanentActionError(`Twilio: "${row.name}" is over the 5 MB an MMS can carry.`);
  return signedMediaUrl(ctx.db.orm, ctx.config.publicURL, row.id, new Date(ctx.now().getTime() + MEDIA_LINK_TTL_MS));
}

/**
 * The `MediaUrl` Twilio fetches for an MMS (`model.type` + `model.image`): an image address as
 * given, a NiftyImage key of the account's NiftyImage integration, personalised, or an image of
 * the account's media library through a signed link that expires after a day.
 *
 * @example
 * await mmsMediaUrl(ctx, job, variables); // "https://img1.niftyimages.com/abc?name=Ada"
 */
export async function mmsMediaUrl(ctx: ActionContext, job: ActionJob, variables: Record<string, string>): Promise<string> {
  const image = modelText(job, "image");
  if (isUrl(image)) return personalise(image, variables);
  if (modelText(job, "type") === "niftyimage") {
    const url = await niftyImageUrl(ctx, job.accountId, image);
    if (url) return personalise(url, variables);
    throw new PermanentActionError(`Twilio: the NiftyImage "${image}" is not among this account's images; pick it again.`);
  }
  return mediaLibraryUrl(ctx, job, image);
}
