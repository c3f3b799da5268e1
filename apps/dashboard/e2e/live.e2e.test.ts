import { createClient, createMasterSetting } from "@cuepoint/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLive, type LiveService } from "../../server/src/room/live/startLive.js";
import { pushTestPattern } from "../../server/src/room/live/test-support/testPush.js";
import { createMediaProcessing } from "../../server/src/media/processing.js";
import { createLocalMediaStore } from "../../server/src/media/store.js";
import { openRoomPage, roomScreenshot, startRoomJourney, type RoomJourney } from "./roomJourney.js";

/*
 * A live webinar on Cuepoint's own platform in Chromium (issue 17): the host's encoder (ffmpeg
 * pushing the test pattern over RTMP to the server's ingest on 127.0.0.1) → an attendee's room
 * (room.js with hls.js) plays the stream live; before the stream the room says the host will start.
 */

let j: RoomJourney;
let live: LiveService;

beforeAll(async () => {
  j = await startRoomJourney();
  const media = createLocalMediaStore(j.t.mediaDir);
  const now = () => new Date(j.now());
  live = await startLive({ orm: j.t.db.orm, media, mediaProcessing: createMediaProcessing({ orm: j.t.db.orm, media, now }), now }, { host: "127.0.0.1", port: 0 });
}, 300_000);

afterAll(async () => {
  await live?.stop();
  await j?.close();
});

describe("a live broadcast in the attendee's room", () => {
  it("says the host will start soon, then plays the host's stream live", async () => {
    const { success: timeline } = await j.owner.timelines.setMaster({
      blocks: createMasterSetting({
        general: { timelineName: "Live broadcast", timeZone: "Europe/Paris", eventType: "live-webinar", webinarType: "automatic", deliveryPlatform: "aevent" },
      }),
    });
    const tomorrow = `${new Date(j.now() + 86_400_000).toISOString().slice(0, 10)}T10:00`;
    const { success } = await j.owner.webinars.create({ webinarTimeline: String(timeline.id), start: tomorrow, timeZone: "Europe/Paris" });
    const eventId = String(success.webinar.webinarID);
    await createClient({ apiURL: `${j.url}/api`, xsrf: false }).registration.register(String(timeline.id), { name: "Lea Live", email: "lea@example.com" });
    const token = await j.tokenOf("lea@example.com");
    j.setNow((await j.startOf(eventId)) + 60_000);

    const { page, context, errors } = await openRoomPage(j, { viewport: { width: 375, height: 740 }, colorScheme: "dark" });
    await page.goto(`${j.url}/join/${token}`);
    await page.getByText("The host will start the stream soon.").waitFor({ timeout: 20_000 });
    await roomScreenshot(page, "live-0-host-will-start");

    const { success: stream } = await j.owner.console.live(eventId);
    const push = pushTestPattern(`rtmp://127.0.0.1:${live.ingest.port}/live/${stream.streamKey}`, 60);
    // The room looks again every 5 s; then hls.js plays at the live edge.
    const statuses: string[] = [];
    page.on("response", (res) => {
      if (res.url().includes("/hls/") || res.url().includes("/api/public/room/")) statuses.push(`${res.status()} ${res.url().replace(j.url, "")}`);
    });
    // The room renders in its shadow root: Playwright's locators pierce it.
    const video = page.locator("video");
    const playing = async () => video.evaluate((element: HTMLVideoElement) => element.readyState >= 2 && element.currentTime > 1).catch(() => false);
    await expect.poll(playing, { timeout: 60_000, interval: 500 }).toBe(true).catch(async (error: unknown) => {
      await roomScreenshot(page, "live-failed");
      const state = await video
        .evaluate((element: HTMLVideoElement) => ({ readyState: element.readyState, currentTime: element.currentTime, error: element.error?.message ?? null, paused: element.paused }))
        .catch(() => "no video element");
      throw new Error(`${(error as Error).message}\n${JSON.stringify(state)}\n${statuses.slice(-12).join("\n")}`);
    });
    const first = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
    await page.waitForTimeout(3000);
    const later = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
    expect(later - first).toBeGreaterThan(1.5); // playing, not stalled
    const behind = await video.evaluate((element: HTMLVideoElement) =>
      element.seekable.length > 0 ? element.seekable.end(element.seekable.length - 1) - element.currentTime : -1,
    );
    expect(behind).toBeGreaterThanOrEqual(0);
    expect(behind).toBeLessThan(6); // within the latency goal of the live edge
    await roomScreenshot(page, "live-1-playing");
    expect(errors).toEqual([]);
    push.stop();
    await push.exited;
    await context.close();
  }, 180_000);
});
