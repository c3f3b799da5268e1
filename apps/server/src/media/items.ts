import { and, eq, gt, inArray, ne, sql, sum, type SQL } from "drizzle-orm";
import { UPLOAD_CHUNK_SIZE, type MediaItem } from "@cuepoint/sdk";
import { media, mediaUploadChunks, mediaUploads, type MediaRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { isUuid } from "../http/ids.js";
import { notFound } from "../http/errors.js";

/** Where the owner downloads a file (bearer token needed, like every call). */
export const fileURL = (id: string) => `/api/media/${id}/file`;

/** A media item as the API answers it (the SDK's MediaItem; `folder_type` on folders). */
export function toWire(row: MediaRow, folderBytes = 0): MediaItem {
  const item: MediaItem = {
    uniqueID: row.id,
    name: row.name,
    size: row.type === "folder" ? folderBytes : row.size,
    type: row.type,
    folder_id: row.folderId,
    created_at: row.createdAt.toISOString(),
  };
  if (row.videoLength) item.video_length = row.videoLength;
  if (row.encodingStatus !== null) item.encoding_status = row.encodingStatus;
  if (row.encodingProgress !== null) item.encoding_progress = row.encodingProgress;
  if (row.encodingError !== null) item.encoding_error = row.encodingError;
  if (row.storageKey) item.url = fileURL(row.id);
  if (row.type === "folder" && row.folderType) item.folder_type = row.folderType;
  return item;
}

/** The caller's media row `id` (a file or folder), or 404 as for an id that does not exist. */
export async function findMedia(
  orm: Orm,
  accountId: string,
  id: string,
  what = "media file or folder",
): Promise<MediaRow> {
  const [row] = isUuid(id)
    ? await orm
        .select()
        .from(media)
        .where(and(eq(media.id, id), eq(media.accountId, accountId)))
    : [];
  if (!row) throw notFound(`There is no ${what} with this id.`);
  return row;
}

/** Bytes in each of these folders (their files' sizes). */
export async function folderSizes(orm: Orm, accountId: string, folderIds: string[]): Promise<Map<string, number>> {
  if (folderIds.length === 0) return new Map();
  const rows = await orm
    .select({ folderId: media.folderId, bytes: sum(media.size).mapWith(Number) })
    .from(media)
    .where(and(eq(media.accountId, accountId), inArray(media.folderId, folderIds)))
    .groupBy(media.folderId);
  return new Map(rows.map((row) => [row.folderId ?? "", row.bytes]));
}

/** An unfinished upload is kept (its bytes, for a resume) this long after its last chunk, then dropped. */
export const UPLOAD_RESERVATION_MS = 24 * 60 * 60_000;

/**
 * An unfinished upload whose chunks stop coming for this long is idle: it keeps counting the bytes it
 * holds, but no longer reserves room for the ones still to come.
 */
export const UPLOAD_IDLE_MS = 30 * 60_000;

export interface StorageUsedOptions {
  /** An upload left out (the one being checked, whose whole declared size is added by the caller). */
  exceptUpload?: string | undefined;
  /** Room reserved for the next chunk of an active upload (the server's chunk limit). */
  allowanceBytes?: number;
}

/**
 * Bytes the account uses for the storage limit: its files and their encoded HLS (each video's
 * `hls.bytes`: renditions, superseded ones still served, poster), plus what its unfinished uploads really
 * take: the bytes each has received, and, while its chunks keep coming (within
 * {@link UPLOAD_IDLE_MS}), room for one more chunk, never more than its declared size. A declared
 * size alone reserves nothing: a 1 KB chunk that claims 39 GiB holds 1 KB and one chunk's room, and
 * only while it goes on.
 */
export async function storageUsed(orm: Orm, accountId: string, now: Date, options: StorageUsedOptions = {}): Promise<number> {
  const { exceptUpload, allowanceBytes = UPLOAD_CHUNK_SIZE } = options;
  const open: SQL[] = [
    eq(mediaUploads.accountId, accountId),
    ne(mediaUploads.status, "complete"),
    gt(mediaUploads.updatedAt, new Date(now.getTime() - UPLOAD_RESERVATION_MS)),
  ];
  if (exceptUpload) open.push(ne(mediaUploads.id, exceptUpload));
  const received = orm
    .select({ uploadId: mediaUploadChunks.uploadId, bytes: sum(mediaUploadChunks.length).as("bytes") })
    .from(mediaUploadChunks)
    .groupBy(mediaUploadChunks.uploadId)
    .as("received");
  const active = sql`${mediaUploads.updatedAt} > ${new Date(now.getTime() - UPLOAD_IDLE_MS).toISOString()}::timestamptz`;
  const held = sql`coalesce(${received.bytes}, 0)`;
  const [[files], [uploads]] = await Promise.all([
    orm
      .select({ bytes: sql`coalesce(sum(${media.size}), 0) + coalesce(sum((${media.hls}->>'bytes')::bigint), 0)`.mapWith(Number) })
      .from(media)
      .where(eq(media.accountId, accountId)),
    orm
      .select({
        bytes: sql`sum(least(${mediaUploads.size}, ${held} + case when ${active} then ${allowanceBytes} else 0 end))`.mapWith(Number),
      })
      .from(mediaUploads)
      .leftJoin(received, eq(received.uploadId, mediaUploads.id))
      .where(and(...open)),
  ]);
  return (files?.bytes ?? 0) + (uploads?.bytes ?? 0);
}
