/** The media kinds an upload becomes (spec §3 Media item `type`). */
export type UploadMediaType = "image" | "audio" | "video";

/** `.jpg .jpeg .png .gif .tiff .mp3 .mp4 .wav .m4a .ico .hevc`: all the upload dialog accepts (§5). */
export const UPLOAD_EXTENSIONS = [
  ".jpg",
  ".jpeg",
  ".png",
  ".gif",
  ".tiff",
  ".mp3",
  ".mp4",
  ".wav",
  ".m4a",
  ".ico",
  ".hevc",
] as const;

export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

const AUDIO: readonly string[] = [".mp3", ".wav", ".m4a"];
const VIDEO: readonly string[] = [".mp4", ".hevc"];

/**
 * The media kind of an accepted file name, judged by its extension (case-insensitive), or
 * `undefined` when the upload dialog does not accept it.
 *
 * @example
 * mediaTypeOf("Intro.MP4"); // "video"
 * mediaTypeOf("notes.txt"); // undefined
 */
export function mediaTypeOf(name: string): UploadMediaType | undefined {
  // Without a dot this is the last character, which is no extension either.
  const extension = name.slice(name.lastIndexOf(".")).toLowerCase();
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) return undefined;
  return VIDEO.includes(extension) ? "video" : AUDIO.includes(extension) ? "audio" : "image";
}

/**
 * Whether the upload dialog accepts a file of this name (spec §5), case-insensitively.
 *
 * @example
 * isAllowedUpload("cover.JPG"); // true
 * isAllowedUpload("script.js"); // false
 */
export function isAllowedUpload(name: string): boolean {
  return mediaTypeOf(name) !== undefined;
}
