import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@cuepoint/sdk";
import { media } from "../db/schema/index.js";
import { API, appFetch, createMediaTestApp, postChunk, testUploader, uploadWith } from "../test-support/mediaUpload.js";
import type { TestApp } from "../test-support/testApp.js";
import { syntheticVideo } from "../test-support/videoFiles.js";
import {
  createMediaProcessing,
  PROCESSING_CLAIM_TIMEOUT_MS,
  PROCESSING_MAX_ATTEMPTS,
  type MediaProcessingOptions,
} from "./processing.js";
import { createLocalMediaStore } from "./store.js";

/**
 * The claim rules of the media processor (the encoding itself: encoding.test.ts). An instance that only takes uploads (`processOnUpload: false`): its videos stay pending until a
 * sweep, so each step of the processing can be looked at. Other processors on the same database
 * and media folder stand for other server instances.
 */
let t: TestApp & { mediaDir: string };
let token: string;
let owner: Client;
let accountId: string;
/** A real 2-second 320x180 H.264/AAC video (ffmpeg's test pattern): encoding it takes a moment. */
let video: Uint8Array<ArrayBuffer>;
beforeAll(async () => {
  video = await syntheticVideo({ seconds: 2 });
  t = await createMediaTestApp({}, { processOnUpload: false });
  const user = await t.user();
  accountId = user.accountId;
  token = await t.login(user.email);
  owner = t.client(token);
});
afterAll(() => t.close());

/** Another server instance's processor on the same database, media folder and clock. */
const otherInstance = (options: Partial<MediaProcessingOptions> = {}) =>
  createMediaProcessing({ orm: t.db.orm, media: createLocalMediaStore(t.mediaDir), now: t.clock.now, ...options });

/** Uploads one file in one chunk; answers its uniqueID. */
async function upload(name: string, bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const reply = await postChunk(t, token, { fileId: randomUUID(), name, bytes });
  expect(reply.status).toBe(200);
  const { message } = (await reply.json()) as { message: { uniqueID: string } };
  return message.uniqueID;
}

const listed = async (id: string) => (await owner.media.list("video")).success.find((item) => item.uniqueID === id);
const row = async (id: string) => (await t.db.orm.select().from(media).where(eq(media.id, id)))[0]!;
/** Puts a video in progress as if a processor had claimed it at `claimedAt` (and then died). */
const claimedAt = (id: string, at: Date) =>
  t.db.orm
    .update(media)
    .set({ encodingStatus: 1, processingClaimedAt: at })
    .where(and(eq(media.id, id), eq(media.accountId, accountId)));

/**
 * A processor whose reads hang (a file that hangs or kills its server every time): it claims,
 * then waits in `store.size` until `release()`. `reading` resolves once it is inside the read.
 */
function hangingInstance() {
  let release!: () => void;
  let reached!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const reading = new Promise<void>((resolve) => (reached = resolve));
  const store = createLocalMediaStore(t.mediaDir);
  const processing = otherInstance({
    media: {
      ...store,
      size: async (key) => {
        reached();
        await gate;
        return store.size(key);
      },
    },
  });
  return { processing, reading, release };
}

