import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BYTES_PER_GB, type Client } from "@cuepoint/sdk";
import { media, mediaUploads } from "../../db/schema/index.js";
import { storageUsed } from "../items.js";
import {
  CHUNK_ENDPOINT,
  createMediaTestApp,
  filesUnder,
  getWith,
  postChunk,
  sha256,
} from "../../test-support/mediaUpload.js";
import type { TestApp } from "../../test-support/testApp.js";

/** Chunks written in place in one file per upload: any order, copies, checksums after the bytes, overlaps, the storage limit, abandoned uploads. */

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

/** A file of `count` chunks of `CHUNK_BYTES` (the last one shorter), posted by hand in any order. */
const CHUNK_BYTES = 1000;
function chunked(count: number, name = "clip.mp4") {
  const fileId = randomUUID();
  const bytes = new Uint8Array(CHUNK_BYTES * count - 300).map((_, i) => (i * 7 + (i >> 8)) & 255);
  const part = (index: number, replace?: Uint8Array<ArrayBuffer>, checksum?: string, checksumAfter?: true | null) => {
    const start = index * CHUNK_BYTES;
    const own = bytes.slice(start, start + CHUNK_BYTES);
    const size = bytes.length;
    return postChunk(t, token, { fileId, name, bytes: replace ?? own, start, index, size, checksum, checksumAfter });
  };
  const held = async () => (await (await getWith(t, token, `/upload/chunk?fileId=${fileId}`)).json()).chunks;
  const dataFile = async () => {
    const [upload] = await t.db.orm.select().from(mediaUploads).where(eq(mediaUploads.fileId, fileId));
    return readFile(join(t.mediaDir, upload!.accountId, "uploads", upload!.id, "data"));
  };
  return { fileId, bytes, part, held, dataFile };
}
const aDayAgo = () => new Date(t.clock.now().getTime() - 25 * 60 * 60_000);
const uniqueID = async (response: Response) => ((await response.json()) as { message: { uniqueID: string } }).message.uniqueID;

