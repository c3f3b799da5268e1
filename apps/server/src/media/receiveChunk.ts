import { createHash } from "node:crypto";
import { and, eq, lt, ne, sql } from "drizzle-orm";
import { ChunkFieldsSchema, type ChunkFields } from "@cuepoint/sdk";
import type { Caller } from "../http/authenticate.js";
import { mediaUploadChunks, mediaUploads, type MediaUploadRow } from "../db/schema/index.js";
import type { AppDeps } from "../deps.js";
import { badRequest, conflict } from "../http/errors.js";
import { parseInput } from "../http/input.js";
import { doneReply, finishUpload, isAssembling, UploadAnswer } from "./assemble.js";
import { MultipartError, partText, type Part } from "./multipart.js";
import type { ChunkWriter } from "./store.js";
import {
  checkRanges,
  dropAbandonedUploads,
  openUpload,
  uploadKey,
  type MediaUploadChunkRow as ChunkRow,
} from "./uploads.js";

const MAX_FIELDS = 32;

/** What a chunk post comes to: a JSON answer, or the checksum mismatch the SDK retries. */
export type ChunkOutcome = { status: 200; body: object } | { status: 422; body: object };

const CHECKSUM_MISMATCH = {
  success: false,
  code: "checksum_mismatch",
  message: "The chunk arrived damaged (its SHA-256 does not match): send it again.",
} as const;

/** Chunks being written in this process, `<upload id>:<index>`: one writer per region at a time. */
const writing = new Set<string>();

const CHUNK_BUSY = "This chunk is being received by another request: try again in a moment.";

/**
 * One `POST /upload/chunk` (PROTOCOL.md), read as a stream: the text fields first (they are
 * small), then, at the file part, every check that needs no bytes (fields, ranges, extension,
 * the upload's owner, the storage limit, no overlap with other chunks) before the first byte is
 * taken. The bytes are hashed (SHA-256) as they arrive and written at the chunk's offset in the
 * upload's one file (`MediaStore.openChunk`); the chunk counts (its row in
 * `media_upload_chunks`, which the resume query reads) only once the hash matches `checksum`,
 * else the answer is 422 `checksum_mismatch` and the chunk does not count.
 *
 * A chunk whose index is not held yet is written in place: its region holds nothing verified.
 * One already held is checked without writing when it claims the same bytes (the SDK always
 * sends the last chunk again on resume), and otherwise staged and copied into its region only
 * after it verifies, so a damaged copy never spoils a verified one.
 */
export async function receiveChunk(deps: AppDeps, caller: Caller, parts: AsyncIterable<Part>): Promise<ChunkOutcome> {
  const fields: Record<string, string> = {};
  let writer: ChunkWriter | undefined;
  let lock: string | undefined;
  try {
    let received: Received | undefined;
    let trailing = false; // the checksum comes after the file (PROTOCOL.md: clients that hash as they send)
    try {
      for await (const part of parts) {
        if (received) {
          if (!trailing || part.name !== "checksum" || fields.checksum !== undefined) {
            throw badRequest('The file must be the last part of the form (or be followed by "checksum" alone).', "file");
          }
          fields.checksum = await partText(part);
          received.chunk = parseChunk(fields, deps.config.uploadChunkLimitBytes);
          continue;
        }
        if (part.name !== "file") {
          if (Object.keys(fields).length >= MAX_FIELDS) throw badRequest("The form has too many fields.");
          fields[part.name] = await partText(part);
          continue;
        }
        trailing = fields.checksum === undefined;
        // Every other field is checked now, before the bytes; the checksum, once it has come.
        const chunk = parseChunk(trailing ? { ...fields, checksum: "0".repeat(64) } : fields, deps.config.uploadChunkLimitBytes);
        const { upload, created, chunks } = await openUpload(deps, caller, chunk);
        if (created) await dropAbandonedUploads(deps, caller.accountId);
        if (upload.status === "complete") {
          // The reply to an earlier last chunk was lost: nothing to store, the same answer again.
          return {
            status: 200,
            body: chunk.isLast && upload.mediaId ? doneReply(upload, upload.mediaId) : { success: true },
          };
        }
        if (isAssembling(upload, deps.config.now())) throw UploadAnswer.busy();
        if (writing.has(`${upload.id}:${chunk.index}`)) throw new UploadAnswer(503, CHUNK_BUSY);
        writing.add((lock = `${upload.id}:${chunk.index}`));
        const held = await heldChunk(deps, upload, chunks, chunk.index);
        // Re-sent with the same bytes: they are checked, and nothing is written. (With the checksum
        // still to come, a held index is staged and the bytes compared once hashed.)
        const same = !trailing && held?.sha256 === chunk.checksum && held.start === chunk.start;
        if (!same) writer = await deps.media.openChunk(uploadKey(upload), chunk.start, held ? "staged" : "in-place");
        received = { chunk, upload, held, ...(await take(part, chunk, writer)) };
      }
    } catch (error) {
      await writer?.discard();
      if (error instanceof MultipartError) throw badRequest(error.message);
      throw error;
    }
    if (!received) throw badRequest('The form has no "file" part.', "file");
    if (trailing && fields.checksum === undefined) {
      await writer?.discard();
      throw badRequest('The form has no "checksum" part.', "checksum");
    }
    const { chunk, upload, held, digest, bytes } = received;
    const expected = chunk.position - chunk.start;
    if (digest !== chunk.checksum || bytes !== expected) {
      await writer?.discard();
      // Bytes written in place over a region nobody had verified: still nobody counts them.
      if (digest !== chunk.checksum) return { status: 422, body: CHECKSUM_MISMATCH };
      throw badRequest(`The file part holds ${bytes} bytes, not position - start (${expected}).`, "file");
    }
    // The held bytes again (staged because their checksum came after them): nothing to rewrite.
    if (held && writer && held.sha256 === digest && held.start === chunk.start) {
      await writer.discard();
      writer = undefined;
    }
    // A held chunk replaced by other bytes stops counting while its region is rewritten.
    if (held && writer) await forgetChunk(deps, upload.id, chunk.index);
    await writer?.keep();
    await markChunk(deps, upload, { index: chunk.index, start: chunk.start, length: bytes, sha256: digest });
    if (!chunk.isLast) return { status: 200, body: { success: true, index: chunk.index } };
    // Another chunk of this upload still being written would write into the completed file.
    if ([...writing].some((key) => key !== lock && key.startsWith(`${upload.id}:`))) throw UploadAnswer.busy();
    return { status: 200, body: await finishUpload(deps, caller, upload, chunk.index) };
  } finally {
    if (lock) writing.delete(lock);
  }
}

