import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ChunkFieldsSchema } from "../schemas/requests/media.js";
import { createUploader } from "./createUploader.js";
import { startChunkServer, type ChunkServer } from "./test-support/chunkServer.js";
import { bytesOf, fileOf } from "./test-support/files.js";

let server: ChunkServer;
beforeAll(async () => {
  server = await startChunkServer();
});
afterAll(() => server.close());

async function upload(size: number, chunkSize = 1000) {
  const uploader = createUploader({ endpoint: server.endpoint, userId: "user-7", chunkSize });
  const [item] = uploader.add(fileOf("talk.mp4", size, size, "video/mp4"));
  await uploader.start();
  const posts = server.posts.filter((post) => post.fileId === item!.uuid);
  return { uploader, item: item!, posts };
}

describe("the chunk protocol", () => {
  it.each([
    [0, [[0, 0, true]]],
    [999, [[0, 999, true]]],
    [1000, [[0, 1000, true]]],
    [1001, [[0, 1000, false], [1000, 1001, true]]],
    [2500, [[0, 1000, false], [1000, 2000, false], [2000, 2500, true]]],
  ] as const)("a %i-byte file goes as [start, position, isLast] %j", async (size, expected) => {
    const { item, posts } = await upload(size);
    expect(posts.map((post) => [post.start, post.position, post.isLast])).toEqual(expected);
    expect(posts.map((post) => post.index)).toEqual(expected.map((_, index) => index));
    expect(posts.map((post) => post.length)).toEqual(expected.map(([start, end]) => end - start));
    expect(server.assembled(item.uuid)).toEqual(bytesOf(size, size));
  });

  it("sends every field of spec §7, plus checksum and size", async () => {
    const { item, posts } = await upload(1001);
    expect(posts[1]).toEqual({
      fileId: item.uuid,
      userId: "user-7",
      isLast: true,
      name: "talk.mp4",
      mime: "video/mp4",
      start: 1000,
      position: 1001,
      index: 1,
      size: 1001,
      checksum: expect.stringMatching(/^[0-9a-f]{64}$/),
      length: 1,
      authorization: undefined,
    });
  });

  it("sends the fields ChunkFieldsSchema reads, the checksum after the file in Node, and folderId only when given", async () => {
    const { posts } = await upload(1001);
    const forms = server.forms.slice(-2);
    for (const form of forms) {
      // The Node transport hashes the chunk as it sends it: its checksum comes last.
      expect(form.map(([name]) => name)).toEqual([
        "fileId", "userId", "isLast", "name", "mime", "start", "position", "index", "size", "file", "checksum",
      ]);
      const fields = Object.fromEntries(form.filter(([name]) => name !== "file"));
      expect(v.safeParse(ChunkFieldsSchema, fields).issues).toBeUndefined();
    }
    expect(posts[0]).not.toHaveProperty("folderId");

    const uploader = createUploader({ endpoint: server.endpoint, userId: "u", chunkSize: 1000, folderId: "folder-9" });
    const [item] = uploader.add(fileOf("cover.png", 1500));
    await uploader.start();
    const sent = server.posts.filter((post) => post.fileId === item!.uuid);
    expect(sent.map((post) => post.folderId)).toEqual(["folder-9", "folder-9"]);
    const last = server.forms.at(-1)!;
    expect(last.at(-2)?.[0]).toBe("file");
    expect(v.parse(ChunkFieldsSchema, Object.fromEntries(last.filter(([name]) => name !== "file")))).toMatchObject({
      folderId: "folder-9", isLast: true, start: 1000, position: 1500, index: 1, size: 1500,
    });
  });

  it("sends the checksum before the file when it is computed first (fetch, XMLHttpRequest)", async () => {
    const uploader = createUploader({ endpoint: server.endpoint, userId: "u", chunkSize: 1000, fetch: (input, init) => fetch(input, init) });
    const [item] = uploader.add(fileOf("clip.mp4", 1500));
    await uploader.start();
    expect(server.assembled(item!.uuid)).toEqual(bytesOf(1500));
    const form = server.forms.at(-1)!;
    expect(form.map(([name]) => name).slice(-2)).toEqual(["checksum", "file"]);
  });

  it("puts the last reply's identifiers in the status", async () => {
    const { uploader, item } = await upload(2500);
    const status = uploader.getState().status[item.uuid]!;
    expect(status).toMatchObject({ progress: 100, uploaded: 2500, remaining: 0, fileType: "video" });
    expect(status.fileID).toMatch(/^media-\d+$/);
    expect(status.fileID).toBe(`media-${status.id}`);
    expect(await uploader.done(item.uuid)).toEqual({
      uuid: item.uuid, uniqueID: status.fileID, type: "video", id: status.id,
    });
  });

  it("hashes the next chunk while the current one is sent, each chunk once", async () => {
    const read: number[] = []; // where the slices whose bytes were hashed begin
    class Watched extends Blob {
      override slice(start?: number, end?: number, type?: string) {
        const part = super.slice(start, end, type);
        const stream = part.stream.bind(part);
        part.stream = () => (read.push(start ?? 0), stream());
        return part;
      }
    }
    const readWhenSent: Record<string, number[]> = {};
    const fetcher: typeof fetch = (input, init) => {
      if (init?.body instanceof FormData) readWhenSent[String(init.body.get("index"))] = [...read];
      return fetch(input, init);
    };
    const uploader = createUploader({ endpoint: server.endpoint, userId: "u", chunkSize: 1000, fetch: fetcher });
    const [item] = uploader.add({ blob: new Watched([bytesOf(2500, 3)]), name: "talk.mp4" });
    await uploader.start();
    expect(readWhenSent).toEqual({ "0": [0, 1000], "1": [0, 1000, 2000], "2": [0, 1000, 2000, 3000] });
    expect(server.assembled(item!.uuid)).toEqual(bytesOf(2500, 3));
  });

  it("in Node, reads each chunk once: hashed as it is sent", async () => {
    const stream = vi.spyOn(Blob.prototype, "stream");
    try {
      const uploader = createUploader({ endpoint: server.endpoint, userId: "u", chunkSize: 1000 });
      const [item] = uploader.add({ blob: new Blob([bytesOf(2500, 3)]), name: "talk.mp4" });
      await uploader.start();
      expect(server.assembled(item!.uuid)).toEqual(bytesOf(2500, 3));
      // What was read: the three chunks, once each (with fetch: hashed first, then read again to send).
      const sizes = stream.mock.contexts.map((blob) => (blob as Blob).size).filter((size) => size > 0);
      expect(sizes).toEqual([1000, 1000, 500]);
    } finally {
      stream.mockRestore();
    }
  });

  it("uses the default chunk size of 100 MB", async () => {
    const uploader = createUploader({ endpoint: server.endpoint, userId: "u" });
    const [item] = uploader.add(fileOf("a.mp3", 3000));
    await uploader.start();
    expect(server.posts.filter((post) => post.fileId === item!.uuid)).toHaveLength(1);
  });
});
