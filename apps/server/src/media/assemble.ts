import { randomUUID } from "node:crypto";
import { extname } from "node:path";
import { and, asc, eq, lt, or } from "drizzle-orm";
import { ENCODING_STATUS } from "@cuepoint/sdk";
import type { Caller } from "../http/authenticate.js";
import { media, mediaUploadChunks, mediaUploads, type MediaUploadRow } from "../db/schema/index.js";
import type { AppDeps } from "../deps.js";
import { HttpError } from "../http/errors.js";
import { readMediaLength } from "./mediaLength.js";
import { uploadKey } from "./uploads.js";

/** The last chunk's reply (PROTOCOL.md): the media's identifiers. `id` is the uniqueID again. */
export const doneReply = (upload: MediaUploadRow, mediaId: string) => ({
  success: true as const,
  message: { uuid: upload.fileId, uniqueID: mediaId, type: upload.type, id: mediaId },
});

/** An assembly that has not finished in this time is taken to have died with its server. */
const ASSEMBLY_TIMEOUT_MS = 10 * 60_000;

/** True while another request is completing the upload (and has not died doing so). */
export const isAssembling = (upload: MediaUploadRow, now: Date) =>
  upload.status === "assembling" && upload.updatedAt.getTime() > now.getTime() - ASSEMBLY_TIMEOUT_MS;

const BUSY = "This file is being completed by another request: try again in a moment.";

/**
 * A failure of the last chunk whose body says more than the message: 409 with the `missing`
 * chunk indexes, or 503 with `Retry-After` (the SDK sends the last chunk again after it).
 */
export class UploadAnswer extends HttpError {
  static busy = () => new UploadAnswer(503, BUSY);

  constructor(status: 409 | 503, message: string, readonly extra: Record<string, unknown> = {}) {
    super(status, message);
  }
}

/**
 * Completes an upload after its last chunk is kept: every chunk `0..last` must be held and
 * together make exactly `size` bytes; the upload's file (where each chunk was written at its
 * offset) is renamed to the account's file, no byte copied, and the media row is written.
 *
 * A video is written pending (`encoding_status` 2, no length yet) and handed to the media
 * processor (`deps.mediaProcessing`, not awaited), which reads its length and ends it at 0 or 5.
 * An audio file's length is read here, before the row is written (audio has no encoding status);
 * an image has neither. Only one request assembles a
 * given upload (`status` receiving → assembling); another meanwhile gets 503, and a last chunk
 * sent again after completion gets the same reply (the upload keeps `media_id`).
 */
export async function finishUpload(deps: AppDeps, caller: Caller, upload: MediaUploadRow, lastIndex: number) {
  const { orm } = deps.db;
  const now = deps.config.now();
  const [claimed] = await orm
    .update(mediaUploads)
    .set({ status: "assembling", updatedAt: now })
    .where(
      and(
        eq(mediaUploads.id, upload.id),
        or(
          eq(mediaUploads.status, "receiving"),
          and(
            eq(mediaUploads.status, "assembling"),
            lt(mediaUploads.updatedAt, new Date(now.getTime() - ASSEMBLY_TIMEOUT_MS)),
          ),
        ),
      ),
    )
    .returning();
  if (!claimed) {
    const [current] = await orm.select().from(mediaUploads).where(eq(mediaUploads.id, upload.id));
    if (current?.status === "complete" && current.mediaId) return doneReply(current, current.mediaId);
    throw UploadAnswer.busy();
  }
  const release = () => orm.update(mediaUploads).set({ status: "receiving" }).where(eq(mediaUploads.id, upload.id));
  // Once assembly has begun the chunks may be gone: a failure from there on starts the upload over.
  const forget = async () => {
    await orm.delete(mediaUploads).where(eq(mediaUploads.id, upload.id));
    await deps.media.dropUpload(uploadKey(upload));
  };

  const chunks = await orm
    .select()
    .from(mediaUploadChunks)
    .where(eq(mediaUploadChunks.uploadId, upload.id))
    .orderBy(asc(mediaUploadChunks.index));
  const held = new Map(chunks.map((chunk) => [chunk.index, chunk]));
  const missing = Array.from({ length: lastIndex + 1 }, (_, index) => index).filter((index) => !held.has(index));
  if (missing.length > 0) {
    await release();
    throw new UploadAnswer(
      409,
      `Chunks ${missing.join(", ")} of "${upload.name}" are missing: send them, then the last chunk again.`,
      {
        missing,
      },
    );
  }
  let end = 0;
  for (let index = 0; index <= lastIndex; index++) {
    const chunk = held.get(index)!;
    if (chunk.start !== end) break;
    end += chunk.length;
  }
  if (end !== upload.size) {
    // The chunks overlap or leave gaps (a client that changed its chunk size midway): start over.
    await forget();
    throw new UploadAnswer(
      409,
      `The chunks of "${upload.name}" do not make up its ${upload.size} bytes: upload the file again.`,
    );
  }

  const mediaId = randomUUID();
  const fileKey = `${caller.accountId}/${mediaId}${extname(upload.name).toLowerCase()}`;
  try {
    // The chunks were written at their offsets in one file: it only needs its name.
    await deps.media.complete(uploadKey(upload), fileKey);
  } catch (error) {
    await forget();
    throw error;
  }
  const stored = await deps.media.size(fileKey);
  if (stored !== upload.size) {
    // The file does not hold what the chunk rows say (bytes lost on the server): start over.
    await deps.media.remove(fileKey);
    await forget();
    throw new UploadAnswer(
      409,
      `The stored bytes of "${upload.name}" do not make up its ${upload.size} bytes: upload the file again.`,
    );
  }
  const length = upload.type === "audio" ? await readMediaLength(deps.media.localPath(fileKey)) : undefined;
  try {
    await orm.transaction(async (tx) => {
      await tx.insert(media).values({
        id: mediaId,
        accountId: caller.accountId,
        userId: caller.userId,
        name: upload.name,
        size: upload.size,
        type: upload.type,
        folderId: upload.folderId,
        storageKey: fileKey,
        mime: mimeOf(upload.name),
        videoLength: length ?? null,
        encodingStatus: upload.type === "video" ? ENCODING_STATUS.pending : null,
        createdAt: deps.config.now(),
      });
      await tx
        .update(mediaUploads)
        .set({ status: "complete", mediaId, updatedAt: deps.config.now() })
        .where(eq(mediaUploads.id, upload.id));
    });
  } catch (error) {
    await deps.media.remove(fileKey);
    await forget();
    throw error;
  }
  if (upload.type === "video") deps.mediaProcessing.afterUpload({ id: mediaId, accountId: caller.accountId });
  return doneReply(upload, mediaId);
}

const MIME: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".tiff": "image/tiff",
  ".ico": "image/x-icon",
  ".mp3": "audio/mpeg",
  ".wav": "audio/wav",
  ".m4a": "audio/mp4",
  ".mp4": "video/mp4",
  ".hevc": "video/hevc",
};

/**
 * The type files are served with, from the (allow-listed) extension. The client's `mime` field
 * is not trusted: served from this origin, a file claiming text/html would be a script host.
 */
export const mimeOf = (name: string): string => MIME[extname(name).toLowerCase()] ?? "application/octet-stream";
