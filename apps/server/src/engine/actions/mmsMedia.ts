import { and, eq } from "drizzle-orm";
import { isUrl } from "@cuepoint/sdk";
import { integrations } from "../../db/schema/index.js";
import { modelText } from "./require.js";
import { fillTemplate } from "./template.js";
import { PermanentActionError, type ActionContext, type ActionJob } from "./types.js";

/** A personalised image address: tags filled with URL-encoded values (`?name={first_name}`). */
const personalise = (url: string, variables: Record<string, string>) =>
  fillTemplate(url, Object.fromEntries(Object.entries(variables).map(([key, value]) => [key, encodeURIComponent(value)])));

/** The image of a NiftyImage key, among the account's own NiftyImage integrations only. */
async function niftyImageUrl(ctx: ActionContext, accountId: string, key: string): Promise<string | undefined> {
  const rows = await ctx.db.orm
    .select({ images: integrations.images })
    .from(integrations)
    .where(and(eq(integrations.accountId, accountId), eq(integrations.type, "NIFTYIMAGE")));
  return rows.map((row) => row.images?.[key]?.url).find((url): url is string => Boolean(url));
}

/**
 * The `MediaUrl` Twilio fetches for an MMS (`model.type` + `model.image`): an image address as
 * given, or a NiftyImage key of the account's NiftyImage integration, personalised. Media-library
 * images have no public address yet (files need the owner's token), so they are refused with a
 * message saying so.
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
  throw new PermanentActionError(
    "Twilio: images of the media library have no public address Twilio could fetch yet; use a NiftyImage or an image address.",
  );
}
