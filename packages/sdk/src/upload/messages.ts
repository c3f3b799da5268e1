/**
 * What a cancelled upload resolves to (spec §8 "Chunk upload cancelled: a canceled marker is
 * returned"). A string, so it survives structured cloning and logs.
 *
 * @example
 * if ((await uploader.done(item.uuid)) === CANCELED) return;
 */
export const CANCELED = "canceled";
export type Canceled = typeof CANCELED;

/** Spec §8: the toast shown when a media upload fails. */
export const UPLOAD_FAILED_TOAST = {
  title: "Media upload failed",
  body: "There was an error with the media upload.",
} as const;

/** Spec §8: the toast shown when a media upload succeeds (the spec's spelling). */
export const UPLOAD_SUCCESS_TOAST = {
  title: "Media upload successful",
  body: "The media was uploaded successfuly.",
} as const;
