import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError, Client } from "@cuepoint/sdk";
import { media } from "../../db/schema/index.js";
import { createMediaTestApp, getWith, postChunk } from "../../test-support/mediaUpload.js";
import type { TestApp } from "../../test-support/testApp.js";

let t: TestApp & { mediaDir: string };
let token: string;
let owner: Client;
beforeAll(async () => {
  t = await createMediaTestApp();
  token = await t.login((await t.user()).email);
  owner = t.client(token);
});
afterAll(() => t.close());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as ApiError,
  );

/** Uploads `bytes` in one chunk and answers the new item's uniqueID. */
async function uploaded(name: string, bytes: Uint8Array<ArrayBuffer>, as = token, folderId?: string): Promise<string> {
  const response = await postChunk(t, as, { fileId: randomUUID(), name, bytes, ...(folderId && { folderId }) });
  const body = (await response.json()) as { message: { uniqueID: string } };
  if (response.status !== 200) throw new Error(JSON.stringify(body));
  return body.message.uniqueID;
}
const storedPath = async (id: string) => {
  const [row] = await t.db.orm.select().from(media).where(eq(media.id, id));
  return join(t.mediaDir, row!.storageKey!);
};

describe("media library", () => {
  it("creates folders per library, lists them apart from files, with the bytes inside", async () => {
    const { success: folder } = await owner.media.createFolder({ name: "Intros", type: "image" });
    expect(folder).toMatchObject({ name: "Intros", type: "folder", folder_type: "image", size: 0, folder_id: null });
    const inside = await uploaded("logo.png", new Uint8Array(300), token, folder.uniqueID);
    const { success: images } = await owner.media.list("image");
    expect(images.find((item) => item.uniqueID === inside)).toMatchObject({ folder_id: folder.uniqueID, size: 300 });
    expect(images.some((item) => item.type === "folder")).toBe(false);
    const { success: folders } = await owner.media.list("folder");
    expect(folders.find((item) => item.uniqueID === folder.uniqueID)).toMatchObject({ size: 300 });

    const { success: videos } = await owner.media.createFolder({ name: "Talks", type: "video" });
    const wrongKind = await postChunk(t, token, {
      fileId: randomUUID(),
      name: "x.png",
      bytes: new Uint8Array(1),
      folderId: videos.uniqueID,
    });
    expect([wrongKind.status, (await wrongKind.json()).field]).toEqual([400, "folderId"]);
  });

  it("renames files and folders, checking the name with the SDK schema", async () => {
    const id = await uploaded("old.jpg", new Uint8Array(5));
    const { success: renamed } = await owner.media.rename({ uniqueID: id, name: "Cover photo" });
    expect(renamed).toMatchObject({ uniqueID: id, name: "Cover photo", type: "image", url: `/api/media/${id}/file` });
    expect((await owner.media.list("image")).success.find((item) => item.uniqueID === id)?.name).toBe("Cover photo");
    const empty = await failure(owner.media.rename({ uniqueID: id, name: " " }));
    expect([empty?.status, empty?.field]).toEqual([400, "name"]);
    expect((await failure(owner.media.rename({ uniqueID: randomUUID(), name: "x" })))?.status).toBe(404);
    // The type stored at upload decides how the file is served, not the display name.
    const served = await getWith(t, token, `/media/${id}/file`);
    expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
  });

  it("deletes a file with its stored bytes, and a folder only once empty", async () => {
    const { success: folder } = await owner.media.createFolder({ name: "Old", type: "audio" });
    const id = await uploaded("jingle.mp3", new Uint8Array(64), token, folder.uniqueID);
    const path = await storedPath(id);
    expect(existsSync(path)).toBe(true);

    const refused = await failure(owner.media.delete(folder.uniqueID));
    expect([refused?.status, refused?.message]).toEqual([
      409,
      "This folder is not empty: delete the files in it first.",
    ]);
    await owner.media.delete(id);
    expect(existsSync(path)).toBe(false);
    await owner.media.delete(folder.uniqueID);
    expect((await owner.media.list("folder")).success.some((item) => item.uniqueID === folder.uniqueID)).toBe(false);
    expect((await failure(owner.media.delete(id)))?.status).toBe(404);
  });

  it("serves the owner's file whole or by range", async () => {
    const bytes = new Uint8Array(Array.from({ length: 100 }, (_, i) => i));
    const id = await uploaded("range.gif", bytes);
    const whole = await getWith(t, token, `/media/${id}/file`);
    expect([whole.status, whole.headers.get("content-type"), whole.headers.get("x-content-type-options")]).toEqual([
      200,
      "image/gif",
      "nosniff",
    ]);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);
    const blob = await owner.media.download(id);
    expect([blob.type, new Uint8Array(await blob.arrayBuffer())]).toEqual(["image/gif", bytes]);
    await expect(owner.media.status(id)).resolves.toEqual({ ready: true, status: 0 });
    const part = await getWith(t, token, `/media/${id}/file`, { Range: "bytes=10-13" });
    expect([part.status, part.headers.get("content-range")]).toEqual([206, "bytes 10-13/100"]);
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([10, 11, 12, 13]);
    const tail = await getWith(t, token, `/media/${id}/file`, { Range: "bytes=-2" });
    expect([...new Uint8Array(await tail.arrayBuffer())]).toEqual([98, 99]);
    const beyond = await getWith(t, token, `/media/${id}/file`, { Range: "bytes=100-" });
    expect([beyond.status, beyond.headers.get("content-range")]).toEqual([416, "bytes */100"]);
  });

  it("describes its routes in the OpenAPI document", async () => {
    const { paths } = (await (await t.app.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { operationId: string; "x-access": string }>>;
    };
    expect(paths["/media/ajaxGetFiles/{type}"]?.get?.operationId).toBe("media.list");
    expect(paths["/upload/chunk"]?.post?.["x-access"]).toBe("media:write");
    expect(paths["/upload/chunk"]?.get?.operationId).toBe("upload.resume");
    expect(Object.keys(paths["/media/{id}"] ?? {})).toEqual(["delete"]);
    expect(paths["/media/{id}/status"]?.get?.operationId).toBe("media.status");
    expect(paths["/media/{id}/file"]?.get?.operationId).toBe("media.download");
  });

  it("answers 400 for an unknown library type", async () => {
    const response = await getWith(t, token, "/media/ajaxGetFiles/pdf");
    expect([response.status, (await response.json()).field]).toEqual([400, "type"]);
  });

  it("keeps accounts apart: another account's ids answer 404 like unknown ones", async () => {
    const id = await uploaded("private.png", new Uint8Array(10));
    const { success: folder } = await owner.media.createFolder({ name: "Private", type: "folder" });
    const otherToken = await t.login((await t.user()).email);
    const other = t.client(otherToken);
    for (const type of ["image", "folder"] as const) expect((await other.media.list(type)).success).toEqual([]);
    for (const target of [id, folder.uniqueID, "not-a-uuid"]) {
      expect((await failure(other.media.rename({ uniqueID: target, name: "mine" })))?.status).toBe(404);
      expect((await failure(other.media.delete(target)))?.status).toBe(404);
      expect((await failure(other.media.status(target)))?.status).toBe(404);
      const download = await failure(other.media.download(target));
      // The error's JSON body is read even though the call reads its answer as a Blob.
      expect([download?.status, download?.message]).toEqual([404, "There is no media file with this id."]);
    }
    const intoTheirFolder = await postChunk(t, otherToken, {
      fileId: randomUUID(),
      name: "a.png",
      bytes: new Uint8Array(1),
      folderId: folder.uniqueID,
    });
    expect(intoTheirFolder.status).toBe(404);
    expect((await owner.media.list("image")).success.find((item) => item.uniqueID === id)?.name).toBe("private.png");
  });
});
