import { randomUUID } from "node:crypto";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BYTES_PER_GB, type Client } from "@cuepoint/sdk";
import { createUploader, type UploadErrorEvent } from "@cuepoint/sdk/upload";
import { media, mediaUploads } from "../../db/schema/index.js";
import { mp4File, wavFile } from "../../test-support/mediaFixtures.js";
import { syntheticVideo } from "../../test-support/videoFiles.js";
import {
  API,
  appFetch,
  createMediaTestApp,
  filesUnder,
  getWith,
  postChunk,
  sha256,
  testUploader,
  uploadWith,
} from "../../test-support/mediaUpload.js";
import type { TestApp } from "../../test-support/testApp.js";

/** Uploads through the SDK's chunked uploader, in-process and over real HTTP. The chunk endpoint by hand: uploadChunkEndpoint.test.ts, uploadInPlace.test.ts. */

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
