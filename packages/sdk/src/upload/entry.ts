import type { Canceled } from "./messages.js";
import type { UploadInput, UploadResult } from "./types.js";

/** What the uploader keeps beside a queue item: the file, its abort switch and its outcome. */
export interface Entry {
  blob: Blob;
  /** Aborts the chunk in flight, and the status questions of the processing phase. */
  controller: AbortController;
  promise: Promise<UploadResult | Canceled>;
  /** Resolves (or, with an Error, rejects) `promise`; later calls do nothing. */
  settle(outcome: UploadResult | Canceled | Error): void;
}

export function createEntry(blob: Blob): Entry {
  let settle!: Entry["settle"];
  const promise = new Promise<UploadResult | Canceled>((resolve, reject) => {
    settle = (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome));
  });
  promise.catch(() => {}); // a failure nobody awaits is reported through the error event
  return { blob, controller: new AbortController(), promise, settle };
}

/** One input or a list (array, FileList) of them, as `{ blob, name, uuid? }`. */
export function inputsOf(
  files: UploadInput | ArrayLike<UploadInput> | Iterable<UploadInput>,
): { blob: Blob; name: string; uuid?: string | undefined }[] {
  const list = files instanceof Blob || "blob" in files ? [files] : Array.from(files);
  // A File has a name; a bare Blob (fs.openAsBlob) has none and so no accepted extension.
  return list.map((input) => (input instanceof Blob ? { blob: input, name: (input as File).name ?? "" } : input));
}
