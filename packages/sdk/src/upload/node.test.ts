import { openAsBlob } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUploader } from "./createUploader.js";
import { startChunkServer, type ChunkServer } from "./test-support/chunkServer.js";
import { bytesOf } from "./test-support/files.js";

let server: ChunkServer;
let dir: string;
beforeAll(async () => {
  server = await startChunkServer();
  dir = await mkdtemp(join(tmpdir(), "cuepoint-upload-"));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe("in Node", () => {
  it("uploads a file opened with fs.openAsBlob, passed as { blob, name }", async () => {
    const original = bytesOf(2_500_000, 3);
    const path = join(dir, "keynote.mp4");
    await writeFile(path, original);
    const blob = await openAsBlob(path, { type: "video/mp4" });
    const uploader = createUploader({ endpoint: server.endpoint, userId: "u", chunkSize: 1024 * 1024 });
    const [item] = uploader.add([{ blob, name: "keynote.mp4" }]);
    await uploader.start();
    expect(server.posts.map((post) => [post.index, post.length, post.isLast, post.mime])).toEqual([
      [0, 1048576, false, "video/mp4"],
      [1, 1048576, false, "video/mp4"],
      [2, 402848, true, "video/mp4"],
    ]);
    expect(Buffer.from(server.assembled(item!.uuid)!).equals(Buffer.from(original))).toBe(true);
    expect(uploader.getState().queue[0]).toMatchObject({ name: "keynote.mp4", size: 2_500_000, isUploaded: true });
  });
});
