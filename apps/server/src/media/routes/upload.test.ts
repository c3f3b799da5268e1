import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BYTES_PER_GB, type Client } from "@cuepoint/sdk";
import { createUploader, type UploadErrorEvent } from "@cuepoint/sdk/upload";
import { media, mediaUploads } from "../../db/schema/index.js";
import { storageUsed } from "../items.js";
import { mp4File, wavFile } from "../../test-support/mediaFixtures.js";
import { syntheticVideo } from "../../test-support/videoFiles.js";
import {
  API,
  appFetch,
  CHUNK_ENDPOINT,
  createMediaTestApp,
  filesUnder,
  getWith,
  postChunk,
  sha256,
  testUploader,
  uploadWith,
} from "../../test-support/mediaUpload.js";
import type { TestApp } from "../../test-support/testApp.js";

const CHUNK = 64 * 1024;
const CHUNK_LIMIT = 2 * 1024 * 1024; // above the API's 1 MiB body limit, which chunks escape
let t: TestApp & { mediaDir: string };
let token: string;
let owner: Client;
beforeAll(async () => {
  t = await createMediaTestApp({ uploadChunkLimitBytes: CHUNK_LIMIT });
  token = await t.login((await t.user()).email);
  owner = t.client(token);
});
afterAll(() => t.close());

/** The SHA-256 of a media item's bytes, through the SDK's download (deep-equal on big arrays is slow). */
const download = async (id: string) => sha256(new Uint8Array(await (await owner.media.download(id)).arrayBuffer()));
const firstError = (uploader: ReturnType<typeof testUploader>) =>
  new Promise<UploadErrorEvent>((resolve) => uploader.on("error", resolve));

