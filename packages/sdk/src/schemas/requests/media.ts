import * as v from "valibot";
import { MediaTypeSchema } from "../media.js";
import { IdSchema, requiredText } from "./fields.js";

/** `POST /media/renameFile`: a new name for a file or folder. */
export const RenameFileRequestSchema = v.object({
  uniqueID: IdSchema,
  name: v.pipe(requiredText("Enter a name.", 255), v.maxLength(255)),
});
export type RenameFileRequest = v.InferInput<typeof RenameFileRequestSchema>;

/** `POST /media/create`: a folder in the library of one media type. */
export const CreateFolderRequestSchema = v.object({
  name: v.pipe(requiredText("Name the folder.", 255), v.maxLength(255)),
  type: MediaTypeSchema,
});
export type CreateFolderRequest = v.InferInput<typeof CreateFolderRequestSchema>;

/** A byte offset, chunk number or size, as multipart text. */
const countField = (field: string) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,15}$/, `"${field}" must be a whole number of bytes or a chunk number.`),
    v.transform(Number),
  );

/**
 * The text fields of one chunk of `POST /upload/chunk` (multipart, `upload/PROTOCOL.md`), which
 * come before the `file` part: every value is text, as the uploader sends it. `start`/`position`
 * are the chunk's byte range, `index` its number from 0, `size` the whole file's, `checksum` the
 * chunk's hex SHA-256 (lower-cased here). `folderId` (optional) is the uniqueID of a folder to put
 * the file in (the uploader's `folderId` option). Range rules across fields (position after start,
 * `isLast` exactly at `size`) are the server's.
 *
 * @example
 * v.parse(ChunkFieldsSchema, { fileId: "f1", isLast: "true", name: "a.png", start: "0", position: "3", index: "0",
 *   size: "3", checksum: "AB".repeat(32) }).position; // 3
 */
export const ChunkFieldsSchema = v.object({
  fileId: v.pipe(v.string(), v.regex(/^[\w-]{1,128}$/, '"fileId" must be 1 to 128 letters, digits, "-" or "_".')),
  userId: v.optional(v.string()),
  isLast: v.pipe(
    v.picklist(["true", "false"], '"isLast" must be "true" or "false".'),
    v.transform((value) => value === "true"),
  ),
  name: v.pipe(v.string(), v.trim(), v.nonEmpty("The file needs a name."), v.maxLength(255, "The file name is too long.")),
  mime: v.optional(v.string(), ""),
  start: countField("start"),
  position: countField("position"),
  index: countField("index"),
  size: countField("size"),
  checksum: v.pipe(
    v.string(),
    v.regex(/^[0-9a-fA-F]{64}$/, '"checksum" must be the chunk\'s hex SHA-256.'),
    v.toLowerCase(),
  ),
  folderId: v.optional(v.string()),
});
export type ChunkFields = v.InferOutput<typeof ChunkFieldsSchema>;

/** `GET /upload/chunk?fileId=…` query: which chunks of this upload the server already holds. */
export const UploadResumeQuerySchema = v.object({
  fileId: v.pipe(v.string(), v.nonEmpty('"fileId" is required.')),
});
export type UploadResumeQuery = v.InferInput<typeof UploadResumeQuerySchema>;
