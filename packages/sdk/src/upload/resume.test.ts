import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUploader } from "./createUploader.js";
import { startChunkServer, type ChunkServer } from "./test-support/chunkServer.js";
import { bytesOf } from "./test-support/files.js";
import type { UploaderOptions } from "./types.js";

let server: ChunkServer;
beforeEach(async () => {
  server = await startChunkServer();
});
afterEach(() => server.close());

const SIZE = 4200;
const original = bytesOf(SIZE, 5);
const file = () => new File([original], "webinar.mp4");
const uploaderFor = (options: Partial<UploaderOptions> = {}) =>
  createUploader({ endpoint: server.endpoint, userId: "u", chunkSize: 1000, retryDelay: () => 1, ...options });
const indexesOf = (fileId: string) => server.posts.filter((p) => p.fileId === fileId).map((p) => p.index);

describe("resuming", () => {
  it("skips the chunks the server already holds, across uploader instances", async () => {
    const first = uploaderFor({ retries: 0 });
    server.fault({ index: 2, kind: "drop" });
    const [item] = first.add(file());
    await expect(first.done(item!.uuid)).rejects.toThrow();
    first.destroy();
    expect(indexesOf(item!.uuid)).toEqual([0, 1, 2]);

    const second = uploaderFor();
    const progress: number[] = [];
    second.on("progress", (event) => progress.push(event.status.uploaded));
    const [again] = second.add({ blob: file(), name: "webinar.mp4", uuid: item!.uuid });
    expect(again!.uuid).toBe(item!.uuid);
    await second.start();
    expect(server.resumeQueries).toEqual([item!.uuid, item!.uuid]);
    expect(indexesOf(item!.uuid)).toEqual([0, 1, 2, 2, 3, 4]);
    expect(progress.slice(0, 2)).toEqual([1000, 2000]);
    expect(server.assembled(item!.uuid)).toEqual(original);
  });

  it("resumes a cancelled file added again to the same uploader, under the same uuid", async () => {
    const uploader = uploaderFor();
    server.fault({ index: 3, kind: "delay", ms: 1000 });
    const blob = file();
    const [item] = uploader.add(blob);
    await server.nextPost((post) => post.index === 3);
    uploader.cancel(item!.uuid);
    const [again] = uploader.add(blob);
    expect(again!.uuid).toBe(item!.uuid);
    expect(uploader.getState().queue).toHaveLength(1);
    expect(uploader.add(blob)).toEqual([]); // already on its way
    await uploader.done(item!.uuid);
    expect(indexesOf(item!.uuid)).toEqual([0, 1, 2, 3, 3, 4]);
    expect(server.assembled(item!.uuid)).toEqual(original);
  });

  it("always sends the last chunk, whose reply names the file", async () => {
    const fileId = "0b5c5f55-9f4e-4f0a-a7a6-2f1f3f1f0d11";
    server.hold(fileId, Object.fromEntries([0, 1, 2, 3, 4].map((i) => [i, original.slice(i * 1000, i * 1000 + 1000)])));
    const uploader = uploaderFor();
    uploader.add({ blob: file(), name: "webinar.mp4", uuid: fileId });
    await uploader.start();
    expect(indexesOf(fileId)).toEqual([4]);
    expect(uploader.getState().status[fileId]?.fileID).toMatch(/^media-/);
  });

  it("uploads everything when the server does not answer the resume query", async () => {
    const fileId = "5d3c6a3e-1111-4a4a-9b9b-000000000001";
    server.hold(fileId, { 0: original.slice(0, 1000) });
    const uploader = uploaderFor({
      fetch: (input, init) =>
        init?.method === "POST" ? fetch(input, init) : Promise.resolve(new Response("nope", { status: 404 })),
    });
    uploader.add({ blob: file(), name: "webinar.mp4", uuid: fileId });
    await uploader.start();
    expect(indexesOf(fileId)).toEqual([0, 1, 2, 3, 4]);
    expect(server.assembled(fileId)).toEqual(original);
  });
});
