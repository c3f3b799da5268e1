import { and, eq } from "drizzle-orm";
import { fillMergeTags, isUrl } from "@cuepoint/sdk";
import { integrations } from "../../../db/schema/index.js";
import { actionMediaFile, actionMediaLink } from "../../actions/mediaFile.js";
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
 * Twilio can fetch, valid for a day (`actionMediaLink`).
 */
async function mediaLibraryUrl(ctx: ActionContext, job: ActionJob, id: string): Promise<string> {
  const file = await actionMediaFile(ctx, job, id, "image", "Twilio", "image");
  if (!MMS_TYPES.has(file.mime)) {
    throw new PermanentActionError(`Twilio: "${file.name}" cannot go by MMS; pick a JPEG, PNG or GIF image.`);
  }
  if (file.size > MMS_MAX_BYTES) throw new PermanentActionError(`Twilio: "${file.name}" is over the 5 MB an MMS can carry.`);
  return actionMediaLink(ctx, file);
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