describe("upload through the SDK uploader", () => {
  it("stores a file sent in chunks, reads an audio length, and lists it", async () => {
    const wav = wavFile(5); // 40 044 bytes
    const result = await uploadWith(testUploader(t, token, { chunkSize: 16 * 1024 }), wav, "Welcome.WAV");
    expect(result).toMatchObject({ type: "audio", uniqueID: expect.any(String) });
    expect(result.id).toBe(result.uniqueID);
    const { success: audio } = await owner.media.list("audio");
    expect(audio.find((item) => item.uniqueID === result.uniqueID)).toMatchObject({
      name: "Welcome.WAV",
      size: wav.length,
      type: "audio",
      video_length: "00:00:05",
      folder_id: null,
    });
    expect(await download(result.uniqueID!)).toBe(sha256(wav));
  });

  it("encodes a video, marks it encoded with its length, and the processing poll says ready", async () => {
    const uploader = testUploader(t, token, { mediaStatusURL: (id) => `${API}/media/${id}/status`, pollInterval: 1 });
    const ready = new Promise((resolve) => uploader.on("ready", resolve));
    const result = await uploadWith(uploader, await syntheticVideo({ seconds: 2 }), "talk.mp4");
    await ready;
    const { success: videos } = await owner.media.list("video");
    expect(videos.find((item) => item.uniqueID === result.uniqueID)).toMatchObject({
      video_length: "00:00:02",
      encoding_status: 0,
    });
  });

  it("processes a video once its upload completes, apart from the request (pending, then encoded)", async () => {
    const reply = await postChunk(t, token, { fileId: randomUUID(), name: "kicked.mp4", bytes: await syntheticVideo({ seconds: 1 }) });
    const { message } = (await reply.json()) as { message: { uniqueID: string } };
    // Nobody sweeps in tests: only the processing started by the upload can finish it.
    await t.mediaProcessing.idle();
    const { success: videos } = await owner.media.list("video");
    expect(videos.find((item) => item.uniqueID === message.uniqueID)).toMatchObject({
      video_length: "00:00:01",
      encoding_status: 0,
    });
    expect(await owner.media.status(message.uniqueID)).toEqual({ ready: true, status: 0 });
  });

  it("marks a video ffmpeg cannot read as failed (5), and the uploader reports it", async () => {
    const uploader = testUploader(t, token, { mediaStatusURL: (id) => `${API}/media/${id}/status`, pollInterval: 1 });
    const failed = firstError(uploader);
    const result = await uploadWith(uploader, new TextEncoder().encode("this is no video"), "broken.mp4");
    expect(await failed).toMatchObject({ reason: "processing", message: "The media could not be processed." });
    expect(await owner.media.status(result.id!)).toMatchObject({
      ready: false,
      status: 5,
      encoding_error: expect.stringMatching(/^ffmpeg could not read this file: /),
    });
  });

  it("puts the files in the folder of the uploader's folderId option", async () => {
    const { success: folder } = await owner.media.createFolder({ name: "Podcasts", type: "audio" });
    const uploader = testUploader(t, token, { chunkSize: 16 * 1024, folderId: folder.uniqueID });
    const result = await uploadWith(uploader, wavFile(3), "episode.wav");
    const { success: audio } = await owner.media.list("audio");
    expect(audio.find((item) => item.uniqueID === result.uniqueID)).toMatchObject({ folder_id: folder.uniqueID });
    // A folder of another library refuses the first chunk, naming the field.
    const { success: images } = await owner.media.createFolder({ name: "Covers", type: "image" });
    const wrong = testUploader(t, token, { folderId: images.uniqueID });
    const refused = firstError(wrong);
    await expect(uploadWith(wrong, wavFile(1), "intro.wav")).rejects.toThrow("This folder holds image files.");
    expect(await refused).toMatchObject({ reason: "upload", httpStatus: 400 });
  });

  it("continues an interrupted upload from the chunks the server holds", async () => {
    const bytes = wavFile((CHUNK * 4.5) / 8000); // 4.5 chunks: indexes 0..4
    let cut = true;
    const posted: number[] = [];
    const flaky: typeof fetch = async (input, init) => {
      const index = init?.body instanceof FormData ? Number(init.body.get("index")) : undefined;
      if (index !== undefined) posted.push(index);
      if (index === 2 && cut) throw new TypeError("connection reset");
      return appFetch(t)(input, init);
    };
    const first = testUploader(t, token, { chunkSize: CHUNK, retries: 0, fetch: flaky });
    const interrupted = firstError(first);
    const [item] = first.add({ blob: new Blob([bytes]), name: "long.wav" });
    expect(await interrupted).toMatchObject({ reason: "upload" });
    const fileId = item!.uuid;
    expect(await (await getWith(t, token, `/upload/chunk?fileId=${fileId}`)).json()).toEqual({ chunks: [0, 1] });

    cut = false;
    posted.length = 0;
    const result = await uploadWith(
      testUploader(t, token, { chunkSize: CHUNK, fetch: flaky }),
      bytes,
      "long.wav",
      fileId,
    );
    expect(posted).toEqual([2, 3, 4]);
    expect(result.uuid).toBe(fileId);
    expect(await download(result.uniqueID!)).toBe(sha256(bytes));
  });

  it("refuses a damaged chunk with checksum_mismatch and keeps the good copy sent again", async () => {
    const bytes = wavFile((3 * CHUNK - 44) / 8000); // exactly 3 chunks
    const replies: number[] = [];
    let damage = true;
    const corrupting: typeof fetch = async (input, init) => {
      if (init?.body instanceof FormData && init.body.get("index") === "1" && damage) {
        damage = false;
        const file = init.body.get("file") as File;
        const copy = new Uint8Array(await file.arrayBuffer());
        copy[100] = copy[100]! ^ 0xff;
        init.body.set("file", new File([copy], file.name));
      }
      const response = await appFetch(t)(input, init);
      if (init?.method === "POST") replies.push(response.status);
      return response;
    };
    const result = await uploadWith(
      testUploader(t, token, { chunkSize: CHUNK, fetch: corrupting }),
      bytes,
      "check.wav",
    );
    expect(replies).toEqual([200, 422, 200, 200]);
    expect(await download(result.uniqueID!)).toBe(sha256(bytes));
  });

  it("refuses an upload over the plan's storage before storing a byte", async () => {
    const user = await t.user({ role: "free" }); // 2 GB
    const small = await t.login(user.email);
    await t.db.orm
      .insert(media)
      .values({ accountId: user.accountId, name: "big.mp4", type: "video", size: 2 * BYTES_PER_GB - 100 });
    const uploader = testUploader(t, small);
    const refused = firstError(uploader);
    await expect(uploadWith(uploader, wavFile(0.1), "over.wav")).rejects.toThrow(
      /only 0\.00 GB of your 2 GB storage is left/,
    );
    expect(await refused).toMatchObject({ reason: "upload", httpStatus: 413 });
    expect(await filesUnder(`${t.mediaDir}/${user.accountId}`)).toEqual([]);
    expect(await t.db.orm.$count(mediaUploads, eq(mediaUploads.accountId, user.accountId))).toBe(0);
  });
});

