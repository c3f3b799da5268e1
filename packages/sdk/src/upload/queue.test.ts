import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BYTES_PER_GB } from "../constants.js";
import { createUploader } from "./createUploader.js";
import { CANCELED } from "./messages.js";
import { startChunkServer, type ChunkServer } from "./test-support/chunkServer.js";
import { fileOf } from "./test-support/files.js";
import type { UploadErrorEvent, UploaderOptions } from "./types.js";

let server: ChunkServer;
beforeEach(async () => {
  server = await startChunkServer();
});
afterEach(() => server.close());

const uploaderFor = (options: Partial<UploaderOptions> = {}) =>
  createUploader({ endpoint: server.endpoint, userId: "u-1", chunkSize: 1000, retryDelay: () => 1, ...options });

describe("the upload queue", () => {
  it("uploads one file at a time, in order, then sets allUploaded", async () => {
    const uploader = uploaderFor({ autoStart: false });
    expect(uploader.getState().allUploaded).toBe(true);
    const items = uploader.add([fileOf("a.mp4", 3500, 1), fileOf("b.png", 2100, 2), fileOf("c.mp3", 10, 3)]);
    expect(items.map((item) => [item.name, item.size, item.type])).toEqual([
      ["a.mp4", 3500, "video"], ["b.png", 2100, "image"], ["c.mp3", 10, "audio"],
    ]);
    expect(uploader.getState().allUploaded).toBe(false);
    const seen: string[] = [];
    uploader.subscribe((state) => state.current && seen.at(-1) !== state.current && seen.push(state.current));
    await uploader.start();
    expect(server.maxInFlight).toBe(1);
    expect(seen).toEqual(items.map((item) => item.uuid));
    const order = server.posts.map((post) => post.fileId);
    expect(order).toEqual([...Array(4).fill(items[0]!.uuid), ...Array(3).fill(items[1]!.uuid), items[2]!.uuid]);
    const state = uploader.getState();
    expect(state.allUploaded).toBe(true);
    expect(state.current).toBeUndefined();
    expect(state.queue.every((item) => item.isUploaded && !item.isUploading && !item.isError)).toBe(true);
  });

  it("starts by itself and resolves done() with the last reply's message", async () => {
    const uploader = uploaderFor({ token: () => "tok-1" });
    const [item] = uploader.add({ blob: new Blob([new Uint8Array(1500)]), name: "clip.MP4" });
    const result = await uploader.done(item!.uuid);
    expect(result).toMatchObject({ uuid: item!.uuid, type: "video" });
    expect(server.posts.map((post) => post.authorization)).toEqual(["Bearer tok-1", "Bearer tok-1"]);
  });

  it("silently skips unknown extensions and nameless blobs", () => {
    const uploader = uploaderFor({ autoStart: false });
    const errors: UploadErrorEvent[] = [];
    uploader.on("error", (event) => errors.push(event));
    const added = uploader.add([fileOf("notes.txt", 10), fileOf("x.webm", 10), new Blob(["x"]), fileOf("ok.gif", 10)]);
    expect(added.map((item) => item.name)).toEqual(["ok.gif"]);
    expect(uploader.getState().queue).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it("rejects a file that would exceed the storage limit, counting files already queued", () => {
    const uploader = uploaderFor({ autoStart: false, storage: { usedBytes: 2 * BYTES_PER_GB - 3000, limitGB: 2 } });
    const errors: UploadErrorEvent[] = [];
    uploader.on("error", (event) => errors.push(event));
    expect(uploader.add(fileOf("a.png", 2000))).toHaveLength(1);
    expect(uploader.add(fileOf("b.png", 1001))).toHaveLength(0);
    expect(uploader.add(fileOf("c.png", 1000))).toHaveLength(1);
    expect(uploader.getState().queue.map((item) => item.name)).toEqual(["a.png", "c.png"]);
    expect(errors).toEqual([
      {
        name: "b.png",
        reason: "storage",
        message: "This upload needs 0.00 GB but only 0.00 GB of your 2 GB storage is left.",
      },
    ]);
  });

  it("removes a queued file, but not the uploading one", async () => {
    const uploader = uploaderFor();
    server.fault({ index: 0, kind: "delay", ms: 150 });
    const [first, second, third] = uploader.add([fileOf("a.png", 500), fileOf("b.png", 500), fileOf("c.png", 500)]);
    await server.nextPost();
    expect(uploader.remove(first!.uuid)).toBe(false);
    expect(uploader.remove(second!.uuid)).toBe(true);
    expect(uploader.remove("nope")).toBe(false);
    expect(uploader.getState().status[second!.uuid]).toBeUndefined();
    await expect(uploader.done(second!.uuid)).rejects.toThrow(/No upload/);
    await uploader.start();
    expect(new Set(server.posts.map((post) => post.fileId))).toEqual(new Set([first!.uuid, third!.uuid]));
    expect(uploader.getState().queue.map((item) => item.name)).toEqual(["a.png", "c.png"]);
    expect(uploader.getState().allUploaded).toBe(true);
  });

  it("cancels the uploading file: aborts its chunk, resolves CANCELED, moves on", async () => {
    const uploader = uploaderFor();
    server.fault({ index: 1, kind: "delay", ms: 2000 });
    const [big, next] = uploader.add([fileOf("big.mp4", 5000), fileOf("next.png", 10)]);
    await server.nextPost((post) => post.index === 1);
    expect(uploader.cancel(big!.uuid)).toBe(true);
    expect(await uploader.done(big!.uuid)).toBe(CANCELED);
    const cancelled = uploader.getState().queue[0]!;
    expect(cancelled).toMatchObject({ isCancelled: true, isUploading: false, isUploaded: false });
    await uploader.done(next!.uuid);
    await uploader.start();
    expect(server.posts.filter((post) => post.fileId === big!.uuid).map((post) => post.index)).toEqual([0, 1]);
    expect(server.assembled(big!.uuid)).toBeUndefined();
    expect(uploader.getState().allUploaded).toBe(true);
    expect(uploader.cancel(big!.uuid)).toBe(false);
    expect(uploader.cancel(next!.uuid)).toBe(false);
  });

  it("cancels a waiting file before it starts", async () => {
    const uploader = uploaderFor({ autoStart: false });
    const [item] = uploader.add(fileOf("a.png", 10));
    uploader.cancel(item!.uuid);
    await uploader.start();
    expect(await uploader.done(item!.uuid)).toBe(CANCELED);
    expect(server.posts).toEqual([]);
    expect(uploader.getState().allUploaded).toBe(true);
  });

  it("gives images a thumbnail URL and revokes it on remove", async () => {
    const uploader = uploaderFor({ autoStart: false });
    const [image, audio] = uploader.add([fileOf("a.png", 10), fileOf("a.wav", 10)]);
    expect(image!.thumbnail).toMatch(/^blob:/);
    expect(audio!.thumbnail).toBe("");
    uploader.remove(image!.uuid);
    expect(await fetch(image!.thumbnail).then(() => "ok", () => "revoked")).toBe("revoked");
  });

  it("stops after destroy()", async () => {
    const uploader = uploaderFor();
    server.fault({ index: 0, kind: "delay", ms: 100 });
    const [first] = uploader.add([fileOf("a.png", 10), fileOf("b.png", 10)]);
    const done = uploader.done(first!.uuid);
    await server.nextPost();
    uploader.destroy();
    expect(await done).toBe(CANCELED);
    await expect(uploader.done(first!.uuid)).rejects.toThrow(/No upload/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.posts).toHaveLength(1);
  });
});
