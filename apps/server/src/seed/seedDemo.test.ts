import { execFileSync } from "node:child_process";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { parseBuffer } from "music-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bannerHeadings, ENCODING_STATUS } from "@cuepoint/sdk";
import type { Caller } from "../http/authenticate.js";
import { events, eventSeries, media, timelines } from "../db/schema/index.js";
import { storageUsed } from "../media/items.js";
import { createLocalMediaStore } from "../media/store.js";
import { createMediaTestApp } from "../test-support/mediaUpload.js";
import type { TestApp } from "../test-support/testApp.js";
import { findUserByEmail } from "../users/users.js";
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from "./seedDemo.js";
import { DEMO_ROOM_TIMELINE, DEMO_ROOM_VIDEO, seedDemoRoom } from "./seedDemoRoom.js";
import { serveDemoPage } from "./demoPage.js";

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
    expect(timelines.map((timeline) => timeline.timelineName)).toHaveLength(3);
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

  it("puts the demo host at the expert level, so the demo shows every screen", async () => {
    const client = t.client(await t.login(DEMO_EMAIL, DEMO_PASSWORD));
    expect((await client.session.validate()).success.profile.userSkillLevel).toBe("expert");
  });

  it("gives the banner words for an account with connected integrations, where nothing-sends is no longer true", async () => {
    const { content } = await t.client().banner.get();
    expect(bannerHeadings(content, { connected: false }).full).toContain("nothing here sends real messages");
    expect(bannerHeadings(content, { connected: true }).full).not.toContain("nothing");
    expect(bannerHeadings(content, { connected: true }).full).toContain("send real emails");
  });

  it("is idempotent: a second run adds nothing", async () => {
    expect((await seedDemo(t.db.orm)).created).toBe(false);
    const client = t.client(await t.login(DEMO_EMAIL, DEMO_PASSWORD));
    expect((await client.timelines.listMasters()).success).toHaveLength(3);
  });
});

const callerOf = (user: { id: string; accountId: string; role: Caller["role"] }): Caller => ({
  userId: user.id,
  accountId: user.accountId,
  role: user.role,
  via: "session",
  credentialId: "test",
  scopes: "all",
});

const hasFfmpeg = (() => {
  try {
    execFileSync("ffmpeg", ["-version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe("the event room's demo", () => {
  it("is an evergreen timeline on the own platform with sessions every 15 minutes from the next quarter hour, one-time registration, countdown, replay, auto-chat and a CTA", async () => {
    const { accountId } = (await findUserByEmail(t.db.orm, DEMO_EMAIL))!;
    const [row] = await t.db.orm
      .select()
      .from(timelines)
      .where(and(eq(timelines.accountId, accountId), eq(timelines.name, DEMO_ROOM_TIMELINE)));
    const general = row!.setting!.general;
    expect(general).toMatchObject({
      eventType: "evergreen-webinar",
      webinarType: "automatic",
      deliveryPlatform: "aevent",
      videoFile: "", // the tests' seed makes no video (the start command does)
      countdown: { enabled: true },
      replay: { enabled: true, replayDays: 2 },
    });
    expect(row!.setting!.registration.type).toBe("one-time");
    const nodes = row!.blocks["0"] ?? [];
    expect(nodes.filter((node) => node.action === "livechat").map((node) => node.model.afterSeconds)).toEqual([5, 40, 95]);
    expect(nodes.find((node) => node.action === "cta")?.model).toMatchObject({ headline: expect.any(String), afterSeconds: 120 });

    const [series] = await t.db.orm.select().from(eventSeries).where(eq(eventSeries.timelineId, row!.id));
    expect(series!.pattern).toMatchObject({ every: { value: 15, unit: "minutes" }, days: [0, 1, 2, 3, 4, 5, 6] });
    const starts = (await t.db.orm.select({ startsAt: events.startsAt }).from(events).where(eq(events.timelineId, row!.id)))
      .map((event) => event.startsAt.getTime())
      .sort((a, b) => a - b);
    expect(starts.length).toBeGreaterThan(96); // more than a day of sessions
    expect(starts[0]! % (15 * 60_000)).toBe(0);
    expect(starts[0]! - Date.now()).toBeLessThanOrEqual(16 * 60_000);
    expect(starts[1]! - starts[0]!).toBe(15 * 60_000);
    // A visitor registers for the next session.
    const visitor = t.client();
    const { success } = await visitor.registration.register(row!.id, { name: "Newcomer", email: "newcomer@example.com" });
    expect(new Date(success.startTime!).getTime()).toBe(starts[0]);
  });

  it("has a registration page at /demo: the embed code of the demo timeline, under a strict CSP", async () => {
    const { accountId } = (await findUserByEmail(t.db.orm, DEMO_EMAIL))!;
    const [row] = await t.db.orm
      .select({ id: timelines.id })
      .from(timelines)
      .where(and(eq(timelines.accountId, accountId), eq(timelines.name, DEMO_ROOM_TIMELINE)));
    const app = new Hono();
    serveDemoPage(app, t.db.orm);
    const response = await app.request("/demo");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain('<script async src="/embed.js"></script>');
    expect(html).toContain(`data-cuepoint-registration="${row!.id}"`);
  });

  it.skipIf(!hasFfmpeg)("makes its video with ffmpeg when asked, stored and left pending (2) for the media processor", async () => {
    const user = await t.user();
    const store = createLocalMediaStore(t.mediaDir);
    const { timeline, videoId } = await seedDemoRoom(t.db.orm, callerOf(user), store, new Date(), { video: { seconds: 3 } });
    const [video] = await t.db.orm.select().from(media).where(eq(media.id, videoId!));
    expect(video).toMatchObject({ name: DEMO_ROOM_VIDEO, type: "video", encodingStatus: ENCODING_STATUS.pending, mime: "video/mp4" });
    expect(await store.size(video!.storageKey!)).toBe(video!.size);
    expect(video!.size).toBeGreaterThan(1000);
    expect(timeline.setting!.general.videoFile).toBe(videoId);
    expect(timeline.setting!.general.webinarVideoLength).toBe("00:00:03");
  });

  it("still completes without ffmpeg: the video is failed (5) with the reason the host reads", async () => {
    const user = await t.user();
    const { videoId } = await seedDemoRoom(t.db.orm, callerOf(user), createLocalMediaStore(t.mediaDir), new Date(), {
      video: { ffmpeg: "/nonexistent/ffmpeg" },
    });
    const [video] = await t.db.orm.select().from(media).where(eq(media.id, videoId!));
    expect(video).toMatchObject({ encodingStatus: ENCODING_STATUS.failed, storageKey: null });
    expect(video!.encodingError).toMatch(/ffmpeg is not installed/);
  });
});
