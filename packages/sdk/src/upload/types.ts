import type { UploadMediaType } from "../rules/upload/uploadExtensions.js";
import type { Canceled } from "./messages.js";

/** An item of the upload queue (spec §3 "Upload queue item"), with the spec's field names. */
export interface UploadQueueItem {
  /** Also the wire `fileId` of every chunk: stable for this file in this uploader. */
  uuid: string;
  name: string;
  /** Bytes. */
  size: number;
  /** The media kind, from the extension. */
  type: UploadMediaType;
  /** An object URL of the file for images when the platform has `URL.createObjectURL`, else "". */
  thumbnail: string;
  /** The server says the media can be used (after the processing phase). */
  isReady: boolean;
  isUploading: boolean;
  isUploaded: boolean;
  isError: boolean;
  isCancelled: boolean;
}

/** The progress of one file (spec §3 "Upload status"), with the spec's field names. */
export interface UploadStatus {
  /** Percent, 0 to 100. */
  progress: number;
  /** Bytes per second, smoothed (exponential moving average); 0 until measured. */
  speed: number;
  /** Seconds left at the current speed; 0 until measured. Always finite. */
  remaining: number;
  /** Bytes the server holds. */
  uploaded: number;
  /** From the last chunk's reply: `message.uniqueID`, the media's identifier. */
  fileID?: string;
  /** From the last chunk's reply: `message.type`. */
  fileType?: string;
  /** From the last chunk's reply: `message.id`. */
  id?: number | string;
}

/** Where a file stands: an SDK addition to the spec's status, not a wire field. */
export type UploadPhase = "queued" | "uploading" | "processing" | "ready";

export interface FileStatus extends UploadStatus {
  phase: UploadPhase;
}

export interface UploaderState {
  queue: UploadQueueItem[];
  status: Record<string, FileStatus>;
  /** No file is waiting or uploading (true for an empty queue). */
  allUploaded: boolean;
  /** The uuid of the file being uploaded now. */
  current?: string;
}

/**
 * A file to upload. A bare `Blob` has no name (`fileFromPath` and Node's `fs.openAsBlob` return
 * one): pass `{ blob, name }`. Passing the `uuid` of an earlier, interrupted upload resumes it.
 */
export type UploadInput = Blob | { blob: Blob; name: string; uuid?: string };

/** The last chunk's reply `message` (spec §7). */
export interface UploadResult {
  uuid?: string;
  uniqueID?: string;
  type?: string;
  id?: number | string;
}

export interface UploadEvent {
  item: UploadQueueItem;
  status: FileStatus;
}

export interface UploadErrorEvent {
  /** Absent when the file was never queued (storage limit). */
  item?: UploadQueueItem;
  name: string;
  message: string;
  reason: "storage" | "upload" | "processing";
  /** The HTTP status of the failing reply, if any. */
  httpStatus?: number;
}

export interface UploaderEvents {
  progress: UploadEvent;
  uploaded: UploadEvent;
  processing: UploadEvent;
  ready: UploadEvent;
  error: UploadErrorEvent;
}

export interface UploaderOptions {
  /** The media host's chunk URL, e.g. `${apiURL}/upload/chunk` (spec §7). */
  endpoint: string;
  /** Sent as the `userId` field of every chunk. */
  userId: string;
  /** The uniqueID of a media folder to put the files in: sent as the `folderId` field of every chunk. */
  folderId?: string;
  /**
   * Bearer token; a function is asked before every request, so a refreshed token is picked up.
   * Without one, a browser's session cookie authenticates and the `XSRF-TOKEN` cookie is echoed.
   */
  token?: string | (() => string | undefined);
  /** Bytes per chunk; UPLOAD_CHUNK_SIZE (100 MB) by default. */
  chunkSize?: number;
  /** The account's storage: files that would exceed it are rejected, not queued. */
  storage?: StorageUsage;
  /** Retries of one chunk (and failed status questions in a row while processing); 5 by default. */
  retries?: number;
  /** Milliseconds before retry number `attempt` (1, 2, ...); exponential with jitter by default. */
  retryDelay?: (attempt: number) => number;
  /**
   * Used for every request when given. Otherwise chunks go through `XMLHttpRequest` where it exists
   * (browsers: progress within a chunk), through `node:http` / `node:https` in Node ≥ 20.16 (memory
   * flat whatever the chunk size: see PROTOCOL.md), and through the global `fetch` elsewhere; the
   * resume query and the media status questions always use the global `fetch`. In Node, pass a
   * `fetch` to send chunks through it instead (a proxy dispatcher, say): up to 32 MiB more memory.
   */
  fetch?: typeof fetch;
  /**
   * The URL that tells whether an uploaded video is ready: `GET` answers
   * `{ ready: boolean, status?: number }` (status: 0 encoded, 1 in progress, 2 pending, 5 failed).
   * Without it, and for images and audio always, a file is ready as soon as it is uploaded.
   */
  mediaStatusURL?: (id: number | string) => string;
  /** Milliseconds between two media status questions; 5000 by default. */
  pollInterval?: number;
  /** Start uploading as soon as files are added; true by default. */
  autoStart?: boolean;
  /** Called with every new state, like a `subscribe` listener. */
  onChange?: (state: UploaderState) => void;
}

export interface StorageUsage {
  /** Bytes the account stores now. */
  usedBytes: number;
  /** The plan's storage in GB; -1 means unlimited. */
  limitGB: number;
}

export interface Uploader {
  /** The current state; a new object after every change (fit for `useSyncExternalStore`). */
  getState(): UploaderState;
  /**
   * Queues files and returns the queued items. Unknown extensions are skipped silently; a file
   * over the storage limit is not queued and an `error` event (reason "storage") carries the message.
   * Adding a cancelled or failed file again resumes it under the same uuid.
   */
  add(files: UploadInput | ArrayLike<UploadInput> | Iterable<UploadInput>): UploadQueueItem[];
  /** Uploads waiting files one at a time; resolves when none is left. */
  start(): Promise<void>;
  /** Stops a waiting or uploading file (aborting its chunk in flight); false if there is none. */
  cancel(uuid: string): boolean;
  /** Takes a file that is not uploading off the list; false if it is uploading or unknown. */
  remove(uuid: string): boolean;
  /** The file's upload: the last reply's message, CANCELED, or a rejection with the server message. */
  done(uuid: string): Promise<UploadResult | Canceled>;
  /** New storage figures (after a refresh of the account); files uploaded so far are in them. */
  setStorage(storage: StorageUsage): void;
  subscribe(listener: (state: UploaderState) => void): () => void;
  on<K extends keyof UploaderEvents>(type: K, listener: (event: UploaderEvents[K]) => void): () => void;
  /** Aborts everything, revokes thumbnails and drops listeners. */
  destroy(): void;
}
