import type { Uploader, UploaderState } from "../types.js";

/** Deterministic, non-repeating-looking bytes: a file whose chunks all differ. */
export function bytesOf(size: number, seed = 1): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let x = seed * 2654435761;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    bytes[i] = x >>> 24;
  }
  return bytes;
}

/** A named file of `size` bytes, as a browser's file input would give it. */
export function fileOf(name: string, size: number, seed = 1, type = ""): File {
  return new File([bytesOf(size, seed)], name, { type });
}

/** Resolves with the first state (current or coming) that satisfies `test`. */
export function stateWhere(uploader: Uploader, test: (state: UploaderState) => boolean): Promise<UploaderState> {
  return new Promise((resolve) => {
    if (test(uploader.getState())) return resolve(uploader.getState());
    const stop = uploader.subscribe((state) => {
      if (!test(state)) return;
      stop();
      resolve(state);
    });
  });
}