describe("the chunk endpoint", () => {
  it("answers the storage refusal without reading the file part", async () => {
    const user = await t.user({ role: "free" });
    const small = await t.login(user.email);
    const boundary = "----cuepoint-test";
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const head = Object.entries({
      fileId: "f-huge",
      isLast: "false",
      name: "huge.mp4",
      start: "0",
      position: "65536",
      index: "0",
      size: String(3 * BYTES_PER_GB),
      checksum: "0".repeat(64),
    })
      .map(([name, value]) => field(name, value))
      .join("");
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) =>
        controller.enqueue(
          new TextEncoder().encode(
            `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.mp4"\r\n\r\n`,
          ),
        ),
      pull: () => void pulled++, // the file's bytes never come: the answer must not wait for them
    });
    const response = await t.app.request(CHUNK_ENDPOINT, {
      method: "POST",
      body,
      duplex: "half",
      headers: { Authorization: `Bearer ${small}`, "Content-Type": `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ field: "size", message: expect.stringMatching(/needs 3\.00 GB/) });
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("refuses a damaged chunk: it does not count, and the good copy sent again does", async () => {
    const fileId = randomUUID();
    const bytes = new Uint8Array(20).fill(9);
    const response = await postChunk(t, token, {
      fileId,
      name: "a.png",
      bytes: bytes.slice(0, 10),
      size: 20,
      checksum: "a".repeat(64),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: "checksum_mismatch" });
    expect(await (await getWith(t, token, `/upload/chunk?fileId=${fileId}`)).json()).toEqual({ chunks: [] });
    expect((await postChunk(t, token, { fileId, name: "a.png", bytes: bytes.slice(0, 10), size: 20 })).status).toBe(200);
    const done = await postChunk(t, token, { fileId, name: "a.png", bytes: bytes.slice(10), start: 10, index: 1 });
    expect(await download((await done.json()).message.uniqueID)).toBe(sha256(bytes));
  });

  it("refuses extensions outside the allow-list, and chunks over the size limit", async () => {
    const refused = await postChunk(t, token, { fileId: randomUUID(), name: "notes.txt", bytes: new Uint8Array(3) });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ field: "name", message: expect.stringMatching(/\.jpg .*\.hevc/) });
    const big = await postChunk(t, token, {
      fileId: randomUUID(),
      name: "big.png",
      bytes: new Uint8Array(CHUNK_LIMIT + 1),
    });
    expect(big.status).toBe(413);
  });

  it("lists missing chunks on a last chunk that comes too early", async () => {
    const response = await postChunk(t, token, {
      fileId: randomUUID(),
      name: "gap.png",
      bytes: new Uint8Array(5),
      start: 10,
      index: 2,
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ success: false, missing: [0, 1] });
  });

  it("stores an empty file from one empty last chunk", async () => {
    const response = await postChunk(t, token, { fileId: randomUUID(), name: "empty.png", bytes: new Uint8Array(0) });
    const { message } = await response.json();
    expect((await owner.media.list("image")).success.find((item) => item.uniqueID === message.uniqueID)).toMatchObject({
      size: 0,
    });
    const file = await getWith(t, token, `/media/${message.uniqueID}/file`);
    expect([file.status, (await file.arrayBuffer()).byteLength]).toEqual([200, 0]);
  });

  it("asks a chunk to wait (503, Retry-After) while another request completes the file", async () => {
    const fileId = randomUUID();
    const part = (index: number) => ({
      fileId,
      name: "busy.png",
      bytes: new Uint8Array(4),
      start: index * 4,
      index,
      size: 8,
    });
    await postChunk(t, token, part(0));
    await t.db.orm.update(mediaUploads).set({ status: "assembling" }).where(eq(mediaUploads.fileId, fileId));
    const busy = await postChunk(t, token, part(1));
    expect([busy.status, busy.headers.get("retry-after")]).toEqual([503, "2"]);
    await t.db.orm.update(mediaUploads).set({ status: "receiving" }).where(eq(mediaUploads.fileId, fileId));
    expect((await postChunk(t, token, part(1))).status).toBe(200);
  });

  it("answers a last chunk sent again after completion with the same file", async () => {
    const fileId = randomUUID();
    const bytes = new Uint8Array([1, 2, 3]);
    const first = await (await postChunk(t, token, { fileId, name: "again.gif", bytes })).json();
    const again = await (await postChunk(t, token, { fileId, name: "again.gif", bytes })).json();
    expect(again).toEqual(first);
    expect(first).toMatchObject({ message: { uuid: fileId, type: "image" } });
    expect((await owner.media.list("image")).success.filter((item) => item.name === "again.gif")).toHaveLength(1);
  });

  it("keeps each account's chunks apart, even under the same fileId", async () => {
    const other = await t.login((await t.user()).email);
    const fileId = randomUUID();
    const part = (index: number) => ({
      fileId,
      name: "shared.png",
      bytes: new Uint8Array(8).fill(index),
      start: index * 8,
      index,
      size: 16,
    });
    expect((await postChunk(t, token, part(0))).status).toBe(200);
    const intruder = await postChunk(t, other, part(1));
    expect([intruder.status, (await intruder.json()).missing]).toEqual([409, [0]]);
    expect(await (await getWith(t, token, `/upload/chunk?fileId=${fileId}`)).json()).toEqual({ chunks: [0] });
    const done = await (await postChunk(t, token, part(1))).json();
    expect(await download(done.message.uniqueID)).toBe(
      sha256(new Uint8Array([...Array(8).fill(0), ...Array(8).fill(1)])),
    );
    for (const path of [`/media/${done.message.uniqueID}/status`, `/media/${done.message.uniqueID}/file`]) {
      expect((await getWith(t, other, path)).status).toBe(404);
    }
  });

  it("needs the media:write scope", async () => {
    const { accessToken } = await owner.tokens.create({ name: "reader", scopes: ["media:read"] });
    expect(
      (await postChunk(t, accessToken, { fileId: randomUUID(), name: "a.png", bytes: new Uint8Array(1) })).status,
    ).toBe(403);
    expect((await getWith(t, accessToken, `/upload/chunk?fileId=x`)).status).toBe(403);
    expect(
      (await postChunk(t, "nonsense", { fileId: randomUUID(), name: "a.png", bytes: new Uint8Array(1) })).status,
    ).toBe(401);
  });
});

/** A file of `count` chunks of `CHUNK_BYTES` (the last one shorter), posted by hand in any order. */
const CHUNK_BYTES = 1000;
function chunked(count: number, name = "clip.mp4") {
  const fileId = randomUUID();
  const bytes = new Uint8Array(CHUNK_BYTES * count - 300).map((_, i) => (i * 7 + (i >> 8)) & 255);
  const part = (index: number, replace?: Uint8Array<ArrayBuffer>, checksum?: string, checksumAfter?: true | null) => {
    const start = index * CHUNK_BYTES;
    const own = bytes.slice(start, start + CHUNK_BYTES);
    const size = bytes.length;
    return postChunk(t, token, { fileId, name, bytes: replace ?? own, start, index, size, checksum, checksumAfter });
  };
  const held = async () => (await (await getWith(t, token, `/upload/chunk?fileId=${fileId}`)).json()).chunks;
  const dataFile = async () => {
    const [upload] = await t.db.orm.select().from(mediaUploads).where(eq(mediaUploads.fileId, fileId));
    return readFile(join(t.mediaDir, upload!.accountId, "uploads", upload!.id, "data"));
  };
  return { fileId, bytes, part, held, dataFile };
}
const aDayAgo = () => new Date(t.clock.now().getTime() - 25 * 60 * 60_000);
const uniqueID = async (response: Response) => ((await response.json()) as { message: { uniqueID: string } }).message.uniqueID;

describe("chunks written in place", () => {
  it("takes chunks in any order, the last one first", async () => {
    const file = chunked(4);
    const early = await file.part(3);
    expect([early.status, (await early.json()).missing]).toEqual([409, [0, 1, 2]]);
    for (const index of [2, 0]) expect((await file.part(index)).status).toBe(200);
    expect(await file.held()).toEqual([0, 2, 3]);
    const done = await file.part(1); // not the last chunk, but the one that completes the file
    expect(done.status).toBe(200);
    expect(await file.held()).toEqual([0, 1, 2, 3]);
    // The uploader would send the last chunk again: the file is the same.
    const again = await file.part(3);
    const id = await uniqueID(again);
    expect(await download(id)).toBe(sha256(file.bytes));
  });

  it("takes a chunk sent again: the same bytes are only checked, other bytes replace the region", async () => {
    const file = chunked(3);
    expect((await file.part(0)).status).toBe(200);
    expect((await file.part(0)).status).toBe(200); // the reply was lost: the same chunk again
    const other = new Uint8Array(CHUNK_BYTES).fill(42);
    expect((await file.part(1, other)).status).toBe(200);
    expect(await file.held()).toEqual([0, 1]);
    expect((await file.part(1)).status).toBe(200); // the right bytes after all
    const id = await uniqueID(await file.part(2));
    expect(await download(id)).toBe(sha256(file.bytes));
  });

  it("takes the checksum after the file too: checked once the bytes are in, a held region kept unless they verify", async () => {
    const file = chunked(3);
    const after = true;
    expect((await file.part(0, undefined, undefined, after)).status).toBe(200);
    expect((await file.part(0, undefined, undefined, after)).status).toBe(200); // the same bytes again
    const other = new Uint8Array(CHUNK_BYTES).fill(42);
    // Damaged on the way (the checksum is of other bytes): refused, and the verified copy stays.
    expect((await file.part(0, other, sha256(file.bytes.slice(0, CHUNK_BYTES)), after)).status).toBe(422);
    expect((await file.part(1, other, "c".repeat(64), after)).status).toBe(422);
    expect(await file.held()).toEqual([0]);
    expect(sha256((await file.dataFile()).subarray(0, CHUNK_BYTES))).toBe(sha256(file.bytes.slice(0, CHUNK_BYTES)));
    // Other bytes that verify replace the region; then the right ones again.
    expect((await file.part(0, other, undefined, after)).status).toBe(200);
    expect(sha256((await file.dataFile()).subarray(0, CHUNK_BYTES))).toBe(sha256(other));
    expect((await file.part(0, undefined, undefined, after)).status).toBe(200);
    const missing = await file.part(1, undefined, undefined, null);
    expect([missing.status, (await missing.json()).field]).toEqual([400, "checksum"]);
    const bad = await file.part(1, undefined, "not-hex", after);
    expect([bad.status, (await bad.json()).field]).toEqual([400, "checksum"]);
    expect((await file.part(1, undefined, undefined, after)).status).toBe(200);
    const id = await uniqueID(await file.part(2, undefined, undefined, after));
    expect(await download(id)).toBe(sha256(file.bytes));
  });

  it("keeps verified bytes when a damaged copy of their chunk comes again", async () => {
    const file = chunked(3);
    for (const index of [0, 1]) expect((await file.part(index)).status).toBe(200);
    const damaged = file.bytes.slice(CHUNK_BYTES, 2 * CHUNK_BYTES);
    damaged[5] = damaged[5]! ^ 0xff;
    // Claims the verified chunk's checksum, or a checksum of its own: refused either way.
    const claimed = sha256(file.bytes.slice(CHUNK_BYTES, 2 * CHUNK_BYTES));
    expect((await file.part(1, damaged, claimed)).status).toBe(422);
    expect((await file.part(1, damaged, sha256(new Uint8Array(CHUNK_BYTES)))).status).toBe(422);
    expect((await file.part(0, new Uint8Array(CHUNK_BYTES), "b".repeat(64))).status).toBe(422);
    expect(await file.held()).toEqual([0, 1]);
    expect(sha256(await file.dataFile())).toBe(sha256(file.bytes.slice(0, 2 * CHUNK_BYTES)));
    const id = await uniqueID(await file.part(2));
    expect(await download(id)).toBe(sha256(file.bytes));
  });

  it("asks a copy of a chunk being received, and the last chunk meanwhile, to wait (503)", async () => {
    const file = chunked(2);
    expect((await file.part(0)).status).toBe(200);
    // Chunk 0 again with other bytes, whose second half has not come yet.
    const other = new Uint8Array(CHUNK_BYTES).fill(7);
    const boundary = "----cuepoint-slow";
    const fields = { fileId: file.fileId, isLast: "false", name: "clip.mp4", start: "0", position: String(CHUNK_BYTES) };
    const head = Object.entries({ ...fields, index: "0", size: String(file.bytes.length), checksum: sha256(other) })
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join("");
    let rest!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\n\r\n`;
        controller.enqueue(new TextEncoder().encode(head + file));
        controller.enqueue(other.slice(0, 500));
        rest = () => {
          controller.enqueue(other.slice(500));
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
        };
      },
    });
    const slow = t.app.request(CHUNK_ENDPOINT, {
      method: "POST",
      body,
      duplex: "half",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);
    const [upload] = await t.db.orm.select().from(mediaUploads).where(eq(mediaUploads.fileId, file.fileId));
    const folder = join(t.mediaDir, upload!.accountId, "uploads", upload!.id);
    while (!(await filesUnder(folder)).some((path) => path.endsWith(".part"))) await new Promise(setImmediate);
    const twice = await file.part(0);
    expect([twice.status, twice.headers.get("retry-after")]).toEqual([503, "2"]);
    expect((await file.part(1)).status).toBe(503);
    rest();
    expect((await slow).status).toBe(200);
    const done = await file.part(1);
    const expected = new Uint8Array([...other, ...file.bytes.slice(CHUNK_BYTES)]);
    expect(await download(await uniqueID(done))).toBe(sha256(expected));
  });

  it("refuses a chunk overlapping another before reading its bytes", async () => {
    const file = chunked(3);
    expect((await file.part(0)).status).toBe(200);
    const overlapping = await postChunk(t, token, {
      fileId: file.fileId,
      name: "clip.mp4",
      bytes: file.bytes.slice(500, 1500),
      start: 500,
      index: 1,
      size: file.bytes.length,
    });
    expect(overlapping.status).toBe(409);
    expect(await overlapping.json()).toMatchObject({ field: "start", message: expect.stringMatching(/overlap chunk 0/) });
    expect(sha256(await file.dataFile())).toBe(sha256(file.bytes.slice(0, CHUNK_BYTES)));
  });

  it("checks the storage limit again before each chunk's bytes", async () => {
    const user = await t.user({ role: "free" }); // 2 GB
    const small = await t.login(user.email);
    const fileId = randomUUID();
    const size = 3 * CHUNK_BYTES;
    const part = (index: number) =>
      postChunk(t, small, {
        fileId,
        name: "later.mp4",
        bytes: new Uint8Array(CHUNK_BYTES).fill(index + 1),
        start: index * CHUNK_BYTES,
        index,
        size,
      });
    expect((await part(0)).status).toBe(200);
    // The reservation lapses (24 h without a chunk) and other files take the space meanwhile.
    await t.db.orm.update(mediaUploads).set({ updatedAt: aDayAgo() }).where(eq(mediaUploads.fileId, fileId));
    await t.db.orm
      .insert(media)
      .values({ accountId: user.accountId, name: "big.mp4", type: "video", size: 2 * BYTES_PER_GB - 100 });
    const refused = await part(1);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ field: "size" });
    const [upload] = await t.db.orm.select().from(mediaUploads).where(eq(mediaUploads.fileId, fileId));
    const data = await readFile(join(t.mediaDir, user.accountId, "uploads", upload!.id, "data"));
    expect(data).toEqual(Buffer.alloc(CHUNK_BYTES, 1)); // chunk 0 alone: not a byte of chunk 1
  });

  it("reserves what an upload really holds, not the size it declares, and releases it when the chunks stop", async () => {
    const user = await t.user({ role: "free" }); // 2 GB
    const small = await t.login(user.email);
    const first = (name: string, bytes: number, size: number) =>
      postChunk(t, small, { fileId: randomUUID(), name, bytes: new Uint8Array(bytes), size });
    // 1 KB that claims nearly the whole plan: it holds 1 KB and one chunk's room, not 1.9 GB.
    expect((await first("claims.mp4", 1024, Math.round(1.9 * BYTES_PER_GB))).status).toBe(200);
    expect(await storageUsed(t.db.orm, user.accountId, new Date(), { allowanceBytes: CHUNK_LIMIT })).toBe(1024 + CHUNK_LIMIT);
    expect((await first("real.mp4", 10, BYTES_PER_GB)).status).toBe(200);
    // An honest upload that cannot fit still fails at its first chunk, before its bytes.
    const tooBig = await first("too-big.mp4", 10, 2 * BYTES_PER_GB);
    expect([tooBig.status, ((await tooBig.json()) as { field: string }).field]).toEqual([413, "size"]);
    // Chunks that stop coming reserve nothing more than the bytes received.
    await t.db.orm
      .update(mediaUploads)
      .set({ updatedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(mediaUploads.accountId, user.accountId));
    expect(await storageUsed(t.db.orm, user.accountId, new Date(), { allowanceBytes: CHUNK_LIMIT })).toBe(1024 + 10);
  });

  it("drops an upload abandoned for a day, with its bytes, when the account opens the next one", async () => {
    const user = await t.user();
    const own = await t.login(user.email);
    const abandoned = randomUUID();
    await postChunk(t, own, { fileId: abandoned, name: "left.png", bytes: new Uint8Array(10), size: 20 });
    expect(await filesUnder(join(t.mediaDir, user.accountId))).toHaveLength(1);
    await t.db.orm.update(mediaUploads).set({ updatedAt: aDayAgo() }).where(eq(mediaUploads.fileId, abandoned));
    await postChunk(t, own, { fileId: randomUUID(), name: "next.png", bytes: new Uint8Array(10), size: 20 });
    expect(await t.db.orm.$count(mediaUploads, eq(mediaUploads.fileId, abandoned))).toBe(0);
    expect(await filesUnder(join(t.mediaDir, user.accountId))).toHaveLength(1); // the new upload's file alone
  });
});

