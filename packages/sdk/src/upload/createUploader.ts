import { UPLOAD_CHUNK_SIZE, XSRF_COOKIE, XSRF_HEADER } from "../constants.js";
import { checkStorageLimit } from "../rules/upload/storageLimit.js";
import { mediaTypeOf } from "../rules/upload/uploadExtensions.js";
import { defaultRetryDelay } from "./backoff.js";
import { createEmitter } from "./emitter.js";
import { createEntry, inputsOf, type Entry } from "./entry.js";
import { CANCELED } from "./messages.js";
import { waitUntilReady, type GetJSON } from "./processing.js";
import { createRateMeter } from "./rate.js";
import { nodeModule } from "./node.js";
import { nodeSender } from "./nodeSender.js";
import { fetchSender, xhrSender } from "./transport.js";
import { uploadChunks, type ChunkContext, type UploadFailure } from "./uploadChunks.js";
import type {
  FileStatus, UploadQueueItem, UploadResult, Uploader, UploaderEvents, UploaderOptions, UploaderState,
} from "./types.js";

const waiting = (item: UploadQueueItem) => !item.isUploaded && !item.isError && !item.isCancelled;
const fresh: FileStatus = { phase: "queued", progress: 0, speed: 0, remaining: 0, uploaded: 0 };

/**
 * The chunked uploader of spec §4: a queue uploading one file at a time in chunks (spec §7
 * `POST upload/chunk`), resuming what the server already holds, retrying failed chunks, and
 * following each file through processing until the media is ready. Same API in browsers and Node.
 *
 * @example
 * const uploader = createUploader({ endpoint: `${mediaURL}/upload/chunk`, userId, token });
 * uploader.on("error", (e) => toast.error(UPLOAD_FAILED_TOAST.title, e.message));
 * uploader.subscribe((state) => render(state.queue, state.status));
 * uploader.add(input.files); // or, in Node: [{ blob: await fileFromPath(path), name: "intro.mp4" }]
 */
