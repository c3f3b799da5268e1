import { openAsBlob } from "node:fs";
import { appendFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createUploader } from "./createUploader.js";
import { CANCELED } from "./messages.js";
import { eachPart } from "./node.js";
import { FILE_CHANGED, fileFromPath, readFromDisk } from "./nodeFile.js";
import { startChunkServer, type ChunkServer } from "./test-support/chunkServer.js";
import { bytesOf, fileOf } from "./test-support/files.js";
import type { UploadErrorEvent } from "./types.js";

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

describe("fileFromPath", () => {
  it("is a Blob of the file (size, type, bytes), read lazily", async () => {
    const path = join(dir, "slides.png");
    await writeFile(path, "0123456789");
    const blob = await fileFromPath(path, "image/png");
    expect(blob).toBeInstanceOf(Blob);
    expect([blob.size, blob.type, await blob.slice(2, 5).text()]).toEqual([10, "image/png", "234"]);
  });

  it("is read from disk by range, in pieces that cross 1 MiB boundaries, for its blob only", async () => {
    const original = bytesOf(3_000_001, 7);
    const path = join(dir, "range.mp4");
    await writeFile(path, original);
    const blob = await fileFromPath(path);
    const read = async (from: Blob, start: number, end: number) => {
      const pieces: Buffer[] = [];
      // Pieces share two buffers: copy each before the next is read into it.
      const done = await readFromDisk(from, start, end, (piece) => void pieces.push(Buffer.from(piece)));
      return done ? Buffer.concat(pieces) : undefined;
    };
    expect((await read(blob, 1_000_000, 2_600_000))?.equals(Buffer.from(original.subarray(1_000_000, 2_600_000)))).toBe(true);
    expect((await read(blob, 0, 3_000_001))?.equals(Buffer.from(original))).toBe(true);
    expect((await read(blob, 5, 5))?.length).toBe(0);
    // Any other blob (Node's own openAsBlob of the same file included) is not read here.
    expect(await read(await openAsBlob(path), 0, 10)).toBeUndefined();
    expect(await read(new Blob(["abc"]), 0, 3)).toBeUndefined();
  });

  it("uploads through the Node transport: the same posts and bytes as any blob", async () => {
    const original = bytesOf(2_500_000, 11);
    const path = join(dir, "disk.mp4");
    await writeFile(path, original);
    const uploader = createUploader({ endpoint: server.endpoint, userId: "u", chunkSize: 1024 * 1024 });
    const [item] = uploader.add([{ blob: await fileFromPath(path, "video/mp4"), name: "disk.mp4" }]);
    await uploader.start();
    expect(server.posts.filter((post) => post.fileId === item!.uuid).map((post) => [post.index, post.length, post.isLast])).toEqual([
      [0, 1048576, false],
      [1, 1048576, false],
      [2, 402848, true],
    ]);
    expect(Buffer.from(server.assembled(item!.uuid)!).equals(Buffer.from(original))).toBe(true);
  });

  it("fails the file at once, saying so, when the file changed since it was added", async () => {
    const path = join(dir, "changing.mp4");
    await writeFile(path, bytesOf(300_000, 5));
    const uploader = createUploader({ endpoint: server.endpoint, userId: "u", chunkSize: 100_000, retryDelay: () => 0 });
    const errors: UploadErrorEvent[] = [];
    uploader.on("error", (event) => errors.push(event));
    const [item] = uploader.add([{ blob: await fileFromPath(path), name: "changing.mp4" }]);
    await appendFile(path, "more");
    const before = server.posts.length;
    await uploader.start();
    expect(errors.map((event) => event.message)).toEqual([FILE_CHANGED]);
    expect(uploader.getState().queue.find((it) => it.uuid === item!.uuid)).toMatchObject({ isUploaded: false });
    // Nothing was retried: no chunk of it reached the server (its post was ended before its bytes).
    expect(server.posts.length).toBe(before);
  });
});

