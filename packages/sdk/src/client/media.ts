import type { EncodingStatus, MediaItem, MediaType } from "../schemas/index.js";
import type { CreateFolderRequest, RenameFileRequest } from "../schemas/requests/media.js";
import type { CuepointPromise, Fetcher } from "./createFetcher.js";
import { group } from "./group.js";
import { fetcherOf, route, type CallOf } from "./route.js";
import type { Ack, Success } from "./types.js";

/** Whether an uploaded media can be used (`GET /media/{id}/status`, the uploader's `mediaStatusURL`). */
export interface MediaStatus {
  ready: boolean;
  /** Encoding status: 0 encoded, 1 in progress, 2 pending, 5 failed (never ready). */
  status: EncodingStatus;
  /** Percent done (0–100) while a video is encoded (status 1). */
  encoding_progress?: number;
  /** Why the video's encoding failed (status 5), in words for the host. */
  encoding_error?: string;
}

export interface MediaResource {
  /** `GET /media/ajaxGetFiles/{type}`. @example const { success: images } = await client.media.list("image") */
  list(type: MediaType): CuepointPromise<Success<MediaItem[]>>;
  /** `POST /media/renameFile`. @example await client.media.rename({ uniqueID, name: "intro.mp4" }) */
  rename(body: RenameFileRequest): CuepointPromise<Success<MediaItem>>;
  /**
   * `DELETE /media/{id}`; a failure rejects with an `ApiError` carrying the server's message.
   *
   * @example
   * await client.media.delete(item.uniqueID).catch((e) => toast.error(e.message))
   */
  delete(id: string | number): CuepointPromise<Ack>;
  /** `POST /media/create`: a folder. @example await client.media.createFolder({ name: "Intros", type: "video" }) */
  createFolder(body: CreateFolderRequest): CuepointPromise<Success<MediaItem>>;
  /** `GET /media/{id}/status`: is the media ready? @example const { ready } = await client.media.status(item.uniqueID) */
  status(id: string | number): CuepointPromise<MediaStatus>;
  /**
   * `GET /media/{id}/file`: the file's bytes, with the bearer token (the owner only). A failure
   * rejects with an `ApiError` carrying the server's message.
   *
   * @example
   * const blob = await client.media.download(item.uniqueID)
   * img.src = URL.createObjectURL(blob)
   */
  download(id: string | number): CuepointPromise<Blob>;
}

/** `GET /media/ajaxGetFiles/{type}`. @example const { success: images } = await mediaList(client, "image") */
export const mediaList: CallOf<MediaResource["list"]> = /* @__PURE__ */ route("GET /media/ajaxGetFiles/{type}");

/** `POST /media/renameFile`. @example await mediaRename(client, { uniqueID, name: "intro.mp4" }) */
export const mediaRename: CallOf<MediaResource["rename"]> = /* @__PURE__ */ route("POST /media/renameFile");

/**
 * `DELETE /media/{id}`; a failure rejects with an `ApiError` carrying the server's message.
 *
 * @example
 * await mediaDelete(client, item.uniqueID).catch((e) => toast.error(e.message))
 */
export const mediaDelete: CallOf<MediaResource["delete"]> = /* @__PURE__ */ route("DELETE /media/{id}");

/** `POST /media/create`: a folder. @example await mediaCreateFolder(client, { name: "Intros", type: "video" }) */
export const mediaCreateFolder: CallOf<MediaResource["createFolder"]> = /* @__PURE__ */ route("POST /media/create");

/** `GET /media/{id}/status`: is the media ready? @example const { ready } = await mediaStatus(client, item.uniqueID) */
export const mediaStatus: CallOf<MediaResource["status"]> = /* @__PURE__ */ route("GET /media/{id}/status");

/**
 * `GET /media/{id}/file`: the file's bytes, with the bearer token (the owner only). A failure
 * rejects with an `ApiError` carrying the server's message.
 *
 * @example
 * const blob = await mediaDownload(client, item.uniqueID)
 * img.src = URL.createObjectURL(blob)
 */
export const mediaDownload: CallOf<MediaResource["download"]> = (client, id) =>
  fetcherOf(client)("GET", `/media/${encodeURIComponent(id)}/file`, undefined, { responseType: "blob" });

/**
 * The media library (spec §7 "Media"). Uploading files is the chunked uploader's job
 * (`@cuepoint/sdk/upload`).
 */
export const media = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): MediaResource =>
  group<MediaResource>(call, {
    list: mediaList,
    rename: mediaRename,
    delete: mediaDelete,
    createFolder: mediaCreateFolder,
    status: mediaStatus,
    download: mediaDownload,
  });
