export { UPLOAD_EXTENSIONS, isAllowedUpload, mediaTypeOf } from "./uploadExtensions.js";
export type { UploadMediaType, UploadExtension } from "./uploadExtensions.js";
export { checkStorageLimit } from "./storageLimit.js";
export type { StorageCheck, StorageCheckResult } from "./storageLimit.js";
