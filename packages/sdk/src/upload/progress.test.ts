import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUploader } from "./createUploader.js";
import { startChunkServer, type ChunkServer } from "./test-support/chunkServer.js";
import { fileOf } from "./test-support/files.js";
import type { FileStatus } from "./types.js";

let server: ChunkServer;
beforeAll(async () => {
  server = await startChunkServer();
});
afterAll(() => server.close());

describe("progress, speed and time left", () => {
  it("reports finite, smoothed figures at every chunk, ending at 100%", async () => {
    const uploader = createUploader({ endpoint: server.endpoint, userId: "u", chunkSize: 10_000 });
    const seen: FileStatus[] = [];
    uploader.on("progress", (event) => seen.push(event.status));
    const [item] = uploader.add(fileOf("a.wav", 50_000));
    for (let index = 0; index < 5; index++) server.fault({ fileId: item!.uuid, index, kind: "delay", ms: 40 });
    await uploader.start();

    expect(seen.map((status) => status.uploaded)).toEqual([10_000, 20_000, 30_000, 40_000, 50_000]);
    expect(seen.map((status) => status.progress)).toEqual([20, 40, 60, 80, 100]);
    for (const status of seen) {
      expect(Number.isFinite(status.speed) && status.speed > 0).toBe(true);
      expect(Number.isFinite(status.remaining) && status.remaining >= 0).toBe(true);
      expect(status.phase).toBe("uploading");
    }
    // about 10 kB per 40+ ms: well under 250 kB/s, well over 10 kB/s on any machine
    const last = seen.at(-1)!;
    expect(last.speed).toBeGreaterThan(10_000);
    expect(last.speed).toBeLessThan(250_000);
    // time left = bytes left / speed
    expect(seen[1]!.remaining).toBeCloseTo(30_000 / seen[1]!.speed, 6);
    expect(last.remaining).toBe(0);
    expect(uploader.getState().status[item!.uuid]).toMatchObject({ progress: 100, remaining: 0 });
  });

  it("reports a 0-byte file as 100% done", async () => {
    const uploader = createUploader({ endpoint: server.endpoint, userId: "u", chunkSize: 1000 });
    const [item] = uploader.add(fileOf("empty.png", 0));
    await uploader.start();
    expect(uploader.getState().status[item!.uuid]).toMatchObject({ progress: 100, uploaded: 0, remaining: 0 });
    expect(uploader.getState().queue[0]!.isUploaded).toBe(true);
  });
});
