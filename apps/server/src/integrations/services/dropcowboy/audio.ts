import { and, eq } from "drizzle-orm";
import { media } from "../../../db/schema/index.js";
import { isUuid } from "../../../http/ids.js";
import { mimeOf } from "../../../media/assemble.js";
import { MEDIA_LINK_TTL_MS, signedMediaUrl } from "../../../media/publicLink.js";
import { modelText } from "../../actions/require.js";
import { PermanentActionError, type ActionContext, type ActionJob } from "../../actions/types.js";

/** Drop Cowboy's `audio_type` by the file's type: "The file type of audio_url: 'mp3' or 'wav'". */
const AUDIO_TYPES: Readonly<Record<string, "mp3" | "wav">> = {
  "audio/mpeg": "mp3",
  "audio/mp3": "mp3",
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/wave": "wav",
};

/**
 * The voicemail's audio for `POST /v1/rvm`: the action's audio file (`model.audiofile`, an audio
 * file of the job's own account) as `audio_url`, a signed public link that expires after a day
 * (`media/publicLink.ts`, the one Twilio's MMS images use), and its `audio_type`, mp3 or wav as
 * the file is. Another type, a file gone from the library or another account's file is a
 * permanent refusal saying which.
 *
 * @example
 * await rvmAudio(ctx, job); // { audio_url: "https://app…/api/public/media/5f1…?expires=…&signature=…", audio_type: "mp3" }
 */
export async function rvmAudio(ctx: ActionContext, job: ActionJob): Promise<{ audio_url: string; audio_type: "mp3" | "wav" }> {
  const id = modelText(job, "audiofile");
  const [row] = isUuid(id)
    ? await ctx.db.orm.select().from(media).where(and(eq(media.id, id), eq(media.accountId, job.accountId)))
    : [];
  if (!row?.storageKey || row.type !== "audio") {
    throw new PermanentActionError("Drop Cowboy: the audio file of this action is no longer in the media library; pick it again.");
  }
  const audioType = AUDIO_TYPES[row.mime || mimeOf(row.name)];
  if (!audioType) throw new PermanentActionError(`Drop Cowboy: "${row.name}" cannot be dropped as a voicemail; pick an MP3 or WAV file.`);
  const expires = new Date(ctx.now().getTime() + MEDIA_LINK_TTL_MS);
  return { audio_url: await signedMediaUrl(ctx.db.orm, ctx.config.publicURL, row.id, expires), audio_type: audioType };
}
