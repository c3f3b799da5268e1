import { createUploader, UPLOAD_FAILED_TOAST, UPLOAD_SUCCESS_TOAST, type Uploader, type UploaderState } from "@cuepoint/sdk/upload";
import { useSyncExternalStore } from "react";
import { apiURL } from "../../api/client.js";
import { createStore, useStore } from "../../lib/store.js";
import { refreshSessionData } from "../../session/dataStore.js";
import { toast } from "../../ui/Toasts.js";

/*
 * The upload dialog's state, kept outside the screens so uploads go on (and the corner bar stays)
 * while the person moves around: one uploader at a time, the dialog open / minimised flags.
 */

export interface UploadTarget {
  userId: string;
  /** The folder files go into; undefined for the library's top level. */
  folderId: string | undefined;
  usedBytes: number;
  limitGB: number;
}

const EMPTY: UploaderState = { queue: [], status: {}, allUploaded: true };
let uploader: Uploader | undefined;
let target: UploadTarget | undefined;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** `open`: the dialog shows; `minimised`: the corner bar shows instead. */
export const uploadView = createStore<{ open: boolean; minimised: boolean }>({ open: false, minimised: false });

/** Called after every finished upload; the media screen sets it to reload its lists. */
let onUploaded: () => void = () => {};
export const setOnUploaded = (fn: () => void): void => {
  onUploaded = fn;
};

function build(next: UploadTarget): Uploader {
  const made = createUploader({
    endpoint: `${apiURL}/upload/chunk`,
    userId: next.userId,
    ...(next.folderId && { folderId: next.folderId }),
    storage: { usedBytes: next.usedBytes, limitGB: next.limitGB },
    mediaStatusURL: (id) => `${apiURL}/media/${encodeURIComponent(String(id))}/status`,
  });
  made.subscribe(notify);
  made.on("uploaded", () => {
    toast.success(UPLOAD_SUCCESS_TOAST.title, { body: UPLOAD_SUCCESS_TOAST.body });
    onUploaded();
    for (const key of ["images", "audios", "videos"] as const) void refreshSessionData(key);
  });
  // A video is processed on the server after its upload: once ready or failed, show its new status.
  const processed = () => {
    onUploaded();
    void refreshSessionData("videos");
  };
  made.on("ready", (event) => (event.item.type === "video" ? processed() : onUploaded()));
  made.on("error", (event) => {
    if (event.reason === "processing") processed();
    toast.error(UPLOAD_FAILED_TOAST.title, {
      body: event.reason === "storage" ? event.message : `${UPLOAD_FAILED_TOAST.body} ${event.name}: ${event.message}`,
    });
  });
  return made;
}

/**
 * The uploader for a folder: the running one while it still has work or points at the same
 * folder, else a fresh one (finished items of the old one are dropped).
 *
 * @example
 * uploaderFor({ userId, folderId, usedBytes, limitGB }).add(input.files);
 */
export function uploaderFor(next: UploadTarget): Uploader {
  const busy = uploader && !uploader.getState().allUploaded;
  if (uploader && (busy || target?.folderId === next.folderId)) {
    uploader.setStorage({ usedBytes: next.usedBytes, limitGB: next.limitGB });
    return uploader;
  }
  uploader?.destroy();
  target = next;
  uploader = build(next);
  notify();
  return uploader;
}

/** The current uploader, if one was made. */
export const currentUploader = (): Uploader | undefined => uploader;

/** The upload queue and statuses, for rendering. */
export function useUploadState(): UploaderState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => uploader?.getState() ?? EMPTY,
  );
}

export const useUploadView = () => useStore(uploadView);
