import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BYTES_PER_GB, type Client } from "@cuepoint/sdk";
import { mediaUploads } from "../../db/schema/index.js";
import {
  CHUNK_ENDPOINT,
  createMediaTestApp,
  getWith,
  postChunk,
  sha256,
} from "../../test-support/mediaUpload.js";
import type { TestApp } from "../../test-support/testApp.js";

/** POST and GET /upload/chunk by hand: refusals, checksums, the last chunk, waits, accounts, scopes. */

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