describe("chunks written in place", () => {
  it("takes chunks in any order, the last one first", async () => {
    const file = chunked(4);
    const early = await file.part(3);
    expect([early.status, (await early.json()).missing]).toEqual([409, [0, 1, 2]]);
    for (const index of [2, 0]) expect((await file.part(index)).status).toBe(200);
    expect(await file.held()).toEqual([0, 2, 3]);
    const done = await file.part(1); // not the last chunk, but the one that completes the file
    expect(done.status).toBe(200);
    expect(await file.held()).toEqual([0, 1, 2, 3]);
    // The uploader would send the last chunk again: the file is the same.
    const again = await file.part(3);
    const id = await uniqueID(again);
    expect(await download(id)).toBe(sha256(file.bytes));
  });

  it("takes a chunk sent again: the same bytes are only checked, other bytes replace the region", async () => {
    const file = chunked(3);
    expect((await file.part(0)).status).toBe(200);
    expect((await file.part(0)).status).toBe(200); // the reply was lost: the same chunk again
    const other = new Uint8Array(CHUNK_BYTES).fill(42);
    expect((await file.part(1, other)).status).toBe(200);
    expect(await file.held()).toEqual([0, 1]);
    expect((await file.part(1)).status).toBe(200); // the right bytes after all
    const id = await uniqueID(await file.part(2));
    expect(await download(id)).toBe(sha256(file.bytes));
  });

  it("takes the checksum after the file too: checked once the bytes are in, a held region kept unless they verify", async () => {
    const file = chunked(3);
    const after = true;
    expect((await file.part(0, undefined, undefined, after)).status).toBe(200);
    expect((await file.part(0, undefined, undefined, after)).status).toBe(200); // the same bytes again
    const other = new Uint8Array(CHUNK_BYTES).fill(42);
    // Damaged on the way (the checksum is of other bytes): refused, and the verified copy stays.
    expect((await file.part(0, other, sha256(file.bytes.slice(0, CHUNK_BYTES)), after)).status).toBe(422);
    expect((await file.part(1, other, "c".repeat(64), after)).status).toBe(422);
    expect(await file.held()).toEqual([0]);
    expect(sha256((await file.dataFile()).subarray(0, CHUNK_BYTES))).toBe(sha256(file.bytes.slice(0, CHUNK_BYTES)));
    // Other bytes that verify replace the region; then the right ones again.
    expect((await file.part(0, other, undefined, after)).status).toBe(200);
    expect(sha256((await file.dataFile()).subarray(0, CHUNK_BYTES))).toBe(sha256(other));
    expect((await file.part(0, undefined, undefined, after)).status).toBe(200);
    const missing = await file.part(1, undefined, undefined, null);
    expect([missing.status, (await missing.json()).field]).toEqual([400, "checksum"]);
    const bad = await file.part(1, undefined, "not-hex", after);
    expect([bad.status, (await bad.json()).field]).toEqual([400, "checksum"]);
    expect((await file.part(1, undefined, undefined, after)).status).toBe(200);
    const id = await uniqueID(await file.part(2, undefined, undefined, after));
    expect(await download(id)).toBe(sha256(file.bytes));
  });

  it("keeps verified bytes when a damaged copy of their chunk comes again", async () => {
    const file = chunked(3);
    for (const index of [0, 1]) expect((await file.part(index)).status).toBe(200);
    const damaged = file.bytes.slice(CHUNK_BYTES, 2 * CHUNK_BYTES);
    damaged[5] = damaged[5]! ^ 0xff;
    // Claims the verified chunk's checksum, or a checksum of its own: refused either way.
    const claimed = sha256(file.bytes.slice(CHUNK_BYTES, 2 * CHUNK_BYTES));
    expect((await file.part(1, damaged, claimed)).status).toBe(422);
    expect((await file.part(1, damaged, sha256(new Uint8Array(CHUNK_BYTES)))).status).toBe(422);
    expect((await file.part(0, new Uint8Array(CHUNK_BYTES), "b".repeat(64))).status).toBe(422);
    expect(await file.held()).toEqual([0, 1]);
    expect(sha256(await file.dataFile())).toBe(sha256(file.bytes.slice(0, 2 * CHUNK_BYTES)));
    const id = await uniqueID(await file.part(2));
    expect(await download(id)).toBe(sha256(file.bytes));
  });

  it("asks a copy of a chunk being received, and the last chunk meanwhile, to wait (503)", async () => {
    const file = chunked(2);
    expect((await file.part(0)).status).toBe(200);
    // Chunk 0 again with other bytes, whose second half has not come yet.
    const other = new Uint8Array(CHUNK_BYTES).fill(7);
    const boundary = "----cuepoint-slow";
    const fields = { fileId: file.fileId, isLast: "false", name: "clip.mp4", start: "0", position: String(CHUNK_BYTES) };
    const head = Object.entries({ ...fields, index: "0", size: String(file.bytes.length), checksum: sha256(other) })
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join("");
    let rest!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\n\r\n`;
        controller.enqueue(new TextEncoder().encode(head + file));
        controller.enqueue(other.slice(0, 500));
        rest = () => {
          controller.enqueue(other.slice(500));
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
        };
      },
    });
    const slow = t.app.request(CHUNK_ENDPOINT, {
      method: "POST",
      body,
      duplex: "half",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);
    const [upload] = await t.db.orm.select().from(mediaUploads).where(eq(mediaUploads.fileId, file.fileId));
    const folder = join(t.mediaDir, upload!.accountId, "uploads", upload!.id);
    while (!(await filesUnder(folder)).some((path) => path.endsWith(".part"))) await new Promise(setImmediate);
    const twice = await file.part(0);
    expect([twice.status, twice.headers.get("retry-after")]).toEqual([503, "2"]);
    expect((await file.part(1)).status).toBe(503);
    rest();
    expect((await slow).status).toBe(200);
    const done = await file.part(1);
    const expected = new Uint8Array([...other, ...file.bytes.slice(CHUNK_BYTES)]);
    expect(await download(await uniqueID(done))).toBe(sha256(expected));
  });

  it("refuses a chunk overlapping another before reading its bytes", async () => {
    const file = chunked(3);
    expect((await file.part(0)).status).toBe(200);
    const overlapping = await postChunk(t, token, {
      fileId: file.fileId,
      name: "clip.mp4",
      bytes: file.bytes.slice(500, 1500),
      start: 500,
      index: 1,
      size: file.bytes.length,
    });
    expect(overlapping.status).toBe(409);
    expect(await overlapping.json()).toMatchObject({ field: "start", message: expect.stringMatching(/overlap chunk 0/) });
    expect(sha256(await file.dataFile())).toBe(sha256(file.bytes.slice(0, CHUNK_BYTES)));
  });

  it("checks the storage limit again before each chunk's bytes", async () => {
    const user = await t.user({ role: "free" }); // 2 GB
    const small = await t.login(user.email);
    const fileId = randomUUID();
    const size = 3 * CHUNK_BYTES;
    const part = (index: number) =>
      postChunk(t, small, {
        fileId,
        name: "later.mp4",
        bytes: new Uint8Array(CHUNK_BYTES).fill(index + 1),
        start: index * CHUNK_BYTES,
        index,
        size,
      });
    expect((await part(0)).status).toBe(200);
    // The reservation lapses (24 h without a chunk) and other files take the space meanwhile.
    await t.db.orm.update(mediaUploads).set({ updatedAt: aDayAgo() }).where(eq(mediaUploads.fileId, fileId));
    await t.db.orm
      .insert(media)
      .values({ accountId: user.accountId, name: "big.mp4", type: "video", size: 2 * BYTES_PER_GB - 100 });
    const refused = await part(1);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ field: "size" });
    const [upload] = await t.db.orm.select().from(mediaUploads).where(eq(mediaUploads.fileId, fileId));
    const data = await readFile(join(t.mediaDir, user.accountId, "uploads", upload!.id, "data"));
    expect(data).toEqual(Buffer.alloc(CHUNK_BYTES, 1)); // chunk 0 alone: not a byte of chunk 1
  });

  it("reserves what an upload really holds, not the size it declares, and releases it when the chunks stop", async () => {
    const user = await t.user({ role: "free" }); // 2 GB
    const small = await t.login(user.email);
    const first = (name: string, bytes: number, size: number) =>
      postChunk(t, small, { fileId: randomUUID(), name, bytes: new Uint8Array(bytes), size });
    // 1 KB that claims nearly the whole plan: it holds 1 KB and one chunk's room, not 1.9 GB.
    expect((await first("claims.mp4", 1024, Math.round(1.9 * BYTES_PER_GB))).status).toBe(200);
    expect(await storageUsed(t.db.orm, user.accountId, new Date(), { allowanceBytes: CHUNK_LIMIT })).toBe(1024 + CHUNK_LIMIT);
    expect((await first("real.mp4", 10, BYTES_PER_GB)).status).toBe(200);
    // An honest upload that cannot fit still fails at its first chunk, before its bytes.
    const tooBig = await first("too-big.mp4", 10, 2 * BYTES_PER_GB);
    expect([tooBig.status, ((await tooBig.json()) as { field: string }).field]).toEqual([413, "size"]);
    // Chunks that stop coming reserve nothing more than the bytes received.
    await t.db.orm
      .update(mediaUploads)
      .set({ updatedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(mediaUploads.accountId, user.accountId));
    expect(await storageUsed(t.db.orm, user.accountId, new Date(), { allowanceBytes: CHUNK_LIMIT })).toBe(1024 + 10);
  });

  it("drops an upload abandoned for a day, with its bytes, when the account opens the next one", async () => {
    const user = await t.user();
    const own = await t.login(user.email);
    const abandoned = randomUUID();
    await postChunk(t, own, { fileId: abandoned, name: "left.png", bytes: new Uint8Array(10), size: 20 });
    expect(await filesUnder(join(t.mediaDir, user.accountId))).toHaveLength(1);
    await t.db.orm.update(mediaUploads).set({ updatedAt: aDayAgo() }).where(eq(mediaUploads.fileId, abandoned));
    await postChunk(t, own, { fileId: randomUUID(), name: "next.png", bytes: new Uint8Array(10), size: 20 });
    expect(await t.db.orm.$count(mediaUploads, eq(mediaUploads.fileId, abandoned))).toBe(0);
    expect(await filesUnder(join(t.mediaDir, user.accountId))).toHaveLength(1); // the new upload's file alone
  });
});
