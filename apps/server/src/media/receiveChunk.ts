import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { ChunkFieldsSchema, type ChunkFields } from "@cuepoint/sdk";
import type { Caller } from "../auth/authenticate.js";
import { mediaUploadChunks, mediaUploads, type MediaUploadRow } from "../db/schema/index.js";
import type { AppDeps } from "../deps.js";
import { badRequest } from "../http/errors.js";
import { parseInput } from "../http/input.js";
import { doneReply, finishUpload, isAssembling, UploadAnswer } from "./assemble.js";
import { MultipartError, partText, type Part } from "./multipart.js";
import type { StagedChunk } from "./store.js";
import { checkRanges, dropAbandonedUploads, openUpload, uploadKey } from "./uploads.js";

const MAX_FIELDS = 32;

/** What a chunk post comes to: a JSON answer, or the checksum mismatch the SDK retries. */
export type ChunkOutcome = { status: 200; body: object } | { status: 422; body: object };

const CHECKSUM_MISMATCH = {
  success: false,
  code: "checksum_mismatch",
  message: "The chunk arrived damaged (its SHA-256 does not match): send it again.",
} as const;

/**
 * One `POST /upload/chunk` (PROTOCOL.md), read as a stream: the text fields first (they are
 * small), then, at the file part, every check that needs no bytes (fields, ranges, extension,
 * the upload's owner, the storage limit) before the first byte is taken; the bytes go to the
 * store as they arrive while their SHA-256 is computed, and the chunk is kept only when that
 * matches `checksum` (else it is thrown away and the answer is 422 `checksum_mismatch`).
 */
export async function receiveChunk(deps: AppDeps, caller: Caller, parts: AsyncIterable<Part>): Promise<ChunkOutcome> {
  const fields: Record<string, string> = {};
  let staged: StagedChunk | undefined;
  let received: { chunk: ChunkFields; upload: MediaUploadRow; digest: string; bytes: number } | undefined;
  try {
    for await (const part of parts) {
      if (received || staged) throw badRequest("The file must be the last part of the form.", "file");
      if (part.name !== "file") {
        if (Object.keys(fields).length >= MAX_FIELDS) throw badRequest("The form has too many fields.");
        fields[part.name] = await partText(part);
        continue;
      }
      const chunk = parseChunk(fields, deps.config.uploadChunkLimitBytes);
      const { upload, created } = await openUpload(deps, caller, chunk);
      if (created) await dropAbandonedUploads(deps, caller.accountId);
      if (upload.status === "complete") {
        // The reply to an earlier last chunk was lost: nothing to store, the same answer again.
        return {
          status: 200,
          body: chunk.isLast && upload.mediaId ? doneReply(upload, upload.mediaId) : { success: true },
        };
      }
      if (isAssembling(upload, deps.config.now())) throw UploadAnswer.busy();
      staged = await deps.media.stageChunk(uploadKey(upload), chunk.index);
      const expected = chunk.position - chunk.start;
      const hash = createHash("sha256");
      let bytes = 0;
      for await (const piece of part.body) {
        bytes += piece.length;
        if (bytes > expected)
          throw badRequest(`The file part is longer than position - start (${expected} bytes).`, "file");
        hash.update(piece);
        await staged.write(piece);
      }
      received = { chunk, upload, digest: hash.digest("hex"), bytes };
    }
  } catch (error) {
    await staged?.discard();
    if (error instanceof MultipartError) throw badRequest(error.message);
    throw error;
  }
  if (!received || !staged) throw badRequest('The form has no "file" part.', "file");
  const { chunk, upload, digest, bytes } = received;
  if (digest !== chunk.checksum) {
    await staged.discard();
    return { status: 422, body: CHECKSUM_MISMATCH };
  }
  if (bytes !== chunk.position - chunk.start) {
    await staged.discard();
    throw badRequest(
      `The file part holds ${bytes} bytes, not position - start (${chunk.position - chunk.start}).`,
      "file",
    );
  }
  await staged.keep();
  const now = deps.config.now();
  await deps.db.orm.transaction(async (tx) => {
    const row = {
      uploadId: upload.id,
      index: chunk.index,
      start: chunk.start,
      length: bytes,
      sha256: digest,
      createdAt: now,
    };
    await tx
      .insert(mediaUploadChunks)
      .values(row)
      .onConflictDoUpdate({ target: [mediaUploadChunks.uploadId, mediaUploadChunks.index], set: row });
    await tx.update(mediaUploads).set({ updatedAt: now }).where(eq(mediaUploads.id, upload.id));
  });
  if (!chunk.isLast) return { status: 200, body: { success: true, index: chunk.index } };
  return { status: 200, body: await finishUpload(deps, caller, upload, chunk.index) };
}

function parseChunk(fields: Record<string, string>, limitBytes: number): ChunkFields {
  const chunk = parseInput(ChunkFieldsSchema, fields);
  checkRanges(chunk, limitBytes);
  return chunk;
}
