import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** A chunk being received: bytes go in as they arrive, then it is kept or thrown away. */
export interface StagedChunk {
  write(bytes: Uint8Array): Promise<void>;
  /** The chunk becomes the upload's chunk `index` (replacing an earlier copy). */
  keep(): Promise<void>;
  /** Nothing of it remains. */
  discard(): Promise<void>;
}

/**
 * Where media bytes live. Keys are relative paths the server makes (`<account>/<id>.mp4`,
 * `<account>/uploads/<upload>`), never from client input. The shape fits an object store as
 * well: `stageChunk`/`assemble` are S3's UploadPart/CompleteMultipartUpload.
 */
export interface MediaStore {
  stageChunk(uploadKey: string, index: number): Promise<StagedChunk>;
  /** Concatenates chunks `0..count-1` of the upload into `fileKey`, then drops the chunks. */
  assemble(uploadKey: string, count: number, fileKey: string): Promise<void>;
  /** Drops an upload's chunks (abandoned or finished uploads). */
  dropUpload(uploadKey: string): Promise<void>;
  /** A local path of the file, for readers that need one (music-metadata's `parseFile`). */
  localPath(fileKey: string): string;
  /** The file's bytes `start..end` (inclusive), as a web stream. */
  read(fileKey: string, range?: { start: number; end: number }): ReadableStream<Uint8Array>;
  size(fileKey: string): Promise<number | undefined>;
  remove(fileKey: string): Promise<void>;
}

/**
 * The default store: a folder (`CUEPOINT_MEDIA_DIR`, else `${CUEPOINT_DATA_DIR}/media`).
 * Each attempt at a chunk is written to its own temporary file and renamed into place only when
 * kept, so a damaged or abandoned attempt never mixes with a good copy of the same chunk.
 *
 * @example
 * const store = createLocalMediaStore("/var/lib/cuepoint/media");
 */
export function createLocalMediaStore(root: string): MediaStore {
  const base = resolve(root);
  const path = (key: string) => {
    const full = resolve(base, key);
    if (!full.startsWith(base + sep)) throw new Error(`Media key outside the store: ${key}`);
    return full;
  };
  const chunkPath = (uploadKey: string, index: number) => join(path(uploadKey), String(index));

  return {
    async stageChunk(uploadKey, index) {
      const final = chunkPath(uploadKey, index);
      const temporary = `${final}.${randomUUID()}.part`;
      await mkdir(dirname(final), { recursive: true });
      const handle = await open(temporary, "w");
      let closed = false;
      const close = async () => {
        if (!closed) await handle.close();
        closed = true;
      };
      return {
        async write(bytes) {
          // A short write is possible in principle: loop until every byte is down.
          for (let done = 0; done < bytes.byteLength; ) {
            const { bytesWritten } = await handle.write(bytes, done, bytes.byteLength - done);
            done += bytesWritten;
          }
        },
        async keep() {
          await close();
          await rename(temporary, final);
        },
        async discard() {
          await close().catch(() => {});
          await rm(temporary, { force: true });
        },
      };
    },

    async assemble(uploadKey, count, fileKey) {
      const target = path(fileKey);
      await mkdir(dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.part`;
      try {
        // Chunk 0 becomes the file and the others are appended: a one-chunk file is never copied.
        // (A failure from here on loses chunk 0; the caller then starts the upload over.)
        await rename(chunkPath(uploadKey, 0), temporary);
        if (count > 1) {
          const out = createWriteStream(temporary, { flags: "a", highWaterMark: 1 << 20 });
          await pipeline(async function* () {
            for (let index = 1; index < count; index++) {
              yield* createReadStream(chunkPath(uploadKey, index), { highWaterMark: 1 << 20 });
            }
          }, out);
        }
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      await rm(path(uploadKey), { recursive: true, force: true });
    },

    dropUpload: (uploadKey) => rm(path(uploadKey), { recursive: true, force: true }),
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
