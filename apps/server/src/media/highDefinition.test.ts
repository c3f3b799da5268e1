import { randomUUID } from "node:crypto";
import { access } from "node:fs/promises";
import { join } from "node:path";
import { createMasterSetting, type Client } from "@cuepoint/sdk";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, timelines } from "../db/schema/index.js";
import { createMediaTestApp, postChunk } from "../test-support/mediaUpload.js";
import type { TestApp } from "../test-support/testApp.js";
import { syntheticVideo } from "../test-support/videoFiles.js";
import { segmentName } from "./encode/rendition.js";
import { createMediaProcessing } from "./processing.js";
import { createLocalMediaStore } from "./store.js";

/**
 * A timeline that turns high definition on after its video was encoded gets the 1080p rung made
 * (real ffmpeg, tiny 1080p videos), while the video keeps playing what it had; turning it off
 * removes nothing.
 */
let t: TestApp & { mediaDir: string };
let token: string;
let owner: Client;
beforeAll(async () => {
  t = await createMediaTestApp({}, { processOnUpload: false });
  const user = await t.user();
  token = await t.login(user.email);
  owner = t.client(token);
});
afterAll(() => t.close());

const processor = () => createMediaProcessing({ orm: t.db.orm, media: createLocalMediaStore(t.mediaDir), now: t.clock.now });
const exists = (key: string) => access(join(t.mediaDir, key)).then(() => true, () => false);
const row = async (id: string) => (await t.db.orm.select().from(media).where(eq(media.id, id)))[0]!;

async function encoded(width: number, height: number): Promise<string> {
  const bytes = await syntheticVideo({ seconds: 1, width, height, fps: 5 });
  const reply = await postChunk(t, token, { fileId: randomUUID(), name: `${height}p.mp4`, bytes });
  expect(reply.status).toBe(200);
  const id = ((await reply.json()) as { message: { uniqueID: string } }).message.uniqueID;
  await processor().sweep();
  expect(await row(id)).toMatchObject({ encodingStatus: 0 });
  return id;
}

const timeline = async (videoFile: string, highDefinition: boolean) =>
  (await owner.timelines.setMaster({ blocks: createMasterSetting({ general: { timelineName: "Webinar", videoFile, highDefinition } }) })).success.id;

describe("high definition switched on after the video was encoded", () => {
  it("re-queues the video for the 1080p rung only, serving its rungs meanwhile; switched off, nothing goes", async () => {
    const id = await encoded(1920, 1080);
    const before = (await row(id)).hls!;
    expect(before.renditions.map((r) => r.name)).toEqual(["360p", "720p"]);
    expect(before.sourceLines).toBe(1080);

    const timelineId = await timeline(id, false);
    expect(await row(id)).toMatchObject({ encodingStatus: 0, hls: before }); // off: nothing to do
    await owner.timelines.setItem({ webinarTimeline: timelineId, setting: "general", key: "highDefinition", value: true });

    // Pending again, still playing what it had.
    expect(await row(id)).toMatchObject({ encodingStatus: 2, hls: before, processingAttempts: 0 });
    expect((await owner.media.status(id)).status).toBe(2);

    expect(await processor().sweep()).toBe(1);
    const after = await row(id);
    expect(after).toMatchObject({ encodingStatus: 0, encodingProgress: null, encodingError: null });
    const hls = after.hls!;
    expect(hls.renditions.map((r) => r.name)).toEqual(["360p", "720p", "1080p"]);
    expect(hls.version).not.toBe(before.version);
    // The rungs it had are the same files (nothing re-encoded); only 1080p is new.
    expect(hls.renditions.slice(0, 2)).toEqual(before.renditions);
    expect(hls.poster).toBe(before.poster);
    const hd = hls.renditions[2]!;
    expect([hd.width, hd.height]).toEqual([1920, 1080]);
    expect(hd.path).toContain(`/${hls.version}/1080p`);
    for (const rendition of hls.renditions) expect(await exists(`${rendition.path}/${segmentName(0)}`)).toBe(true);
    expect(hls.bytes).toBeGreaterThan(before.bytes!);

    // Switched off: the 1080p rung stays, the video is not touched.
    await owner.timelines.setItem({ webinarTimeline: timelineId, setting: "general", key: "highDefinition", value: false });
    expect(await row(id)).toMatchObject({ encodingStatus: 0, hls });
    // On again: it has 1080p already, so nothing is queued.
    await owner.timelines.setItem({ webinarTimeline: timelineId, setting: "general", key: "highDefinition", value: true });
    expect(await row(id)).toMatchObject({ encodingStatus: 0, hls });
  }, 90_000);

  it("does not re-queue a video whose upload is smaller than 1080p", async () => {
    const id = await encoded(1280, 720);
    const before = await row(id);
    await timeline(id, true);
    expect(await row(id)).toMatchObject({ encodingStatus: 0, hls: before.hls });
  }, 60_000);

  it("re-queues only the account's own videos, and when a trashed timeline asking for it is restored", async () => {
    const id = await encoded(1920, 1080);
    const other = await t.user();
    const stranger = t.client(await t.login(other.email));
    await stranger.timelines.setMaster({ blocks: createMasterSetting({ general: { timelineName: "Theirs", videoFile: id, highDefinition: true } }) });
    expect(await row(id)).toMatchObject({ encodingStatus: 0 });

    const [trashed] = await t.db.orm
      .insert(timelines)
      .values({
        accountId: (await row(id)).accountId,
        name: "Trashed HD webinar",
        status: "trash",
        setting: createMasterSetting({ general: { timelineName: "Trashed HD webinar", videoFile: id, highDefinition: true } }),
      })
      .returning({ id: timelines.id });
    expect(await row(id)).toMatchObject({ encodingStatus: 0 });
    await owner.timelines.restore(trashed!.id);
    expect(await row(id)).toMatchObject({ encodingStatus: 2 });
  }, 60_000);
});
