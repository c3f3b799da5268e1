import { and, eq, lt, ne, sql } from "drizzle-orm";
import {
  checkStorageLimit,
  isAllowedUpload,
  mediaTypeOf,
  planLimitsFor,
  UPLOAD_EXTENSIONS,
  type ChunkFields,
} from "@cuepoint/sdk";
import type { Caller } from "../http/authenticate.js";
import { mediaUploadChunks, mediaUploads, type MediaUploadRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import type { AppDeps } from "../deps.js";
import { badRequest, conflict, HttpError } from "../http/errors.js";
import { findMedia, storageUsed, UPLOAD_RESERVATION_MS } from "./items.js";

/** A held chunk: its index, byte range and SHA-256. */
export type MediaUploadChunkRow = typeof mediaUploadChunks.$inferSelect;

/** The byte ranges must make sense before any byte is accepted. */
export function checkRanges(chunk: ChunkFields, limitBytes: number): void {
  const { start, position, size, isLast } = chunk;
  if (position < start) throw badRequest('"position" must not be before "start".', "position");
  if (position > size) throw badRequest('"position" must not be past the file\'s "size".', "position");
  if (isLast !== (position === size))
    throw badRequest('"isLast" must be "true" exactly when the chunk ends the file.', "isLast");
  if (!isLast && position === start) throw badRequest("Only the last chunk may be empty.", "position");
  if (position - start > limitBytes) {
    throw new HttpError(413, `A chunk may hold at most ${limitBytes} bytes: send smaller chunks.`, "file");
  }
  if (!isAllowedUpload(chunk.name)) {
    throw badRequest(
      `"${chunk.name}" cannot be uploaded: the allowed types are ${UPLOAD_EXTENSIONS.join(" ")}.`,
      "name",
    );
  }
}

/** Where the store keeps an upload's chunks. Server ids only: the client's fileId never reaches a path. */
export const uploadKey = (upload: Pick<MediaUploadRow, "accountId" | "id">) =>
  `${upload.accountId}/uploads/${upload.id}`;

/**
 * The caller's upload for this fileId, opened by its first chunk. The storage limit is checked
 * here, before any byte of the chunk is read: the account's files plus what the other unfinished
 * uploads hold (received bytes, plus one chunk's room while they are active) plus this upload's
 * declared `size` must fit the plan (SDK `planLimitsFor` +
 * `checkStorageLimit`, 413 with its message). Checked again for each later chunk, as a lapsed
 * reservation may have let other files take the space. An account lock makes check-and-reserve
 * atomic across server instances. Answers the upload's held chunk rows too (read in the same
 * transaction, for the overlap check), so the chunk needs no other query before its bytes.
 */
export async function openUpload(
  deps: AppDeps,
  caller: Caller,
  chunk: ChunkFields,
): Promise<{ upload: MediaUploadRow; created: boolean; chunks: MediaUploadChunkRow[] }> {
  const now = deps.config.now();
  return deps.db.orm.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`media:${caller.accountId}`}, 0))`);
    const [existing] = await tx
      .select()
      .from(mediaUploads)
      .where(and(eq(mediaUploads.accountId, caller.accountId), eq(mediaUploads.fileId, chunk.fileId)));
    if (existing && (existing.name !== chunk.name || existing.size !== chunk.size)) {
      throw conflict("This fileId belongs to another file (name or size differ): upload with a new fileId.", "fileId");
    }
    if (existing?.status === "complete") return { upload: existing, created: false, chunks: [] };
    // Other uploads count what they really hold (media/items.ts), this one its whole declared size:
    // an honest file that cannot fit is refused at its first chunk.
    const used = await storageUsed(tx, caller.accountId, now, {
      exceptUpload: existing?.id,
      allowanceBytes: deps.config.uploadChunkLimitBytes,
    });
    const check = checkStorageLimit({
      usedBytes: used,
      limitGB: planLimitsFor(caller.role).storageGB,
      adding: chunk.size,
    });
    if (!check.ok) throw new HttpError(413, check.message, "size");
    if (existing) {
      // Chunks are written in place: one whose bytes would overlap another chunk's is refused
      // before its bytes are read (it would overwrite bytes already verified).
      const chunks = await tx.select().from(mediaUploadChunks).where(eq(mediaUploadChunks.uploadId, existing.id));
      const overlapped = chunks.find(
        (held) => held.index !== chunk.index && held.start < chunk.position && held.start + held.length > chunk.start,
      );
      if (overlapped) {
        throw conflict(
          `The bytes of chunk ${chunk.index} overlap chunk ${overlapped.index} of this fileId: upload the file with a new fileId.`,
          "start",
        );
      }
      return { upload: existing, created: false, chunks };
    }

    const type = mediaTypeOf(chunk.name)!; // checkRanges has allowed the name
    if (chunk.folderId) {
      const folder = await findMedia(tx, caller.accountId, chunk.folderId, "folder");
      if (folder.type !== "folder") throw badRequest("folderId must be a folder.", "folderId");
      if (folder.folderType && folder.folderType !== "folder" && folder.folderType !== type) {
        throw badRequest(`This folder holds ${folder.folderType} files.`, "folderId");
      }
    }
    const [created] = await tx
      .insert(mediaUploads)
      .values({
        accountId: caller.accountId,
        userId: caller.userId,
        fileId: chunk.fileId,
        name: chunk.name,
        mime: chunk.mime,
        size: chunk.size,
        type,
        folderId: chunk.folderId ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error("The upload was not recorded.");
    return { upload: created, created: true, chunks: [] };
  });
}

/**
 * Forgets the account's uploads abandoned for longer than the reservation (rows and chunks), so
 * they neither hold storage nor fill the disk. Run when an account opens a new upload.
 */
export async function dropAbandonedUploads(deps: AppDeps, accountId: string): Promise<void> {
  const before = new Date(deps.config.now().getTime() - UPLOAD_RESERVATION_MS);
  const gone = await deps.db.orm
    .delete(mediaUploads)
    .where(
      and(
        eq(mediaUploads.accountId, accountId),
        ne(mediaUploads.status, "complete"),
        lt(mediaUploads.updatedAt, before),
      ),
    )
    .returning({ id: mediaUploads.id, accountId: mediaUploads.accountId });
  await Promise.all(gone.map((upload) => deps.media.dropUpload(uploadKey(upload))));
}

/** The indexes of the chunks held for the caller's `fileId` (the resume query); all of them once complete. */
export async function heldChunks(orm: Orm, accountId: string, fileId: string): Promise<number[]> {
  const rows = await orm
    .select({ index: mediaUploadChunks.index })
    .from(mediaUploadChunks)
    .innerJoin(mediaUploads, eq(mediaUploads.id, mediaUploadChunks.uploadId))
    .where(and(eq(mediaUploads.accountId, accountId), eq(mediaUploads.fileId, fileId)))
    .orderBy(mediaUploadChunks.index);
  return rows.map((row) => row.index);
}
