import { eachPart, nodeModule } from "./node.js";
import { FILE_CHANGED, readFromDisk } from "./nodeFile.js";
import type { NodeCrypto } from "./sha256.js";
import type { SendChunk } from "./transport.js";

// Node only: package.json's `browser` field maps this module to nodeSender.browser.ts (nothing),
// so that browser bundles of the uploader do not carry it.

interface NodeReply extends AsyncIterable<Uint8Array> {
  statusCode: number;
  headers: { "retry-after"?: string };
}
interface NodeRequest {
  on(event: string, listener: (arg: never) => void): NodeRequest;
  write(part: Uint8Array | string, done: (error?: Error | null) => void): void;
  end(): void;
  destroy(error?: Error): void;
}
type NodeHttp = { request(url: string, options: object): NodeRequest };

/**
 * A failure to read the file (it changed or went away, `NotReadableError` from a Blob, or
 * `FILE_CHANGED`), marked so that the uploader fails the file with it instead of sending again;
 * a failure to write (the connection) stays retryable.
 */
const unreadable = (error: unknown): never => {
  if (error instanceof Error && (error.name === "NotReadableError" || error.message === FILE_CHANGED)) {
    Object.assign(error, { unreadable: true });
  }
  throw error;
};

/** Where the Node transport's form holds the checksum until the file has been hashed: 64 characters, as the hex digest. */
const PENDING = "0".repeat(64);

/**
 * Node (≥ 20.16): posts with `node:http` / `node:https`, streaming the body itself so that memory
 * stays flat: it is read 64 KiB at a time and each piece is released as soon as the socket is done
 * with it (see `eachPart`), where fetch would leave every piece it sent to V8's next scavenge (up
 * to 32 MiB more). Each piece is hashed as it is sent, and the checksum goes after the file (the
 * chunk is read once, not once to hash and once to send). The body is `FormData`'s own encoding,
 * made with an empty file and a placeholder checksum (this changes `form`: uploadChunks makes one
 * per attempt); the chunk (a lazy `Blob`, not read here) goes where the empty file was, the digest
 * where the placeholder was. Like fetch's defaults, a request idle for 5 minutes fails (and is
 * retried); unlike fetch's `redirect: "error"`, a 3xx fails the file at once with its status.
 * Progress moves at chunk boundaries, as with fetch.
 */
const postWithNode: SendChunk = async (url, form, headers, signal, _onProgress, chunk) => {
  const file = form.get("file") as File;
  form.set("file", new File([], file.name, file)); // empty, with the same name and type
  form.append("checksum", PENDING);
  const envelope = new Response(form);
  const encoded = await envelope.text();
  // Where the empty file ends: the delimiter before the checksum part, which is the last one.
  const cut = encoded.lastIndexOf("\r\n--", encoded.lastIndexOf(PENDING));
  const hash = nodeModule<NodeCrypto>("node:crypto")!.createHash("sha256");
  const head = encoded.slice(0, cut);
  const http = nodeModule<NodeHttp>(`node:${new URL(url).protocol.slice(0, -1)}`)!; // node:http(s)
  const request = http.request(url, {
    method: "POST",
    signal,
    timeout: 300_000,
    headers: { ...headers, "content-type": envelope.headers.get("content-type"), "content-length": new Blob([encoded]).size + file.size },
  });
  // A piece is released when the socket is done with it (its write's callback); when the request
  // is gone first, that callback may never come: `close` calls it with an error instead, so that
  // reading stops and the piece is left to the GC.
  let written: ((error?: unknown) => void) | undefined;
  const write = (part: Uint8Array | string) =>
    new Promise<void>((done, fail) => request.write(part, (written = (error) => (error ? fail(error) : done()))));
  const feed = (part: Uint8Array) => (hash.update(part), write(part));
  const send = async () => {
    await write(head);
    // A `fileFromPath` file is read from disk directly (nodeFile.ts); any other blob, as a stream.
    const fromDisk = await readFromDisk(chunk.blob, chunk.start, chunk.end, feed).catch(unreadable);
    if (!fromDisk) await eachPart(file, feed).catch(unreadable);
    await write(encoded.slice(cut).replace(PENDING, hash.digest("hex")));
    request.end();
  };
  // Failing to read the file ends the request at once, with the reason (else the server would wait).
  send().catch((error: unknown) => request.destroy(error as Error));
  const reply = await new Promise<NodeReply>((resolve, reject) =>
    request
      .on("response", resolve)
      .on("error", reject)
      .on("close", () => written?.(1))
      // Destroyed before a reply, a request fails with "socket hang up".
      .on("timeout", request.destroy),
  );
  return {
    status: reply.statusCode,
    text: await new Response(reply as unknown as ReadableStream).text(), // undici reads async iterables
    retryAfter: reply.headers["retry-after"],
  };
};
postWithNode.hashes = true;

/** The Node transport (`postWithNode`); undefined in browser bundles (`nodeSender.browser.ts`). */
export const nodeSender: SendChunk | undefined = postWithNode;
