/**
 * `@cuepoint/sdk/upload`: the resumable chunked uploader (spec §4, §7 `POST upload/chunk`), with
 * no runtime dependency. See `createUploader` for the API and PROTOCOL.md for the wire protocol.
 */
export { createUploader } from "./createUploader.js";
export { CANCELED, UPLOAD_FAILED_TOAST, UPLOAD_SUCCESS_TOAST } from "./messages.js";
export type { Canceled } from "./messages.js";
export { defaultRetryDelay } from "./backoff.js";
export { sha256Hex } from "./sha256.js";
export { fileFromPath } from "./nodeFile.js";
export { UPLOAD_CHUNK_SIZE } from "../constants.js";
export { UPLOAD_EXTENSIONS, checkStorageLimit, isAllowedUpload, mediaTypeOf } from "../rules/upload/index.js";
export type { UploadMediaType, StorageCheck, StorageCheckResult } from "../rules/upload/index.js";
export type {
  FileStatus,
  StorageUsage,
  UploadErrorEvent,
  UploadEvent,
  UploadInput,
  UploadPhase,
  UploadQueueItem,
  UploadResult,
  UploadStatus,
  Uploader,
  UploaderEvents,
  UploaderOptions,
  UploaderState,
} from "./types.js";
