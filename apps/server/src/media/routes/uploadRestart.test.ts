import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "@cuepoint/sdk";
import { createUploader, type UploadErrorEvent } from "@cuepoint/sdk/upload";
import { createApp } from "../../app.js";
import { openDatabase } from "../../db/openDatabase.js";
import type { Database } from "../../db/types.js";
import { memoryMailer } from "../../mail/mailer.js";
import { wavFile } from "../../test-support/mediaFixtures.js";
import { API, CHUNK_ENDPOINT, sha256, uploadWith } from "../../test-support/mediaUpload.js";
import { PASSWORD } from "../../test-support/testApp.js";
import { createUser } from "../../users/users.js";

/**
 * The server stopped in the middle of an upload and started again: a new process (here a new
 * app) on the same data folder (the embedded database) and media folder. The held chunks come
 * from the database, their bytes from the upload's file, so the upload continues where it was.
 */
let dir: string;
let db: Database | undefined;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "cuepoint-restart-"));
});
afterAll(async () => {
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The server as `pnpm start` builds it: the embedded database in a data folder, media beside it. */
async function start() {
  await db?.close();
  db = await openDatabase({ dataDir: join(dir, "data") });
  const app = createApp({ db, mailer: memoryMailer(), config: { mediaDir: join(dir, "media") } });
  const fetch: typeof globalThis.fetch = async (input, init) =>
    app.request(input instanceof Request ? input : String(input), init);
  return { app, db, fetch };
}

describe("an upload across a server restart", () => {
  it("continues from the chunks the stopped server held, and the file is whole", async () => {
    const chunkSize = 16 * 1024;
    const bytes = wavFile((chunkSize * 4.5) / 8000); // indexes 0..4
    const first = await start();
    const user = await createUser(first.db.orm, {
      email: "restart@example.com",
      password: PASSWORD,
      role: "advanced",
      name: "Restart",
    });
    const login = async (fetch: typeof globalThis.fetch) =>
      (await createClient({ apiURL: API, fetch, xsrf: false }).session.login(user.email, PASSWORD)).success.api_token!;
    const token = await login(first.fetch);

    // The first server goes away while chunk 2 is under way.
    const dying: typeof fetch = async (input, init) => {
      if (init?.body instanceof FormData && init.body.get("index") === "2") throw new TypeError("socket hang up");
      return first.fetch(input, init);
    };
    const interrupted = createUploader({ endpoint: CHUNK_ENDPOINT, userId: "u", token, chunkSize, retries: 0, fetch: dying });
    const failed = new Promise<UploadErrorEvent>((resolve) => interrupted.on("error", resolve));
    const [item] = interrupted.add({ blob: new Blob([bytes]), name: "talk.wav" });
    expect(await failed).toMatchObject({ reason: "upload" });

    const second = await start();
    const posted: number[] = [];
    const watching: typeof fetch = async (input, init) => {
      if (init?.body instanceof FormData) posted.push(Number(init.body.get("index")));
      return second.fetch(input, init);
    };
    const resumed = createUploader({ endpoint: CHUNK_ENDPOINT, userId: "u", token, chunkSize, fetch: watching });
    const result = await uploadWith(resumed, bytes, "talk.wav", item!.uuid);
    expect(posted).toEqual([2, 3, 4]);
    const client = createClient({ apiURL: API, fetch: second.fetch, token, xsrf: false });
    const stored = new Uint8Array(await (await client.media.download(result.uniqueID!)).arrayBuffer());
    expect(sha256(stored)).toBe(sha256(bytes));
    const { success: audio } = await client.media.list("audio");
    expect(audio.find((file) => file.uniqueID === result.uniqueID)).toMatchObject({ video_length: "00:00:09" });
  });
});
