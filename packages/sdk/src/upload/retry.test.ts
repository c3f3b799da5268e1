import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUploader } from "./createUploader.js";
import { startChunkServer, type ChunkServer } from "./test-support/chunkServer.js";
import { bytesOf, fileOf } from "./test-support/files.js";
import type { UploadErrorEvent, UploaderOptions } from "./types.js";

let server: ChunkServer;
beforeEach(async () => {
  server = await startChunkServer();
});
afterEach(() => server.close());

function setup(options: Partial<UploaderOptions> = {}) {
  const attempts: number[] = [];
  const errors: UploadErrorEvent[] = [];
  const uploader = createUploader({
    endpoint: server.endpoint,
    userId: "u",
    chunkSize: 1000,
    retryDelay: (attempt) => (attempts.push(attempt), 1),
    ...options,
  });
  uploader.on("error", (event) => errors.push(event));
  const [item] = uploader.add(fileOf("a.mp4", 5500, 9));
  return { uploader, item: item!, attempts, errors, indexes: () => server.posts.map((post) => post.index) };
}

describe("failed chunks", () => {
  it("retries a chunk that got a 503 and continues from it, never from zero", async () => {
    server.fault({ index: 3, kind: "status", status: 503 });
    const { uploader, item, attempts, indexes } = setup();
    await uploader.start();
    expect(indexes()).toEqual([0, 1, 2, 3, 3, 4, 5]);
    expect(attempts).toEqual([1]);
    expect(server.assembled(item.uuid)).toEqual(bytesOf(5500, 9));
    expect(uploader.getState().queue[0]).toMatchObject({ isUploaded: true, isError: false });
  });

  it("retries after a dropped connection, a 408 and a 429, with growing attempts", async () => {
    server.fault({ index: 2, kind: "drop" });
    server.fault({ index: 2, kind: "status", status: 408 });
    server.fault({ index: 2, kind: "status", status: 429 });
    const { uploader, item, attempts, indexes } = setup();
    await uploader.start();
    expect(indexes()).toEqual([0, 1, 2, 2, 2, 2, 3, 4, 5]);
    expect(attempts).toEqual([1, 2, 3]);
    expect(server.assembled(item.uuid)).toEqual(bytesOf(5500, 9));
  });

  it("re-sends a chunk the server found corrupt (422 checksum_mismatch)", async () => {
    server.fault({ index: 4, kind: "checksum" });
    const { uploader, item, attempts, indexes } = setup();
    await uploader.start();
    expect(indexes()).toEqual([0, 1, 2, 3, 4, 4, 5]);
    expect(attempts).toEqual([1]);
    expect(server.assembled(item.uuid)).toEqual(bytesOf(5500, 9));
  });

  it("fails the file on another 4xx, with the server's message, and goes on with the queue", async () => {
    server.fault({ index: 1, kind: "status", status: 413, body: { message: "File too large" } });
    const { uploader, item, errors, indexes } = setup();
    const [next] = uploader.add(fileOf("b.png", 10));
    await expect(uploader.done(item.uuid)).rejects.toThrow("File too large");
    await uploader.start();
    expect(indexes()).toEqual([0, 1, 0]);
    expect(uploader.getState().queue[0]).toMatchObject({ isError: true, isUploading: false, isUploaded: false });
    expect(uploader.getState().queue[1]).toMatchObject({ uuid: next!.uuid, isUploaded: true });
    expect(errors).toEqual([
      { item: uploader.getState().queue[0], name: "a.mp4", message: "File too large", reason: "upload", httpStatus: 413 },
    ]);
    expect(uploader.getState().allUploaded).toBe(true);
  });

  it("gives up after `retries` retries of one chunk", async () => {
    for (let i = 0; i < 3; i++) server.fault({ index: 0, kind: "status", status: 500, body: "oops" });
    const { uploader, item, errors, attempts } = setup({ retries: 2 });
    await expect(uploader.done(item.uuid)).rejects.toThrow("Upload failed (HTTP 500)");
    expect(attempts).toEqual([1, 2]);
    expect(errors[0]).toMatchObject({ message: "Upload failed (HTTP 500)", httpStatus: 500 });
  });

  it("counts retries per chunk: a few failures on several chunks do not add up", async () => {
    for (const index of [0, 1, 2, 3, 4, 5]) server.fault({ index, kind: "status", status: 502 });
    const { uploader, item } = setup({ retries: 1 });
    await uploader.start();
    expect(server.assembled(item.uuid)).toEqual(bytesOf(5500, 9));
  });

  it("reports a network failure when the server never answers", async () => {
    await server.close();
    const { uploader, item } = setup({ retries: 1 });
    await expect(uploader.done(item.uuid)).rejects.toThrow("Network error");
  });
});
