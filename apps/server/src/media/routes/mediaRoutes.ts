import { and, desc, eq } from "drizzle-orm";
import * as v from "valibot";
import { CreateFolderRequestSchema, MediaItemSchema, MediaTypeSchema, RenameFileRequestSchema } from "@cuepoint/sdk";
import { media } from "../../db/schema/index.js";
import { badRequest, conflict, notFound } from "../../http/errors.js";
import { defineRoute } from "../../http/route.js";
import { hlsFolderKey, removeFolder } from "../encode/encodeVideo.js";
import { findMedia, folderSizes, toWire } from "../items.js";
import { serveFile } from "../serveFile.js";
import { ack, AckAnswer } from "../../http/answers.js";

const ItemAnswer = v.object({ success: MediaItemSchema });

const listFiles = defineRoute({
  method: "GET",
  path: "/media/ajaxGetFiles/:type",
  operationId: "media.list",
  tag: "Media",
  summary: "The account's images, audio, videos or folders",
  description:
    "All items of the type, newest first, not paged. Files carry `folder_id` (null at the top level), `url` (the " +
    "owner's download, `GET /media/{uniqueID}/file`), `video_length` (audio and video, when it could be read) and " +
    "`encoding_status` (videos: 2 pending and 1 in progress after the upload, with `encoding_progress` in percent, " +
    "then 0 with `video_length`, or 5 failed with `encoding_error`; see `GET /media/{id}/status`). Folders (`/folder`) carry `folder_type`, the library they were created for, and " +
    "`size`, the bytes of the files in them. `size` is in bytes.",
  access: "media:read",
  answer: { description: "The items.", schema: v.object({ success: v.array(MediaItemSchema) }) },
  async handle({ params, caller, deps }) {
    const type = v.safeParse(MediaTypeSchema, params.type);
    if (!type.success) throw badRequest("The type must be image, audio, video or folder.", "type");
    const rows = await deps.db.orm
      .select()
      .from(media)
      .where(and(eq(media.accountId, caller.accountId), eq(media.type, type.output)))
      .orderBy(desc(media.createdAt), desc(media.id));
    const sizes =
      type.output === "folder"
        ? await folderSizes(
            deps.db.orm,
            caller.accountId,
            rows.map((row) => row.id),
          )
        : new Map();
    return { success: rows.map((row) => toWire(row, sizes.get(row.id))) };
  },
});

const renameFile = defineRoute({
  method: "POST",
  path: "/media/renameFile",
  operationId: "media.rename",
  tag: "Media",
  summary: "Rename a file or folder",
  description:
    "Only the shown name changes: the file keeps its type and stored bytes, so the new name needs no extension. " +
    "404 for an id that is not one of the account's items.",
  access: "media:write",
  body: RenameFileRequestSchema,
  answer: { description: "The renamed item.", schema: ItemAnswer },
  async handle({ body, caller, deps }) {
    const row = await findMedia(deps.db.orm, caller.accountId, String(body.uniqueID));
    const [renamed] = await deps.db.orm
      .update(media)
      .set({ name: body.name })
      .where(and(eq(media.id, row.id), eq(media.accountId, caller.accountId)))
      .returning();
    if (!renamed) throw notFound("There is no media file or folder with this id.");
    const sizes =
      renamed.type === "folder" ? await folderSizes(deps.db.orm, caller.accountId, [renamed.id]) : new Map();
    return { success: toWire(renamed, sizes.get(renamed.id)) };
  },
});

/** PostgreSQL's foreign_key_violation (23503), wherever the driver put the code. */
const isForeignKeyViolation = (error: unknown): boolean => {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === "23503") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};
const NOT_EMPTY = "This folder is not empty: delete the files in it first.";

const deleteMedia = defineRoute({
  method: "DELETE",
  path: "/media/:id",
  operationId: "media.delete",
  tag: "Media",
  summary: "Delete a file (and its stored bytes) or an empty folder",
  description:
    "A file goes with its stored bytes. A folder is deleted only when empty: with files in it the answer is 409 " +
    "with a message to show (no folder delete takes files with it by surprise). Whether a timeline still uses the " +
    "file is not checked. 404 for an id that is not one of the account's items.",
  access: "media:write",
  answer: { description: "Confirmation.", schema: AckAnswer },
  async handle({ params, caller, deps }) {
    const { orm } = deps.db;
    const row = await findMedia(orm, caller.accountId, params.id ?? "");
    if (row.type === "folder") {
      const inside = await orm.$count(media, and(eq(media.accountId, caller.accountId), eq(media.folderId, row.id)));
      if (inside > 0) throw conflict(NOT_EMPTY);
    }
    const deleted = await orm
      .delete(media)
      .where(and(eq(media.id, row.id), eq(media.accountId, caller.accountId)))
      .returning({ storageKey: media.storageKey })
      .catch((error: unknown) => {
        if (isForeignKeyViolation(error)) throw conflict(NOT_EMPTY); // a file arrived meanwhile
        throw error;
      });
    if (deleted.length === 0) throw notFound("There is no media file or folder with this id.");
    // After the row: a failure here leaves an unreferenced file, never a row without its file.
    if (row.storageKey) await deps.media.remove(row.storageKey);
    if (row.type === "video") await removeFolder(deps.media, hlsFolderKey(caller.accountId, row.id)); // its HLS
    return ack(row.type === "folder" ? "The folder is deleted." : "The file is deleted.");
  },
});

const createFolder = defineRoute({
  method: "POST",
  path: "/media/create",
  operationId: "media.createFolder",
  tag: "Media",
  summary: "Create a folder",
  description:
    "`type` is the library the folder belongs to (image, audio or video; `folder` makes a folder for any kind); it " +
    "is answered as `folder_type`, and files uploaded into it (chunk field `folderId`) must be of that kind. Folders " +
    "sit at the top level (the request has no parent). Names need not be unique.",
  access: "media:write",
  body: CreateFolderRequestSchema,
  answer: { description: "The new folder.", schema: ItemAnswer },
  async handle({ body, caller, deps }) {
    const [row] = await deps.db.orm
      .insert(media)
      .values({
        accountId: caller.accountId,
        userId: caller.userId,
        name: body.name,
        type: "folder",
        folderType: body.type,
        createdAt: deps.config.now(),
      })
      .returning();
    if (!row) throw new Error("The folder was not stored.");
    return { success: toWire(row) };
  },
});

const fileContent = defineRoute({
  method: "GET",
  path: "/media/:id/file",
  operationId: "media.download",
  tag: "Media",
  summary: "Download a file's bytes (owner only), with Range support",
  description:
    "Typed by the file's extension, with `X-Content-Type-Options: nosniff`. One `Range: bytes=a-b` (or `a-`, or " +
    "`-n`) answers 206 with `Content-Range`; an unsatisfiable range 416; several ranges the whole file. Needs the " +
    "bearer token like every call: public links for players are not part of this server yet.",
  access: "media:read",
  answer: { description: "The bytes.", contentType: "application/octet-stream" },
  async handle({ params, caller, deps, c }) {
    const row = await findMedia(deps.db.orm, caller.accountId, params.id ?? "", "media file");
    if (!row.storageKey) throw notFound("A folder has no file to download.");
    return serveFile(deps.media, row, c.req.header("range"));
  },
});

export const mediaRoutes = [listFiles, renameFile, deleteMedia, createFolder, fileContent];
