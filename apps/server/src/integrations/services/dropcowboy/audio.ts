import { actionMediaFile, actionMediaLink } from "../../actions/mediaFile.js";
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
 * (`actionMediaLink`, the one Twilio's MMS images use), and its `audio_type`, mp3 or wav as
 * the file is. Another type, a file gone from the library or another account's file is a
 * permanent refusal saying which.
 *
 * @example
 * await rvmAudio(ctx, job); // { audio_url: "https://app…/api/public/media/5f1…?expires=…&signature=…", audio_type: "mp3" }
 */
export async function rvmAudio(ctx: ActionContext, job: ActionJob): Promise<{ audio_url: string; audio_type: "mp3" | "wav" }> {
  const file = await actionMediaFile(ctx, job, modelText(job, "audiofile"), "audio", "Drop Cowboy", "audio file");
  const audioType = AUDIO_TYPES[file.mime];
  if (!audioType) throw new PermanentActionError(`Drop Cowboy: "${file.name}" cannot be dropped as a voicemail; pick an MP3 or WAV file.`);
  return { audio_url: await actionMediaLink(ctx, file), audio_type: audioType };
}
