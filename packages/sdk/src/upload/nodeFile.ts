import { nodeModule } from "./node.js";

// Node only. A file opened with `fileFromPath` is a real `Blob` (Node's `openAsBlob`) that the
// Node transport recognises and reads straight from disk: 1 MiB pieces into two reused buffers,
// the next piece read while the current one is hashed and sent. Reading a file-backed Blob goes
// through `Blob.stream()`, which reads 64 KiB at a time into a fresh buffer each time: measured
// on 1 GiB, 1.2 CPU s against 0.25 s this way (bench/server-upload.mjs, issue 3).

interface Stats {
  size: number;
  mtimeMs: number;
}
interface NodeFileHandle {
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
  stat(): Promise<Stats>;
  close(): Promise<void>;
}
interface NodeFs {
  open(path: string, flags: "r"): Promise<NodeFileHandle>;
  stat(path: string): Promise<Stats>;
}
type OpenAsBlob = (path: string, options?: { type?: string }) => Promise<Blob>;

/** A file opened by `fileFromPath`: where it is, and what it was like then. */
interface FileOnDisk extends Stats {
  path: string;
}

const opened = new WeakMap<Blob, FileOnDisk>();

/** Bytes read at a time. */
const PIECE_BYTES = 1 << 20;
/** Read buffers not in use, kept for the next chunk (each chunk would otherwise leave 2 MiB to the GC). */
const spare: Uint8Array[] = [];
const SPARE_MAX = 4;

export const FILE_CHANGED = "The file changed on disk while it was being uploaded: add it again.";

/**
 * Node only: the file at `path` as a `Blob` for the uploader (`type` is the blob's MIME type;
 * files are typed by the name's extension anyway). It is Node's `fs.openAsBlob`, so it works
 * wherever a Blob does; the uploader's Node transport also knows where it lives and reads its
 * chunks from disk directly, which costs a quarter of the CPU of reading the Blob. Like
 * `openAsBlob`, the file must not change while it is uploaded (the upload then fails, saying so).
 *
 * @example
 * import { createUploader, fileFromPath } from "@cuepoint/sdk/upload";
 * const uploader = createUploader({ endpoint, userId, token });
 * uploader.add({ blob: await fileFromPath("intro.mp4"), name: "intro.mp4" });
 */
export async function fileFromPath(path: string, type?: string): Promise<Blob> {
  const fs = nodeModule<{ openAsBlob: OpenAsBlob; promises: NodeFs }>("node:fs");
  if (!fs) throw new Error("fileFromPath works in Node only: in a browser, upload a File from an <input> or a drop.");
  const [blob, stats] = await Promise.all([fs.openAsBlob(path, type ? { type } : {}), fs.promises.stat(path)]);
  opened.set(blob, { path, size: stats.size, mtimeMs: stats.mtimeMs });
  return blob;
}

/**
 * Node only: reads bytes `start..end` (end excluded) of `blob` when it comes from `fileFromPath`,
 * handing each piece to `use` and awaiting it; answers false (reading nothing) for any other
 * blob. Pieces live in two buffers that are reused: `use` must be done with a piece when its
 * promise settles (a socket write's callback, a hash update). Fails when the file changed.
 */
export async function readFromDisk(
  blob: Blob,
  start: number,
  end: number,
  use: (piece: Uint8Array) => unknown,
): Promise<boolean> {
  const file = opened.get(blob);
  const fs = nodeModule<{ promises: NodeFs }>("node:fs")?.promises;
  if (!file || !fs) return false;
  const handle = await fs.open(file.path, "r");
  try {
    const now = await handle.stat();
    if (now.size !== file.size || now.mtimeMs !== file.mtimeMs) throw new Error(FILE_CHANGED);
    const buffers = [spare.pop() ?? new Uint8Array(PIECE_BYTES), spare.pop() ?? new Uint8Array(PIECE_BYTES)];
    const read = (at: number, buffer: Uint8Array) => handle.read(buffer, 0, Math.min(buffer.length, end - at), at);
    let next = start < end ? read(start, buffers[0]!) : undefined;
    try {
      for (let at = start, turn = 0; next; turn ^= 1) {
        const { bytesRead } = await next;
        if (bytesRead === 0) throw new Error(FILE_CHANGED); // shorter than it was
        const piece = buffers[turn]!.subarray(0, bytesRead);
        at += bytesRead;
        next = at < end ? read(at, buffers[turn ^ 1]!) : undefined;
        await use(piece);
      }
    } finally {
      await next?.catch(() => {}); // a read still going when `use` failed: done before closing
      // Free again once nothing reads into them and `use` is done with them (its promise settled).
      if (spare.length < SPARE_MAX) spare.push(...buffers);
    }
  } finally {
    await handle.close();
  }
  return true;
}
