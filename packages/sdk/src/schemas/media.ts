import * as v from "valibot";
import { BYTES_PER_GB, ENCODING_STATUS } from "../constants.js";
import { CountSchema, integerBetween, TimestampSchema, VideoLengthSchema } from "./fields.js";

/** The kinds the media library lists (GET /media/ajaxGetFiles/{type}). */
export const MediaTypeSchema = /* @__PURE__ */ v.picklist(["image", "audio", "video", "folder"]);

/** Video encoding status: 0 encoded, 1 in progress, 2 pending, 5 failed (spec §4). */
export const EncodingStatusSchema = /* @__PURE__ */ v.picklist(
  /* @__PURE__ */ Object.values(ENCODING_STATUS),
);

/**
 * A media library item (spec §3 "Media item"). Beyond the spec's uniqueID, name, size, type and
 * video_length we add, in the same snake_case as `video_length`:
 *
 * - `encoding_status`: the video's encoding status code (videos only);
 * - `encoding_progress`: percent done (0–100) while the video is encoded (status 1);
 * - `encoding_error`: why encoding failed (status 5), in words for the host;
 * - `folder_id`: the uniqueID of the folder holding the item, null at the top level;
 * - `url`: where the file is served; `created_at`: ISO timestamp;
 * - `folder_type` (folders only): the library the folder was made for (CreateFolderRequest
 *   `type`); `folder` means any kind of file.
 *
 * `size` is in bytes.
 *
 * @example
 * v.parse(MediaItemSchema, { uniqueID: "m_1", name: "intro.mp4", size: 1048576, type: "video",
 *   video_length: "00:12:30", encoding_status: 0 });
 */
export const MediaItemSchema = /* @__PURE__ */ v.object({
  uniqueID: /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.string(),
    /* @__PURE__ */ v.nonEmpty("uniqueID is required"),
  ),
  name: /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.nonEmpty("Name is required")),
  size: CountSchema,
  type: MediaTypeSchema,
  video_length: /* @__PURE__ */ v.optional(VideoLengthSchema),
  encoding_status: /* @__PURE__ */ v.optional(EncodingStatusSchema),
  encoding_progress: /* @__PURE__ */ v.optional(/* @__PURE__ */ integerBetween(0, 100)),
  encoding_error: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  folder_id: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.nullable(/* @__PURE__ */ v.string()), null),
  url: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  created_at: /* @__PURE__ */ v.optional(TimestampSchema),
  folder_type: /* @__PURE__ */ v.optional(MediaTypeSchema),
});

export type MediaType = v.InferOutput<typeof MediaTypeSchema>;
export type EncodingStatus = v.InferOutput<typeof EncodingStatusSchema>;
export type MediaItem = v.InferOutput<typeof MediaItemSchema>;

/**
 * A size in bytes as gigabytes with two decimals, as the media screens show it (spec §3). A GB
 * here is 1024³ bytes, the unit storage limits use.
 *
 * @example
 * formatSizeGB(1342177280); // "1.25"
 * formatSizeGB(0); // "0.00"
 */
export function formatSizeGB(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) {
    throw new RangeError(`A size must be a non-negative number of bytes, got ${bytes}`);
  }
  return (bytes / BYTES_PER_GB).toFixed(2);
}