describe("over real HTTP", () => {
  it("streams chunks larger than the API body limit from the SDK's Node transport", async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    try {
      const bytes = mp4File(90, 3 * 1024 * 1024); // 3 MiB in chunks of 1.5 MiB
      const uploader = createUploader({
        endpoint: `http://127.0.0.1:${port}/api/upload/chunk`,
        userId: "test",
        token,
        chunkSize: 1.5 * 1024 * 1024,
      });
      const result = await uploadWith(uploader, bytes, "over-http.mp4");
      expect(result).toMatchObject({ type: "video" });
      expect(await download(result.uniqueID!)).toBe(sha256(bytes));

      // Refused before its body is read: the sender still gets the answer, not a broken connection.
      const user = await t.user({ role: "free" });
      await t.db.orm
        .insert(media)
        .values({ accountId: user.accountId, name: "full.mp4", type: "video", size: 2 * BYTES_PER_GB });
      const full = createUploader({
        endpoint: `http://127.0.0.1:${port}/api/upload/chunk`,
        userId: "test",
        token: await t.login(user.email),
        chunkSize: 1.5 * 1024 * 1024,
        retryDelay: () => 0,
      });
      const refused = firstError(full);
      await expect(uploadWith(full, bytes, "too-much.mp4")).rejects.toThrow(/storage is left/);
      expect(await refused).toMatchObject({ httpStatus: 413 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
