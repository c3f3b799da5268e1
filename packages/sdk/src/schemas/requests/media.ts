import * as v from "valibot";
import { MediaTypeSchema } from "../media.js";
import { IdSchema, requiredText } from "./fields.js";

/** `POST /media/renameFile`: a new name for a file or folder. */
export const RenameFileRequestSchema = v.object({
  uniqueID: IdSchema,
  name: v.pipe(requiredText("Enter a name."), v.maxLength(255)),
});
export type RenameFileRequest = v.InferInput<typeof RenameFileRequestSchema>;

/** `POST /media/create`: a folder in the library of one media type. */
export const CreateFolderRequestSchema = v.object({
  name: v.pipe(requiredText("Name the folder."), v.maxLength(255)),
  type: MediaTypeSchema,
});
export type CreateFolderRequest = v.InferInput<typeof CreateFolderRequestSchema>;
