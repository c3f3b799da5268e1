/** What the uploader needs from a chunk reply. */
export interface ChunkReply {
  status: number;
  text: string;
  /** The `Retry-After` header, if any. */
  retryAfter?: string | null;
}

/** The chunk in `body`'s `file` part: bytes `start..end` (end excluded) of the whole file `blob`. */
export interface ChunkRange {
  blob: Blob;
  start: number;
  end: number;
}

/**
 * Posts one chunk; `onProgress` gets the request bytes sent so far, when the platform can tell.
 * A sender that `hashes` is given a form without `checksum`: it hashes the file as it sends it and
 * sends the checksum after it, as the last part (PROTOCOL.md). `chunk` says where the file part
 * comes from (the Node sender reads a `fileFromPath` file from disk itself).
 */
export type SendChunk = ((
  url: string,
  body: FormData,
  headers: Record<string, string>,
  signal: AbortSignal,
  onProgress: (loaded: number) => void,
  chunk: ChunkRange,
) => Promise<ChunkReply>) & { hashes?: boolean };

/**
 * Posts with `fetch`. Node's fetch reports no upload progress, so progress moves at chunk
 * boundaries; the body streams (a `Blob` slice in `FormData` is read as it is sent).
 *
 * `redirect: "error"` with `window: null` keeps memory flat in Node: otherwise undici clones the
 * request (to replay it on a redirect) by teeing the body stream, and the unread branch holds the
 * whole chunk (measured: +100 MB per 100 MB chunk). A chunk endpoint has no business redirecting.
 */
export function fetchSender(fetcher: typeof fetch): SendChunk {
  return async (url, body, headers, signal) => {
    const init = { method: "POST", body, headers, signal, redirect: "error", window: null } as const;
    const response = await fetcher(url, init);
    return {
      status: response.status,
      text: await response.text(),
      retryAfter: response.headers.get("retry-after"),
    };
  };
}

/** Posts with `XMLHttpRequest`, the one browser API that reports upload progress. */
export const xhrSender: SendChunk = (url, body, headers, signal, onProgress) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    xhr.open("POST", url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () =>
      resolve({ status: xhr.status, text: xhr.responseText, retryAfter: xhr.getResponseHeader("retry-after") });
    // No timeout is set, so no ontimeout; an aborted signal never gets here (uploadChunks checks
    // it just before sending).
    xhr.onerror = xhr.onabort = () => reject(new TypeError()); // uploadChunks reports a "Network error"
    xhr.onloadend = () => signal.removeEventListener("abort", abort); // after load, error or abort
    signal.addEventListener("abort", abort);
    xhr.send(body);
  });
