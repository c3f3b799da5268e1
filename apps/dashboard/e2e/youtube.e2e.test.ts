import { createClient, createMasterSetting } from "@cuepoint/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/src/db/schema/index.js";
import { startDelivery, type DeliveryLoop } from "../../server/src/delivery/syncDelivery.js";
import { connectOAuth } from "../../server/src/integrations/test-support/oauth.js";
import { startFakeYouTubeLive, type FakeYouTubeLive } from "../../server/src/integrations/services/youtube/fakeLive.js";
import { pointServicesAt } from "../../server/src/integrations/test-support/serviceEnv.js";
import { PASSWORD } from "../../server/src/test-support/testApp.js";
import { dashboardDir } from "./harness.js";
import { expectAxeClean, openRoomPage, roomScreenshot, startRoomJourney, type RoomJourney } from "./roomJourney.js";

/*
 * A webinar delivered on YouTube Live in Chromium (issue 17): the server (in this process, its
 * YouTube calls going to the loopback fake of Google's API) creates the broadcast; the attendee's
 * personal link opens Cuepoint's room with the broadcast embedded (youtube-nocookie), and the
 * host's webinar screen shows the broadcast's state, ingest address and stream key. Chromium's
 * requests to YouTube's player are answered on loopback by a stand-in page: nothing leaves 127.0.0.1.
 */

const TOKEN = "ya29.youtube-e2e-token";
let j: RoomJourney;
let yt: FakeYouTubeLive;
let restoreEnv: () => void;
let delivery: DeliveryLoop;
let integrationId: string;

beforeAll(async () => {
  yt = await startFakeYouTubeLive(TOKEN, "youtube-client");
  restoreEnv = pointServicesAt(yt.url);
  process.env.CUEPOINT_DASHBOARD_DIR = dashboardDir(); // the in-process app serves the dashboard the e2e setup built
  j = await startRoomJourney();
  integrationId = await connectOAuth(j.owner, "youtube", "good-code");
  delivery = startDelivery({ orm: j.t.db.orm, now: () => new Date(j.now()), loop: false });
}, 300_000);

afterAll(async () => {
  await delivery?.stop();
  await j?.close();
  await yt?.close();
  restoreEnv?.();
});

describe("a webinar delivered on YouTube Live", () => {
  it("the attendee's room embeds the broadcast; the host's screen shows its state and stream key", async () => {
    const { success: timeline } = await j.owner.timelines.setMaster({
      blocks: createMasterSetting({
        general: { timelineName: "YouTube launch", timeZone: "Europe/Paris", eventType: "live-webinar", webinarType: "automatic", deliveryPlatform: "youtube", integrationID: integrationId },
      }),
    });
    const tomorrow = `${new Date(j.now() + 86_400_000).toISOString().slice(0, 10)}T10:00`;
    const { success } = await j.owner.webinars.create({ webinarTimeline: String(timeline.id), start: tomorrow, timeZone: "Europe/Paris" });
    const eventId = String(success.webinar.webinarID);
    await createClient({ apiURL: `${j.url}/api`, xsrf: false }).registration.register(String(timeline.id), { name: "Yara Viewer", email: "yara@example.com" });
    const token = await j.tokenOf("yara@example.com");
    await delivery.drain();
    const [broadcast] = [...yt.live.values()];
    expect(broadcast).toMatchObject({ privacyStatus: "unlisted", lifeCycleStatus: "ready" });
    const embedUrl = `https://www.youtube-nocookie.com/embed/${broadcast?.id}?autoplay=1&mute=1&playsinline=1&rel=0`;
    j.setNow((await j.startOf(eventId)) + 60_000);

    // The attendee: 375 px, dark.
    const { page, context, errors } = await openRoomPage(j, { viewport: { width: 375, height: 740 }, colorScheme: "dark" });
    const framed: string[] = [];
    await context.route("https://www.youtube-nocookie.com/**", async (route) => {
      framed.push(route.request().url());
      await route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Player</title><body style='background:#000'></body>" });
    });
    const shell = await page.goto(`${j.url}/join/${token}`);
    expect(shell?.headers()["content-security-policy"]).toContain("frame-src 'self' https://www.youtube-nocookie.com;");
    const frame = page.locator('iframe[title="Live video on YouTube"]');
    await frame.waitFor({ timeout: 20_000 });
    expect(await frame.getAttribute("src")).toBe(embedUrl);
    await expect.poll(() => framed).toEqual([embedUrl]);
    expect(await page.locator("video").count()).toBe(0);
    await expect.poll(() => page.locator("[data-phase]").first().getAttribute("data-phase")).toBe("live");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAxeClean(page, "the YouTube room");
    await roomScreenshot(page, "youtube-room-375-dark");
    expect(errors).toEqual([]);
    await context.close();

    // The host: the webinar's screen, 375 px dark and desktop.
    const owner = (await j.t.db.orm.select({ email: users.email, name: users.name }).from(users)).find((user) => user.name === "Rita Host");
    const stream = yt.streams.get(broadcast?.boundStreamId ?? "");
    for (const [name, options] of [
      ["youtube-host-375-dark", { viewport: { width: 375, height: 900 }, colorScheme: "dark" as const }],
      ["youtube-host", { viewport: { width: 1280, height: 900 } }],
    ] as const) {
      // Logged in at 1280 px (the main navigation folds away on a narrow screen), then sized.
      const host = await openRoomPage(j, { ...options, viewport: { width: 1280, height: 900 } });
      await host.page.goto(`${j.url}/#/login`);
      await host.page.getByLabel("Email").fill(owner?.email ?? "");
      await host.page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await host.page.getByRole("button", { name: "Log in" }).click();
      await host.page.getByRole("navigation", { name: "Main" }).waitFor();
      await host.page.setViewportSize(options.viewport);
      await host.page.goto(`${j.url}/#/webinar/${encodeURIComponent(eventId)}`);
      await host.page.getByRole("heading", { name: "Delivered on YouTube Live" }).waitFor({ timeout: 20_000 });
      await host.page.getByRole("heading", { name: "YouTube broadcast" }).waitFor({ timeout: 20_000 });
      await host.page.getByText("Ready — start your encoder").waitFor();
      await host.page.getByText("rtmp://a.rtmp.youtube.com/live2").waitFor();
      expect(await host.page.getByText(stream?.streamName ?? "-").count()).toBe(0); // hidden until shown
      await host.page.getByRole("button", { name: "Show" }).click();
      await host.page.getByText(stream?.streamName ?? "-").waitFor();
      const wide = await host.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(wide).toBeLessThanOrEqual(0);
      await roomScreenshot(host.page, name);
      expect(host.errors).toEqual([]);
      await host.context.close();
    }
  }, 240_000);
});
