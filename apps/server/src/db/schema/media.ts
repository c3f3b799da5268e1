import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import type { EncodingStatus, MediaType } from "@cuepoint/sdk";
import { accounts, users } from "./accounts.js";

/**
 * One rendition of an encoded video's HLS ladder. Its segments are the files
 * `${path}/${String(i).padStart(5, "0")}.ts` of the media store, `segments[i]` seconds long;
 * `path` is a store key prefix unique to the encoding run, so files a room is serving are never
 * overwritten by a later run.
 */
export interface HlsRendition {
  /** "360p", "720p", "1080p", or "source" for a repackaged (not re-encoded) H.264/AAC upload. */
  name: string;
  width: number;
  height: number;
  /** Peak bits per second, for the master playlist's BANDWIDTH. */
  bandwidth: number;
  /** RFC 6381 codecs, for the master playlist's CODECS (e.g. "avc1.64001f,mp4a.40.2"). */
  codecs: string;
  path: string;
  /** Each segment's duration in seconds, in order. */
  segments: number[];
}

/**
 * What a video's encoding produced, written in one UPDATE once its files are all in the store (so
 * nothing half-written is ever served). Null until the video is playable.
 */
export interface HlsManifest {
  /** The encoding run (also in every rendition's `path`). */
  version: string;
  durationSeconds: number;
  renditions: HlsRendition[];
  /** Store key of a poster image (JPEG), or null. */
  poster: string | null;
  /** False while only the repackaged "source" rendition exists and the ladder is still being made. */
  ladderComplete: boolean;
  /**
   * Renditions no longer offered to new players (the repackaged "source", once the ladder replaced
   * it) but still served, until `supersededUntil`, to players that hold their playlist; then the
   * media processor's sweep removes them. Absent when there are none.
   */
  superseded?: HlsRendition[];
  /** ISO instant after which `superseded` goes. */
  supersededUntil?: string;
  /** Bytes of every file this manifest keeps in the store (renditions, superseded ones, poster): they count toward the storage limit. */
  bytes?: number;
  /** Lines on the upload's short side: which rungs it can still get (1080p when a timeline asks for it later). */
  sourceLines?: number;
}

const bytes = (name: string) => bigint(name, { mode: "number" });
const at = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/**
 * A media library item (spec §3 "Media item"): an uploaded image, audio or video file, or a
 * folder. `id` is the wire `uniqueID`. Owned by the media and upload routes.
 */
export const media = pgTable(
  "media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Who uploaded or created it; kept when that user goes. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** Bytes; 0 for folders (their listed size is the sum of their files). */
    size: bytes("size").notNull().default(0),
    type: text("type").$type<MediaType>().notNull(),
    /** Folders only: the library they were created for (`POST /media/create` `type`). */
    folderType: text("folder_type").$type<MediaType>(),
    /**
     * The folder holding the item. No ON DELETE action: a folder with files cannot be deleted
     * (the route says so first; the key makes it true even under concurrent writes).
     */
    folderId: uuid("folder_id").references((): AnyPgColumn => media.id),
    /** Where the media store keeps the bytes (`<account>/<id><ext>`); null for folders. */
    storageKey: text("storage_key"),
    mime: text("mime").notNull().default(""),
    /** `hh:mm:ss`, read from the file for audio and video; null when unknown. */
    videoLength: text("video_length"),
    /**
     * Videos only: 0 encoded, 1 in progress, 2 pending, 5 failed (spec §4). An upload leaves a
     * video at 2; the media processor (media/processing.ts) claims it (1) and ends it at 0 or 5.
     */
    encodingStatus: smallint("encoding_status").$type<EncodingStatus>(),
    /** When a media processor last claimed the video (status 1); a claim older than the timeout is taken over. */
    processingClaimedAt: timestamp("processing_claimed_at", { withTimezone: true }),
    /** Claims so far; at the processor's maximum, a claim that expires again fails the video (5). */
    processingAttempts: integer("processing_attempts").notNull().default(0),
    /** Videos only: percent done (0-100) while the encoder runs (status 1); null otherwise. */
    encodingProgress: smallint("encoding_progress"),
    /** Videos only: why encoding failed (status 5), in words the host can act on; null otherwise. */
    encodingError: text("encoding_error"),
    /** Videos only: the HLS the room plays, once playable (see {@link HlsManifest}). */
    hls: jsonb("hls").$type<HlsManifest>(),
    createdAt: at("created_at"),
  },
  (t) => [
    index("media_account_type_idx").on(t.accountId, t.type),
    index("media_folder_idx").on(t.folderId),
    // The processor's sweep: the few videos pending or in progress.
    index("media_processing_idx")
      .on(t.encodingStatus)
      .where(sql`${t.encodingStatus} in (1, 2)`),
  ],
);

export type MediaRow = typeof media.$inferSelect;

/**
 * A chunked upload in progress (`POST /upload/chunk`), per account and client `fileId`: the same
 * fileId in two accounts is two uploads, so nobody can add chunks to another account's file.
 * `size` (the declared total) is reserved against the storage limit while `status` is
 * `receiving` or `assembling`; a `complete` upload keeps pointing at its media so that a repeated
 * last chunk answers the same file again, and goes with that media.
 */
export const mediaUploads = pgTable(
  "media_uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    fileId: text("file_id").notNull(),
    name: text("name").notNull(),
    mime: text("mime").notNull().default(""),
    size: bytes("size").notNull(),
    type: text("type").$type<"image" | "audio" | "video">().notNull(),
    folderId: uuid("folder_id").references((): AnyPgColumn => media.id, { onDelete: "set null" }),
    status: text("status").$type<"receiving" | "assembling" | "complete">().notNull().default("receiving"),
    mediaId: uuid("media_id").references((): AnyPgColumn => media.id, { onDelete: "cascade" }),
    createdAt: at("created_at"),
    updatedAt: at("updated_at"),
  },
  (t) => [
    uniqueIndex("media_uploads_account_file_idx").on(t.accountId, t.fileId),
    index("media_uploads_open_idx")
      .on(t.accountId)
      .where(sql`${t.status} <> 'complete'`),
  ],
);

export type MediaUploadRow = typeof mediaUploads.$inferSelect;

/** A verified chunk of an upload: its byte range and SHA-256. Re-sending an index replaces it. */
export const mediaUploadChunks = pgTable(
  "media_upload_chunks",
  {
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => mediaUploads.id, { onDelete: "cascade" }),
    index: integer("index").notNull(),
    start: bytes("start").notNull(),
    length: bytes("length").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: at("created_at"),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.index] })],
);
