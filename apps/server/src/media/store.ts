import { randomUUID } from "node:crypto";
import { constants, createReadStream } from "node:fs";
import { mkdir, open, rename, rm, stat, type FileHandle } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { Readable } from "node:stream";

/** A chunk being received: bytes go in as they arrive, then it is kept or thrown away. */
export interface ChunkWriter {
  /** The next bytes of the chunk. The caller must not change `bytes` afterwards. */
  write(bytes: Uint8Array): Promise<void>;
  /** The chunk's bytes are in their region of the upload's file (every write is down). */
  keep(): Promise<void>;
  /** Stops writing. What was written in place stays unverified: the caller does not count it. */
  discard(): Promise<void>;
}

/**
 * How a chunk's bytes reach the upload's file: `in-place` writes them straight into their region
 * (the region holds nothing verified yet); `staged` writes a temporary file that `keep` copies
 * into the region, so a region already verified keeps its bytes unless the new ones verify.
 */
export type ChunkMode = "in-place" | "staged";

/**
 * Where media bytes live. Keys are relative paths the server makes (`<account>/<id>.mp4`,
 * `<account>/uploads/<upload>`), never from client input. An upload is one file that chunks are
 * written into at their byte offsets, in any order; completing it is a rename. The shape fits an
 * object store as well: `openChunk`/`complete` are S3's UploadPart/CompleteMultipartUpload.
 */
export interface MediaStore {
  /** Opens the region of the upload's file that starts at byte `start`, for one chunk. */
  openChunk(uploadKey: string, start: number, mode: ChunkMode): Promise<ChunkWriter>;
  /** Whether the upload's file exists (it does from its first chunk on). */
  hasUpload(uploadKey: string): Promise<boolean>;
  /** The upload's file becomes `fileKey` (a rename, no copy), and the upload is gone. */
  complete(uploadKey: string, fileKey: string): Promise<void>;
  /** Drops an upload's bytes (abandoned or unusable uploads). */
  dropUpload(uploadKey: string): Promise<void>;
  /** Stores a whole file at once (the demo seed); `bytes` are small. */
  put(fileKey: string, bytes: Uint8Array): Promise<void>;
  /** A local path of the file, for readers that need one (music-metadata's `parseFile`). */
  localPath(fileKey: string): string;
  /** The file's bytes `start..end` (inclusive), as a web stream. */
  read(fileKey: string, range?: { start: number; end: number }): ReadableStream<Uint8Array>;
  size(fileKey: string): Promise<number | undefined>;
  remove(fileKey: string): Promise<void>;
}

/**
 * Pieces gathered into one `writev`: a network piece (64 KiB) at a time. Measured on 1 GiB uploads
 * (bench/server-upload.mjs, 4 rounds each): with 1 MiB batches the kernel's copy into the page
 * cache took 2–3.5 CPU s per GiB and varied from round to round (larger page-cache folios, fresh
 * memory on this VM), with 64 KiB a steady ~2.0 s for the whole server, and the upload went from
 * 330–560 to 500–570 MiB/s. Fewer system calls did not pay for that.
 */
const BATCH_BYTES = 64 * 1024;
/** Batches written while the next ones are read and hashed (a few hundred KiB held per request). */
const IN_FLIGHT = 4;

/**
 * Positional writes of consecutive bytes from `position` on, batched into `writev` calls of about
 * `BATCH_BYTES` and kept a few batches in flight, so reading, hashing and writing overlap.
 */
function positionalWriter(handle: FileHandle, position: number) {
  let batch: Uint8Array[] = [];
  let batched = 0;
  const flying: Promise<unknown>[] = [];
  let failure: unknown;
  const flush = () => {
    if (batched === 0) return;
    const [pieces, at] = [batch, position];
    position += batched;
    batch = [];
    batched = 0;
    flying.push(
      writeAll(handle, pieces, at).catch((error: unknown) => {
        failure ??= error;
      }),
    );
  };
  const check = () => {
    if (failure) throw failure;
  };
  return {
    async write(bytes: Uint8Array) {
      check();
      if (bytes.byteLength === 0) return;
      batch.push(bytes);
      batched += bytes.byteLength;
      if (batched >= BATCH_BYTES) flush();
      while (flying.length >= IN_FLIGHT) await flying.shift();
      check();
    },
    async finish() {
      flush();
      await Promise.all(flying.splice(0));
      check();
    },
  };
}