/* @__NO_SIDE_EFFECTS__ */
export function createUploader(options: UploaderOptions): Uploader {
  const { retries = 5, autoStart = true } = options;
  const fetcher: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const headers = (): Record<string, string> => {
    const token = typeof options.token === "function" ? options.token() : options.token;
    if (token) return { Authorization: `Bearer ${token}` };
    // No token: the page's session cookie authenticates, and a chunk POST must echo its XSRF value
    // (the API client does the same).
    const xsrf = globalThis.document?.cookie.match(new RegExp(`(?:^|;\\s*)${XSRF_COOKIE}=([^;]*)`))?.[1];
    return xsrf ? { [XSRF_HEADER]: decodeURIComponent(xsrf) } : {};
  };
  const getJSON: GetJSON = (url, signal) =>
    fetcher(url, { headers: headers(), signal })
      .then((response) => (response.ok ? response.json() : undefined))
      .catch(() => undefined);
  const ctx: ChunkContext = {
    // endpoint, userId and folderId as given (spread: the upload bundle is on a byte budget)
    ...options,
    chunkSize: options.chunkSize ?? UPLOAD_CHUNK_SIZE,
    retries,
    retryDelay: options.retryDelay ?? defaultRetryDelay,
    headers,
    getJSON,
    send:
      (!options.fetch && (typeof XMLHttpRequest === "function" ? xhrSender : nodeModule<object>("node:http") && nodeSender)) ||
      fetchSender(fetcher),
  };
  const events = createEmitter<UploaderEvents>();
  const listeners = new Set<(state: UploaderState) => void>();
  const entries = new Map<string, Entry>();
  let state: UploaderState = { queue: [], status: {}, allUploaded: true };
  let storage = options.storage;
  let uploadedBytes = 0;
  let current: string | undefined;
  let busy = false;
  let destroyed = false;
  let drained = Promise.resolve();

  const itemOf = (uuid: string) => state.queue.find((item) => item.uuid === uuid);
  const eventOf = (uuid: string) => ({ item: itemOf(uuid)!, status: state.status[uuid]! });
  const commit = (queue: UploadQueueItem[], status: Record<string, FileStatus>) => {
    state = { queue, status, allUploaded: !queue.some(waiting), current };
    options.onChange?.(state);
    for (const listener of listeners) listener(state);
  };
  const patch = (uuid: string, item?: Partial<UploadQueueItem>, status?: Partial<FileStatus>) => {
    const before = state.status[uuid];
    commit(
      item ? state.queue.map((it) => (it.uuid === uuid ? { ...it, ...item } : it)) : state.queue,
      status && before ? { ...state.status, [uuid]: { ...before, ...status } } : state.status,
    );
  };
  const revoke = (item: UploadQueueItem) => item.thumbnail && URL.revokeObjectURL(item.thumbnail);
  const fail = (uuid: string, error: UploadFailure, reason: "upload" | "processing") => {
    if (reason === "upload") current = undefined;
    patch(uuid, { isUploading: false, isError: true });
    const item = itemOf(uuid)!;
    events.emit("error", { item, name: item.name, message: error.message, reason, httpStatus: error.httpStatus });
  };

  async function follow(uuid: string, result: UploadResult, signal: AbortSignal) {
    const id = result.id;
    const url = itemOf(uuid)?.type === "video" && id !== undefined && options.mediaStatusURL?.(id);
    const poll = { getJSON, interval: options.pollInterval ?? 5000, retries };
    try {
      if (url && !(await waitUntilReady(poll, url, signal))) return;
      patch(uuid, { isReady: true }, { phase: "ready" });
      events.emit("ready", eventOf(uuid));
    } catch (error) {
      fail(uuid, error as Error, "processing");
    }
  }

  async function uploadOne(item: UploadQueueItem) {
    const { uuid, size } = item;
    const entry = entries.get(uuid)!;
    const { signal } = entry.controller;
    const meter = createRateMeter();
    let last = 0;
    let speed = 0;
    current = uuid;
    patch(uuid, { isUploading: true }, { ...fresh, phase: "uploading" });
    const onProgress = (uploaded: number, measured: boolean) => {
      if (!measured) meter.restart();
      else if (uploaded > last) speed = meter.add(uploaded - last);
      last = uploaded;
      const remaining = speed ? (size - uploaded) / speed : 0;
      patch(uuid, undefined, { uploaded, progress: size ? (uploaded / size) * 100 : 100, speed, remaining });
      events.emit("progress", eventOf(uuid));
    };
    try {
      const result = await uploadChunks(ctx, { uuid, blob: entry.blob, name: item.name }, signal, onProgress);
      if (result === CANCELED || signal.aborted) return; // cancel() or destroy() has said so
      uploadedBytes += size;
      const { uniqueID: fileID, type: fileType, id } = result;
      current = undefined;
      const done = { phase: "processing", progress: 100, uploaded: size, remaining: 0, fileID, fileType, id } as const;
      patch(uuid, { isUploading: false, isUploaded: true }, done);
      entry.settle(result);
      events.emit("uploaded", eventOf(uuid));
      events.emit("processing", eventOf(uuid));
      void follow(uuid, result, signal);
    } catch (error) {
      entry.settle(error as Error);
      fail(uuid, error as UploadFailure, "upload");
    }
  }

  async function run() {
    try {
      const next = () => (destroyed ? undefined : state.queue.find((it) => waiting(it) && !it.isUploading));
      for (let item = next(); item; item = next()) await uploadOne(item);
    } finally {
      busy = false;
    }
  }

  const start = () => {
    if (!busy) {
      busy = true;
      drained = run();
    }
    return drained;
  };

  const drop = (uuid: string) => {
    entries.get(uuid)?.controller.abort();
    entries.get(uuid)?.settle(CANCELED);
  };

  return {
    getState: () => state,
    add(files) {
      const added: string[] = [];
      for (const { blob, name, uuid: given } of inputsOf(files)) {
        const type = mediaTypeOf(name);
        const previous = state.queue.find((it) => (given ? it.uuid === given : entries.get(it.uuid)?.blob === blob));
        if (!type || (previous && waiting(previous))) continue;
        const reserved = state.queue.reduce((sum, it) => sum + (waiting(it) ? it.size : 0), uploadedBytes);
        const check =
          storage &&
          checkStorageLimit({ usedBytes: storage.usedBytes + reserved, limitGB: storage.limitGB, adding: blob.size });
        if (check && !check.ok) {
          events.emit("error", { name, message: check.message, reason: "storage" });
          continue;
        }
        const again = previous && !previous.isUploaded ? previous : undefined;
        const uuid = again?.uuid ?? (previous ? undefined : given) ?? crypto.randomUUID();
        // URL.createObjectURL is missing in some runtimes (web workers of old browsers, edge runtimes)
        const thumbnail = again?.thumbnail ?? ((type === "image" && URL.createObjectURL?.(blob)) || "");
        entries.set(uuid, createEntry(blob));
        const item: UploadQueueItem = {
          uuid, name, size: blob.size, type, thumbnail,
          isReady: false, isUploading: false, isUploaded: false, isError: false, isCancelled: false,
        };
        commit([...state.queue.filter((it) => it !== again), item], { ...state.status, [uuid]: fresh });
        added.push(uuid);
      }
      if (added.length && autoStart && !destroyed) void start();
      return added.map((uuid) => itemOf(uuid)!);
    },
    start,
    cancel(uuid) {
      const item = itemOf(uuid);
      if (!item || !waiting(item)) return false;
      drop(uuid);
      if (current === uuid) current = undefined;
      patch(uuid, { isUploading: false, isCancelled: true });
      return true;
    },
    remove(uuid) {
      const item = itemOf(uuid);
      if (!item || item.isUploading) return false;
      drop(uuid);
      revoke(item);
      entries.delete(uuid);
      const { [uuid]: _gone, ...status } = state.status;
      commit(state.queue.filter((it) => it !== item), status);
      return true;
    },
    done: (uuid) => entries.get(uuid)?.promise ?? Promise.reject(new Error(`No upload ${uuid}`)),
    setStorage(next) {
      storage = next;
      uploadedBytes = 0;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    on: events.on,
    destroy() {
      destroyed = true;
      for (const uuid of entries.keys()) drop(uuid);
      state.queue.forEach(revoke);
      entries.clear();
      listeners.clear();
      events.clear();
    },
  };
}
