import { parseBuffer } from "music-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storageUsed } from "../media/items.js";
import { createLocalMediaStore } from "../media/store.js";
import { createMediaTestApp } from "../test-support/mediaUpload.js";
import type { TestApp } from "../test-support/testApp.js";
import { findUserByEmail } from "../users/users.js";
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from "./seedDemo.js";

let t: TestApp & { mediaDir: string };
beforeAll(async () => {
  t = await createMediaTestApp();
});
afterAll(() => t.close());

describe("the demo seed of `pnpm start`", () => {
  it("gives the demo account timelines, webinars and registrants it can see through the API", async () => {
    const now = new Date();
    expect((await seedDemo(t.db.orm, now, createLocalMediaStore(t.mediaDir))).created).toBe(true);
    const client = t.client(await t.login(DEMO_EMAIL, DEMO_PASSWORD));

    const { success: timelines } = await client.timelines.listMasters();
    expect(timelines.map((timeline) => timeline.timelineName)).toHaveLength(2);
    const upcoming = await client.webinars.list({ type: "upcoming", page: 1 });
    expect(upcoming.total).toBeGreaterThan(0);
    const past = await client.webinars.list({ type: "past", page: 1 });
    expect(past.total).toBeGreaterThan(0);
    const leads = await client.leads.list({ page: 1, filter: "all" });
    expect(leads.total).toBeGreaterThan(0);
  });

  it("gives it a media library of real files: they download, sounds have lengths, bytes count as storage", async () => {
    const client = t.client(await t.login(DEMO_EMAIL, DEMO_PASSWORD));
    const { success: folders } = await client.media.list("folder");
    expect(folders.map((folder) => [folder.name, folder.folder_type])).toEqual(
      expect.arrayContaining([
        ["Webinar sounds", "audio"],
        ["Covers", "image"],
      ]),
    );
    const { success: sounds } = await client.media.list("audio");
    const { success: images } = await client.media.list("image");
    expect(sounds.length).toBeGreaterThanOrEqual(2);
    expect(images.length).toBeGreaterThanOrEqual(2);
    for (const sound of sounds) {
      expect(sound.folder_id).toBe(folders.find((folder) => folder.name === "Webinar sounds")?.uniqueID);
      expect(sound.video_length).toMatch(/^00:00:0[1-9]$/);
      const bytes = new Uint8Array(await (await client.media.download(sound.uniqueID)).arrayBuffer());
      expect(bytes.length).toBe(sound.size);
      const { format } = await parseBuffer(bytes, { mimeType: "audio/wav" });
      expect(format).toMatchObject({ container: "WAVE", numberOfChannels: 1 });
    }
    for (const image of images) {
      const file = await client.media.download(image.uniqueID);
      const bytes = new Uint8Array(await file.arrayBuffer());
      expect([file.type, bytes.length]).toEqual(["image/png", image.size]);
      expect(Buffer.from(bytes.subarray(1, 4)).toString("latin1")).toBe("PNG");
    }
    const { accountId } = (await findUserByEmail(t.db.orm, DEMO_EMAIL))!;
    const bytes = [...sounds, ...images].reduce((sum, file) => sum + file.size, 0);
    expect(await storageUsed(t.db.orm, accountId, new Date())).toBe(bytes);
  });

  it("is idempotent: a second run adds nothing", async () => {
    expect((await seedDemo(t.db.orm)).created).toBe(false);
    const client = t.client(await t.login(DEMO_EMAIL, DEMO_PASSWORD));
    expect((await client.timelines.listMasters()).success).toHaveLength(2);
  });
});
