import { isRetryableStatus, sleep } from "./backoff.js";
import { CANCELED, type Canceled } from "./messages.js";
import type { GetJSON } from "./processing.js";
import { sha256Hex } from "./sha256.js";
import type { ChunkReply, SendChunk } from "./transport.js";
import type { UploadResult } from "./types.js";

export interface ChunkContext {
  endpoint: string;
  userId: string;
  folderId?: string | undefined;
  chunkSize: number;
  retries: number;
  retryDelay: (attempt: number) => number;
  headers: () => Record<string, string>;
  getJSON: GetJSON;
  send: SendChunk;
}

export interface FileToSend {
  uuid: string;
  blob: Blob;
  name: string;
}

/** An upload that cannot go on; `httpStatus` is the failing reply's status, if any. */
export type UploadFailure = Error & { httpStatus?: number };

/**
 * A reply body's JSON, or undefined when it is not JSON. Typed as an object: its fields are only
 * read with `?.`, which gives undefined on null and on any other JSON value as well.
 */
const parse = (text: string): Record<string, unknown> | undefined => {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};

function failure(reply: ChunkReply | undefined): UploadFailure {
  const body = reply && parse(reply.text);
  const said = body?.message ?? body?.error;
  const message =
    typeof said === "string" ? said : reply ? `Upload failed (HTTP ${reply.status})` : "Network error";
  return Object.assign(new Error(message), { httpStatus: reply?.status });
}

/**
 * The resume query: `GET {endpoint}?fileId=…` answers `{ chunks: number[] }`, the indexes the
 * server already holds. Any failure (an older server, a 404, the network) means "none".
 */
async function heldChunks(ctx: ChunkContext, fileId: string, signal: AbortSignal): Promise<unknown[]> {
  const url = `${ctx.endpoint}${ctx.endpoint.includes("?") ? "&" : "?"}fileId=${encodeURIComponent(fileId)}`;
  const chunks = (await ctx.getJSON<{ chunks?: unknown }>(url, signal))?.chunks;
  // Anything but an index in the list matches no chunk: no need to filter it out.
  return Array.isArray(chunks) ? chunks : [];
}

/**
 * Sends one file chunk by chunk (spec §7 `POST upload/chunk`) and resolves to the last reply's
 * `message`, or to CANCELED when `signal` aborts. `onProgress(uploaded, measured)` gets the bytes
 * the server holds; `measured` is false for chunks skipped because the server already had them.
 */
export async function uploadChunks(
  ctx: ChunkContext,
  file: FileToSend,
  signal: AbortSignal,
  onProgress: (uploaded: number, measured: boolean) => void,
): Promise<UploadResult | Canceled> {
  const { blob, uuid, name } = file;
  const { size } = blob;
  const held = await heldChunks(ctx, uuid, signal);
  const count = Math.ceil(size / ctx.chunkSize) || 1; // a 0-byte file is one empty chunk
  // Checksums by index, each computed once; the next chunk's is computed while this one is sent.
  const part = (start: number) => blob.slice(start, start + ctx.chunkSize);
  // A sender that hashes what it sends (Node) puts the checksum after the file itself: none here.
  const sums: Promise<string>[] = [];
  const sum = (index: number) => (ctx.send.hashes ? undefined : (sums[index] ??= sha256Hex(part(index * ctx.chunkSize))));
  for (let index = 0; index < count; index++) {
    const start = index * ctx.chunkSize;
    const end = Math.min(size, start + ctx.chunkSize);
    const isLast = index === count - 1;
    // The last chunk is always sent: its reply carries the file's identifiers.
    if (held.includes(index) && !isLast) {
      onProgress(end, false);
      continue;
    }
    const checksum = await sum(index); // (a cancel meanwhile is seen before sending)
    sum(index + 1)?.catch(() => {}); // (past the last chunk: an empty slice.) Its failure is met when awaited.
    for (let attempt = 0; ; attempt++) {
      if (signal.aborted) return CANCELED;
      const form = new FormData();
      const fields = { fileId: uuid, userId: ctx.userId, isLast, name, mime: blob.type, start, position: end, index, size, checksum, folderId: ctx.folderId };
      // FormData makes strings of the numbers and booleans (WebIDL's USVString conversion); an
      // option not given (folderId) sends no field.
      for (const [field, value] of Object.entries(fields)) if (value !== undefined) form.append(field, value as string);
      form.append("file", part(start), name);
      let reply: ChunkReply | undefined;
      try {
        reply = await ctx.send(
          ctx.endpoint,
          form,
          ctx.headers(),
          signal,
          (loaded) => onProgress(Math.min(start + loaded, end), true),
          { blob, start, end },
        );
      } catch (error) {
        if (signal.aborted) return CANCELED;
        // The file itself cannot be read (changed or gone): sending it again will not help.
        if ((error as { unreadable?: boolean }).unreadable) throw error;
      }
      const body = reply && parse(reply.text);
      if (reply && reply.status < 300) {
        onProgress(end, true);
        if (isLast) return { ...(body?.message as UploadResult) }; // {} when the reply names no file
        break;
      }
      const again = !reply || isRetryableStatus(reply.status) || body?.code === "checksum_mismatch";
      if (!again || attempt >= ctx.retries) throw failure(reply);
      const retryAfter = Number(reply?.retryAfter) * 1000 || 0;
      await sleep(Math.max(ctx.retryDelay(attempt + 1), retryAfter), signal);
    }
  }
  return {};
}
