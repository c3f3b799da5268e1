import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUploader } from "./createUploader.js";
import { startChunkServer, type ChunkServer } from "./test-support/chunkServer.js";
import { fileOf, stateWhere } from "./test-support/files.js";
import type { UploadErrorEvent, UploaderEvents, UploaderOptions } from "./types.js";

let server: ChunkServer;
beforeEach(async () => {
  server = await startChunkServer();
});
afterEach(() => server.close());

function setup(options: Partial<UploaderOptions> = {}) {
  const uploader = createUploader({
    endpoint: server.endpoint,
    userId: "u",
    chunkSize: 1000,
    mediaStatusURL: server.mediaStatusURL,
    pollInterval: 5,
    retryDelay: () => 1,
    ...options,
  });
  const log: string[] = [];
  const errors: UploadErrorEvent[] = [];
  for (const type of ["uploaded", "processing", "ready"] as const satisfies (keyof UploaderEvents)[])
    uploader.on(type, (event) => log.push(`${type}:${event.status.phase}`));
  uploader.on("error", (event) => errors.push(event));
  return { uploader, log, errors };
}

describe("the processing phase", () => {
  it("keeps a video in processing until the server says it is ready", async () => {
    server.mediaStatus(100, [{ ready: false, status: 2 }, { ready: false, status: 1 }, { ready: true, status: 0 }]);
    const { uploader, log } = setup();
    const [item] = uploader.add(fileOf("a.mp4", 1500));
    await uploader.done(item!.uuid);
    expect(uploader.getState().status[item!.uuid]?.phase).toBe("processing");
    expect(uploader.getState().queue[0]).toMatchObject({ isUploaded: true, isReady: false });
    const state = await stateWhere(uploader, (s) => s.queue[0]!.isReady);
    expect(state.status[item!.uuid]?.phase).toBe("ready");
    expect(server.statusQueries).toEqual(["100", "100", "100"]);
    expect(log).toEqual(["uploaded:processing", "processing:processing", "ready:ready"]);
  });

  it("makes images and audio ready at once, without asking", async () => {
    const { uploader, log } = setup();
    uploader.add([fileOf("a.png", 10), fileOf("a.m4a", 10)]);
    await uploader.start();
    expect(uploader.getState().queue.every((item) => item.isReady)).toBe(true);
    expect(server.statusQueries).toEqual([]);
    expect(log).toHaveLength(6);
  });

  it("makes videos ready at once when no mediaStatusURL is given", async () => {
    const { uploader } = setup({ mediaStatusURL: undefined });
    uploader.add(fileOf("a.mp4", 10));
    await uploader.start();
    expect(uploader.getState().queue[0]!.isReady).toBe(true);
  });

  it("fails the file when encoding fails (status 5)", async () => {
    server.mediaStatus(100, [{ ready: false, status: 1 }, { ready: false, status: 5 }]);
    const { uploader, errors } = setup();
    uploader.add(fileOf("a.mp4", 10));
    const state = await stateWhere(uploader, (s) => s.queue[0]!.isError);
    expect(state.queue[0]).toMatchObject({ isUploaded: true, isReady: false, isError: true });
    expect(errors).toMatchObject([{ reason: "processing", message: "The media could not be processed.", name: "a.mp4" }]);
  });

  it("gives up when the status question keeps failing", async () => {
    const { uploader, errors } = setup({
      retries: 2,
      mediaStatusURL: (id) => `${server.endpoint.replace("/upload/chunk", "/nowhere")}/${id}`,
    });
    uploader.add(fileOf("a.mp4", 10));
    await stateWhere(uploader, (s) => s.queue[0]!.isError);
    expect(errors).toMatchObject([{ reason: "processing", message: "The media status could not be checked." }]);
  });

  it("stops asking when the file is removed", async () => {
    server.mediaStatus(100, [{ ready: false, status: 1 }]);
    const { uploader } = setup({ pollInterval: 20 });
    const [item] = uploader.add(fileOf("a.mp4", 10));
    await uploader.done(item!.uuid);
    expect(uploader.remove(item!.uuid)).toBe(true);
    const asked = server.statusQueries.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.statusQueries.length).toBeLessThanOrEqual(asked + 1);
  });
});
