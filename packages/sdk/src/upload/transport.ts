import { nodeModule, release } from "./node.js";

/** What the uploader needs from a chunk reply. */
export interface ChunkReply {
  status: number;
  text: string;
  /** The `Retry-After` header, if any. */
  retryAfter?: string | null;
}

/** Posts one chunk; `onProgress` gets the request bytes sent so far, when the platform can tell. */
export type SendChunk = (
  url: string,
  body: FormData,
  headers: Record<string, string>,
  signal: AbortSignal,
  onProgress: (loaded: number) => void,
) => Promise<ChunkReply>;

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

interface NodeReply extends AsyncIterable<Uint8Array> {
  statusCode: number;
  headers: { "retry-after"?: string };
}
interface NodeRequest {
  on(event: string, listener: (arg: never) => void): NodeRequest;
  write(part: Uint8Array | string, done: (error?: Error | null) => void): void;
  end(): void;
  destroy(): void;
}
type NodeHttp = { request(url: string, options: object): NodeRequest };

/** Bytes of the chunk read at once, and how many such pieces are read ahead of the socket. */
const PIECE = 1 << 20;
const AHEAD = Number(globalThis.process?.env?.SU_AHEAD ?? 32);

/**
 * Node (≥ 20.16): posts with `node:http` / `node:https`, streaming the body itself so that memory
 * stays flat: the chunk is read 1 MiB at a time, a few pieces ahead of the socket, and each piece
 * is released as soon as the socket is done with it (see `release`), where fetch would leave every
 * piece it sent to V8's next scavenge (up to 32 MiB more). The body is `FormData`'s own encoding,
 * made with an empty file (this changes `form`: uploadChunks makes one per attempt), the chunk (a
 * lazy `Blob`, read here) put where the empty file was. Like fetch's defaults, a request idle for
 * 5 minutes fails (and is retried); unlike fetch's `redirect: "error"`, a 3xx fails the file at
 * once with its status. Progress moves at chunk boundaries, as with fetch.
 */
export const nodeSender: SendChunk = async (url, form, headers, signal) => {
  const file = form.get("file") as File;
  form.set("file", new File([], file.name, file)); // empty, with the same name and type
  const envelope = new Response(form);
  const encoded = await envelope.text();
  const cut = encoded.lastIndexOf("\r\n--"); // where the empty file ends: the closing delimiter
  const [head, tail] = [encoded.slice(0, cut), encoded.slice(cut)];
  const http = nodeModule<NodeHttp>(`node:${new URL(url).protocol.slice(0, -1)}`)!; // node:http(s)
  const request = http.request(url, {
    method: "POST",
    signal,
    timeout: 300_000,
    headers: {
      ...headers,
      "content-type": envelope.headers.get("content-type"),
      "content-length": new Blob([head, tail]).size + file.size,
    },
  });
  // A piece is released when the socket is done with it (its write's callback); when the request
  // is gone first, that callback may never come: `close` calls it with an error instead, so that
  // reading stops and the piece is left to the GC.
  const waiting = new Set<(error?: unknown) => void>();
  const write = (part: Uint8Array | string) =>
    new Promise<void>((done, fail) => {
      const written = (error?: unknown) => (waiting.delete(written), error ? fail(error) : done());
      waiting.add(written);
      request.write(part, written);
    });
  const send = async () => {
    await write(head);
    const pending: Promise<void>[] = [];
    for await (const part of file.stream() as unknown as AsyncIterable<Uint8Array>) {
      pending.push(write(part).then(() => release(part.buffer as ArrayBuffer)));
      if (pending.length >= AHEAD) await pending.shift();
    }
    await Promise.all(pending);
    await write(tail);
    request.end();
    (globalThis as any).SU_T?.push(["end", performance.now()]);
  };
  (globalThis as any).SU_T?.push(["start", performance.now()]);
  send().catch(() => {});
  const reply = await new Promise<NodeReply>((resolve, reject) =>
    request
      .on("response", resolve)
      .on("error", reject)
      .on("close", () => waiting.forEach((written) => written(1)))
      // Destroyed before a reply, a request fails with "socket hang up".
      .on("timeout", request.destroy),
  );
  (globalThis as any).SU_T?.push(["reply", performance.now()]);
  return {
    status: reply.statusCode,
    text: await new Response(reply as unknown as ReadableStream).text(), // undici reads async iterables
    retryAfter: reply.headers["retry-after"],
  };
};