interface Received {
  chunk: ChunkFields;
  upload: MediaUploadRow;
  held: ChunkRow | undefined;
  digest: string;
  bytes: number;
}

/**
 * Hashes the file part as it arrives and hands it to `writer` (when there is one). Its length is
 * known from the fields (`position - start`), so the multipart reader takes exactly that many
 * bytes without searching them for the boundary, and fails when the boundary does not follow.
 */
async function take(part: Part, chunk: ChunkFields, writer: ChunkWriter | undefined) {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const piece of part.exactly(chunk.position - chunk.start)) {
    bytes += piece.length;
    hash.update(piece);
    await writer?.write(piece);
  }
  return { digest: hash.digest("hex"), bytes };
}

/**
 * The held row of this chunk's index, if any (`rows`: the upload's chunks, from `openUpload`). An upload that has chunks but no file in the store
 * (its bytes were lost, or kept as separate chunk files by an older server) cannot be completed:
 * it is forgotten and the client told to send the file again.
 */
async function heldChunk(
  deps: AppDeps,
  upload: MediaUploadRow,
  rows: ChunkRow[],
  index: number,
): Promise<ChunkRow | undefined> {
  if (rows.length > 0 && !(await deps.media.hasUpload(uploadKey(upload)))) {
    await deps.db.orm.delete(mediaUploads).where(eq(mediaUploads.id, upload.id));
    await deps.media.dropUpload(uploadKey(upload));
    throw conflict(`The bytes received so far for "${upload.name}" are gone: send the file again.`, "fileId");
  }
  return rows.find((row) => row.index === index);
}

const forgetChunk = (deps: AppDeps, uploadId: string, index: number) =>
  deps.db.orm
    .delete(mediaUploadChunks)
    .where(and(eq(mediaUploadChunks.uploadId, uploadId), eq(mediaUploadChunks.index, index)));

/**
 * The chunk counts from now on (the resume query lists it). Should another chunk overlapping it
 * have been written meanwhile (two requests of one client racing), neither counts: their
 * regions may hold each other's bytes.
 */
async function markChunk(
  deps: AppDeps,
  upload: MediaUploadRow,
  chunk: { index: number; start: number; length: number; sha256: string },
): Promise<void> {
  const now = deps.config.now();
  const overlapped = await deps.db.orm.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`media:${upload.accountId}`}, 0))`);
    const others = await tx
      .delete(mediaUploadChunks)
      .where(
        and(
          eq(mediaUploadChunks.uploadId, upload.id),
          ne(mediaUploadChunks.index, chunk.index),
          lt(mediaUploadChunks.start, chunk.start + chunk.length),
          sql`${mediaUploadChunks.start} + ${mediaUploadChunks.length} > ${chunk.start}`,
        ),
      )
      .returning({ index: mediaUploadChunks.index });
    const row = { uploadId: upload.id, ...chunk, createdAt: now };
    if (others.length === 0) {
      await tx
        .insert(mediaUploadChunks)
        .values(row)
        .onConflictDoUpdate({ target: [mediaUploadChunks.uploadId, mediaUploadChunks.index], set: row });
    } else {
      await tx
        .delete(mediaUploadChunks)
        .where(and(eq(mediaUploadChunks.uploadId, upload.id), eq(mediaUploadChunks.index, chunk.index)));
    }
    await tx.update(mediaUploads).set({ updatedAt: now }).where(eq(mediaUploads.id, upload.id));
    return others.map((other) => other.index);
  });
  if (overlapped.length > 0) {
    throw conflict(
      `Chunk ${chunk.index} overlapped chunk ${overlapped.join(", ")} while both were sent: send them again.`,
      "start",
    );
  }
}

function parseChunk(fields: Record<string, string>, limitBytes: number): ChunkFields {
  const chunk = parseInput(ChunkFieldsSchema, fields);
  checkRanges(chunk, limitBytes);
  return chunk;
}