/** `writev` of `pieces` at `position`, looping on short writes until every byte is down. */
async function writeAll(handle: FileHandle, pieces: Uint8Array[], position: number): Promise<void> {
  let rest = pieces;
  while (rest.length > 0) {
    const { bytesWritten } = await handle.writev(rest, position);
    position += bytesWritten;
    let skip = bytesWritten;
    const left: Uint8Array[] = [];
    for (const piece of rest) {
      if (skip >= piece.byteLength) skip -= piece.byteLength;
      else {
        left.push(skip > 0 ? piece.subarray(skip) : piece);
        skip = 0;
      }
    }
    rest = left;
  }
}

/** Copies all of `from` into `to` at `position` (a staged chunk into its region). */
async function copyInto(from: string, to: FileHandle, position: number): Promise<void> {
  const writer = positionalWriter(to, position);
  for await (const piece of createReadStream(from, { highWaterMark: BATCH_BYTES })) await writer.write(piece as Buffer);
  await writer.finish();
}

/**
 * The default store: a folder (`CUEPOINT_MEDIA_DIR`, else `${CUEPOINT_DATA_DIR}/media`). An
 * upload is `<uploadKey>/data`, written at each chunk's offset (sparse until every chunk is in);
 * staged chunks are `<uploadKey>/<random>.part` beside it. Completing renames `data` to the file.
 *
 * @example
 * const store = createLocalMediaStore("/var/lib/cuepoint/media");
 * const chunk = await store.openChunk("acc/uploads/u1", 100 * 2 ** 20, "in-place");
 */
export function createLocalMediaStore(root: string): MediaStore {
  const base = resolve(root);
  const path = (key: string) => {
    const full = resolve(base, key);
    if (!full.startsWith(base + sep)) throw new Error(`Media key outside the store: ${key}`);
    return full;
  };
  const dataPath = (uploadKey: string) => join(path(uploadKey), "data");
  // Read and write, created when missing, never truncated: chunks of one upload may arrive together.
  const openData = async (uploadKey: string) => {
    await mkdir(path(uploadKey), { recursive: true });
    return open(dataPath(uploadKey), constants.O_RDWR | constants.O_CREAT);
  };

  return {
    async openChunk(uploadKey, start, mode) {
      const data = await openData(uploadKey);
      if (mode === "in-place") {
        const writer = positionalWriter(data, start);
        let closed = false;
        const close = async () => {
          if (closed) return;
          closed = true;
          try {
            await writer.finish();
          } finally {
            await data.close();
          }
        };
        return {
          write: (bytes) => writer.write(bytes),
          keep: close,
          discard: () => close().catch(() => {}),
        };
      }
      const temporary = join(path(uploadKey), `${randomUUID()}.part`);
      let handle: FileHandle | undefined;
      try {
        handle = await open(temporary, "w");
      } catch (error) {
        await data.close();
        throw error;
      }
      const staged = handle;
      const writer = positionalWriter(staged, 0);
      const release = async () => {
        await writer.finish().catch(() => {});
        await Promise.all([staged.close().catch(() => {}), data.close().catch(() => {})]);
        await rm(temporary, { force: true });
      };
      return {
        write: (bytes) => writer.write(bytes),
        async keep() {
          try {
            await writer.finish();
            await copyInto(temporary, data, start);
          } finally {
            await release();
          }
        },
        discard: release,
      };
    },

    hasUpload: (uploadKey) =>
      stat(dataPath(uploadKey)).then(
        (s) => s.isFile(),
        () => false,
      ),

    async complete(uploadKey, fileKey) {
      const target = path(fileKey);
      await mkdir(dirname(target), { recursive: true });
      await rename(dataPath(uploadKey), target);
      await rm(path(uploadKey), { recursive: true, force: true });
    },

    dropUpload: (uploadKey) => rm(path(uploadKey), { recursive: true, force: true }),

    async put(fileKey, bytes) {
      const target = path(fileKey);
      await mkdir(dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.part`;
      const handle = await open(temporary, "w");
      try {
        await writeAll(handle, [bytes], 0);
      } finally {
        await handle.close();
      }
      await rename(temporary, target);
    },

    localPath: path,
    read: (fileKey, range) =>
      Readable.toWeb(createReadStream(path(fileKey), range ?? {})) as unknown as ReadableStream<Uint8Array>,
    size: (fileKey) =>
      stat(path(fileKey)).then(
        (s) => s.size,
        () => undefined,
      ),
    remove: (fileKey) => rm(path(fileKey), { force: true }),
  };
}
