import type { MediaItem, MediaType } from "../schemas/index.js";
import type { CreateFolderRequest, RenameFileRequest } from "../schemas/requests/media.js";
import type { CuepointPromise, Fetcher } from "./createFetcher.js";
import { group } from "./group.js";
import type { Ack, Success } from "./types.js";

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
}

/**
 * The media library (spec §7 "Media"). Uploading files is the chunked uploader's job
 * (`@cuepoint/sdk/upload`).
 */
export const media = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): MediaResource =>
  group<MediaResource>(call, {
    list: "GET /media/ajaxGetFiles/{type}",
    rename: "POST /media/renameFile",
    delete: "DELETE /media/{id}",
    createFolder: "POST /media/create",
  });
