import * as v from "valibot";
import { CountSchema } from "./fields.js";

/**
 * A file in the upload queue (spec §3 "Upload queue item"). `size` is in bytes; `type` is the
 * media kind the extension gives (folders are not uploaded); `thumbnail` is an object URL for
 * images, "" otherwise. A new item is neither ready, uploading, uploaded, failed nor cancelled.
 *
 * @example
 * v.parse(UploadQueueItemSchema, { uuid: "f_1", name: "logo.png", size: 2048, type: "image" }).isUploading;
 * // false
 */
export const UploadQueueItemSchema = /* @__PURE__ */ v.object({
  uuid: /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.nonEmpty("uuid is required")),
  name: /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.nonEmpty("Name is required")),
  size: CountSchema,
  type: /* @__PURE__ */ v.picklist(["image", "audio", "video"]),
  thumbnail: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  isReady: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
  isUploading: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
  isUploaded: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
  isError: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
  isCancelled: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
});

/**
 * One file's upload progress (spec §3 "Upload status"): `progress` in percent (0–100), `speed` in
 * bytes per second, `remaining` in seconds, `uploaded` in bytes. `fileID`, `fileType` and `id`
 * come from the last chunk's reply (the media's uniqueID, type and id, `id` as the media host
 * sends it) and are absent until then.
 *
 * @example
 * v.parse(UploadStatusSchema, {}); // { progress: 0, speed: 0, remaining: 0, uploaded: 0 }
 */
export const UploadStatusSchema = /* @__PURE__ */ v.object({
  progress: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.pipe(
      /* @__PURE__ */ v.number(),
      /* @__PURE__ */ v.minValue(0),
      /* @__PURE__ */ v.maxValue(100),
    ),
    0,
  ),
  speed: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.number(), /* @__PURE__ */ v.minValue(0)),
    0,
  ),
  remaining: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.pipe(
      /* @__PURE__ */ v.number(),
      /* @__PURE__ */ v.minValue(0),
      /* @__PURE__ */ v.finite(),
    ),
    0,
  ),
  uploaded: /* @__PURE__ */ v.optional(CountSchema, 0),
  fileID: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  fileType: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string()),
  id: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.union([/* @__PURE__ */ v.string(), /* @__PURE__ */ v.number()]),
  ),
});

export type UploadQueueItem = v.InferOutput<typeof UploadQueueItemSchema>;
export type UploadStatus = v.InferOutput<typeof UploadStatusSchema>;