describe("video processing after upload", () => {
  it("leaves a video pending (2) after its last chunk; processing makes it encoded (0) with its length, and ready", async () => {
    const id = await upload("talk.mp4", video);
    const pending = await listed(id);
    expect(pending).toMatchObject({ encoding_status: 2 });
    expect(pending).not.toHaveProperty("video_length");
    expect(await owner.media.status(id)).toEqual({ ready: false, status: 2 });

    expect(await t.mediaProcessing.sweep()).toBe(1);
    expect(await listed(id)).toMatchObject({ encoding_status: 0, video_length: "00:00:02" });
    expect(await listed(id)).not.toHaveProperty("encoding_progress");
    expect(await owner.media.status(id)).toEqual({ ready: true, status: 0 });
    expect((await row(id)).processingAttempts).toBe(1);
    expect(await t.mediaProcessing.sweep()).toBe(0); // nothing left
  });

  it("fails (5) a video whose stored file is gone, saying so", async () => {
    const gone = await upload("gone.mp4", video);
    await rm(join(t.mediaDir, (await row(gone)).storageKey!));
    expect(await t.mediaProcessing.sweep()).toBe(1);
    expect(await owner.media.status(gone)).toEqual({
      ready: false,
      status: 5,
      encoding_error: "The uploaded file is missing from the server's storage: upload it again",
    });
    expect(await listed(gone)).not.toHaveProperty("video_length");
  });

  it("logs a processing failure and fails the video (5) without throwing", async () => {
    const id = await upload("unreadable.mp4", video);
    const logged: string[] = [];
    // A store with no local copy of its files (as an object store would be): reading throws.
    const remote = {
      ...createLocalMediaStore(t.mediaDir),
      localPath: () => {
        throw new Error("no local copy");
      },
    };
    const processing = createMediaProcessing({ orm: t.db.orm, media: remote, now: t.clock.now, log: (m) => logged.push(m) });
    expect(await processing.sweep()).toBe(1);
    expect(await owner.media.status(id)).toMatchObject({
      ready: false,
      status: 5,
      encoding_error: "The video could not be encoded (the server's log says why)",
    });
    expect(logged[0]).toBe(`Media processing: video ${id} failed: no local copy`);
  });

  it("takes up a video left in progress by a server that died (claim older than the timeout)", async () => {
    const id = await upload("orphan.mp4", video);
    await claimedAt(id, new Date(t.clock.now().getTime() - PROCESSING_CLAIM_TIMEOUT_MS - 1000));
    expect(await owner.media.status(id)).toEqual({ ready: false, status: 1 });
    expect(await otherInstance().sweep()).toBe(1);
    expect(await listed(id)).toMatchObject({ encoding_status: 0, video_length: "00:00:02" });
  });

  it("does not take a video another processor has freshly claimed, until that claim times out", async () => {
    const id = await upload("busy.mp4", video);
    await claimedAt(id, t.clock.now());
    const other = otherInstance();
    expect(await other.sweep()).toBe(0);
    other.afterUpload({ id, accountId });
    await other.idle();
    expect(await owner.media.status(id)).toEqual({ ready: false, status: 1 });

    t.clock.advance(PROCESSING_CLAIM_TIMEOUT_MS + 1000);
    expect(await other.sweep()).toBe(1);
    expect(await owner.media.status(id)).toEqual({ ready: true, status: 0 });
  });

  it("processes a pending video once when two instances sweep at the same time", async () => {
    const id = await upload("race.mp4", video);
    const counts = await Promise.all([otherInstance().sweep(), otherInstance().sweep(), t.mediaProcessing.sweep()]);
    expect(counts.reduce((a, b) => a + b)).toBe(1);
    expect(await owner.media.status(id)).toEqual({ ready: true, status: 0 });
  });

  it("claims a video only under its own account", async () => {
    const id = await upload("scoped.mp4", video);
    const other = otherInstance();
    other.afterUpload({ id, accountId: (await t.user()).accountId });
    await other.idle();
    expect(await owner.media.status(id)).toEqual({ ready: false, status: 2 });
    other.afterUpload({ id, accountId });
    await other.idle();
    expect(await owner.media.status(id)).toEqual({ ready: true, status: 0 });
  });

  it("keeps the SDK uploader's mediaStatusURL poll waiting until the video is processed", async () => {
    let polled!: () => void;
    const firstPoll = new Promise<void>((resolve) => (polled = resolve));
    const watching: typeof fetch = async (input, init) => {
      const reply = await appFetch(t)(input, init);
      if (String(input instanceof Request ? input.url : input).endsWith("/status")) polled();
      return reply;
    };
    const uploader = testUploader(t, token, {
      mediaStatusURL: (id) => `${API}/media/${id}/status`,
      pollInterval: 5,
      fetch: watching,
    });
    let ready = false;
    const readyEvent = new Promise<void>((resolve) =>
      uploader.on("ready", () => {
        ready = true;
        resolve();
      }),
    );
    const result = await uploadWith(uploader, video, "polled.mp4");
    const id = result.uniqueID!;
    await firstPoll; // the uploader has asked, and heard "pending": not ready
    expect(ready).toBe(false);
    expect(await owner.media.status(id)).toEqual({ ready: false, status: 2 });
    expect(await t.mediaProcessing.sweep()).toBe(1);
    await readyEvent;
    expect(await listed(id)).toMatchObject({ encoding_status: 0, video_length: "00:00:02" });
    uploader.destroy();
  });

  it(`fails (5) a video whose claim expired ${PROCESSING_MAX_ATTEMPTS} times, and claims it no more`, async () => {
    const id = await upload("hangs.mp4", video);
    const hung: ReturnType<typeof hangingInstance>[] = [];
    for (let attempt = 1; attempt <= PROCESSING_MAX_ATTEMPTS; attempt++) {
      const instance = hangingInstance();
      hung.push(instance);
      instance.processing.afterUpload({ id, accountId });
      await instance.reading;
      expect(await row(id)).toMatchObject({ encodingStatus: 1, processingAttempts: attempt });
      t.clock.advance(PROCESSING_CLAIM_TIMEOUT_MS + 1000); // its server died, or it still hangs
    }

    // The claim has expired a 3rd time: no processor claims it a 4th.
    const healthy = otherInstance();
    healthy.afterUpload({ id, accountId });
    await healthy.idle();
    expect(await row(id)).toMatchObject({ encodingStatus: 1, processingAttempts: PROCESSING_MAX_ATTEMPTS });

    // A sweep fails it instead, logged once, by whichever instance wrote it.
    const logged: string[] = [];
    const sweepers = [otherInstance({ log: (m) => logged.push(m) }), otherInstance({ log: (m) => logged.push(m) })];
    expect(await Promise.all(sweepers.map((s) => s.sweep()))).toEqual([0, 0]);
    expect(await sweepers[0]!.sweep()).toBe(0);
    expect(logged).toEqual([`Media processing: video ${id} failed: ${PROCESSING_MAX_ATTEMPTS} claims expired unfinished`]);
    expect(await owner.media.status(id)).toEqual({
      ready: false,
      status: 5,
      encoding_error: `Encoding stopped ${PROCESSING_MAX_ATTEMPTS} times without finishing. Try a shorter file or another format.`,
    });

    // The hung processors wake up: their claims are no longer held, so they write nothing.
    for (const instance of hung) instance.release();
    await Promise.all(hung.map((instance) => instance.processing.idle()));
    expect(await row(id)).toMatchObject({ encodingStatus: 5, videoLength: null, processingAttempts: PROCESSING_MAX_ATTEMPTS });
  });

  it("stops: no new work after stop, and what was pending stays for the next sweep", async () => {
    const id = await upload("later.mp4", video);
    const stopped = otherInstance();
    await stopped.stop();
    stopped.afterUpload({ id, accountId });
    expect(await stopped.sweep()).toBe(0);
    await stopped.idle();
    expect(await owner.media.status(id)).toEqual({ ready: false, status: 2 });
    expect(await t.mediaProcessing.sweep()).toBe(1);
  });
});