describe("the Node transport (node:http)", () => {
  /** A one-off server for the cases the chunk server does not play; answers the resume query with none held. */
  async function rawServer(onPost: (req: IncomingMessage, res: ServerResponse) => void) {
    const raw = createServer((req, res) => (req.method === "GET" ? res.end("{}") : onPost(req, res)));
    await new Promise<void>((resolve) => raw.listen(0, "127.0.0.1", resolve));
    return {
      endpoint: `http://127.0.0.1:${(raw.address() as AddressInfo).port}/upload/chunk`,
      close: () => new Promise<void>((resolve) => (raw.closeAllConnections(), raw.close(() => resolve()))),
    };
  }

  it("posts the chunks itself, not with fetch, exactly as FormData through fetch would", async () => {
    const posts = vi.fn();
    const realFetch = globalThis.fetch;
    const upload = async (fetch?: typeof globalThis.fetch) => {
      const uploader = createUploader({ endpoint: server.endpoint, userId: "u", chunkSize: 1000, token: "t", fetch });
      const [item] = uploader.add(fileOf('cut "1"\n.mp4', 2500, 5, "video/mp4"));
      await uploader.start();
      expect(server.assembled(item!.uuid)).toEqual(bytesOf(2500, 5));
      return server.posts.filter((post) => post.fileId === item!.uuid).map(({ fileId: _, ...post }) => post);
    };
    vi.stubGlobal("fetch", (input: string, init?: RequestInit) => (init?.method === "POST" && posts(), realFetch(input, init)));
    try {
      const viaNode = await upload();
      expect(posts).not.toHaveBeenCalled();
      const viaFetch = await upload(realFetch);
      expect(viaNode).toHaveLength(3);
      expect(viaNode).toEqual(viaFetch);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("releases each part of Node's own Blob stream once used, and no part of another stream", async () => {
    const parts: Uint8Array[] = [];
    const sizes: number[] = [];
    await eachPart(new Blob([bytesOf(200_000)]), (part) => (parts.push(part), sizes.push(part.byteLength)));
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(200_000);
    expect(parts.every((part) => part.byteLength === 0)).toBe(true); // detached: freed now, not at the next GC

    const kept = bytesOf(1000);
    class OwnStream extends Blob {
      override stream() {
        return new ReadableStream<Uint8Array<ArrayBuffer>>({ start: (c) => (c.enqueue(kept), c.close()) });
      }
    }
    await eachPart(new OwnStream([kept]), () => {});
    expect(kept).toEqual(bytesOf(1000));
  });

  it("fails the file at once on a redirect, with its status", async () => {
    let posted = 0;
    const raw = await rawServer((_req, res) => (posted++, res.writeHead(307, { location: "/elsewhere" }).end()));
    try {
      const uploader = createUploader({ endpoint: raw.endpoint, userId: "u", retryDelay: () => 1 });
      const errors: UploadErrorEvent[] = [];
      uploader.on("error", (event) => errors.push(event));
      const [item] = uploader.add(fileOf("a.mp4", 10));
      await expect(uploader.done(item!.uuid)).rejects.toThrow("Upload failed (HTTP 307)");
      expect(posted).toBe(1);
      expect(errors).toMatchObject([{ httpStatus: 307, reason: "upload" }]);
    } finally {
      await raw.close();
    }
  });

  it("stops sending a chunk whose connection drops halfway, and retries it", async () => {
    let posted = 0;
    const raw = await rawServer((req) => {
      posted++;
      req.once("data", () => req.socket.destroy());
    });
    try {
      const uploader = createUploader({ endpoint: raw.endpoint, userId: "u", retries: 2, retryDelay: () => 1 });
      const [item] = uploader.add(fileOf("a.mp4", 3_000_000));
      await expect(uploader.done(item!.uuid)).rejects.toThrow("Network error");
      expect(posted).toBe(3);
    } finally {
      await raw.close();
    }
  });

  it("cancels a chunk while its body is being written", async () => {
    let seen!: () => void;
    const started = new Promise<void>((resolve) => (seen = resolve));
    const raw = await rawServer((req) => req.once("data", () => (req.pause(), seen())));
    try {
      const uploader = createUploader({ endpoint: raw.endpoint, userId: "u" });
      const [item] = uploader.add(fileOf("a.mp4", 30_000_000));
      await started;
      const at = performance.now();
      uploader.cancel(item!.uuid);
      expect(await uploader.done(item!.uuid)).toBe(CANCELED);
      expect(performance.now() - at).toBeLessThan(1000);
    } finally {
      await raw.close();
    }
  });
});
