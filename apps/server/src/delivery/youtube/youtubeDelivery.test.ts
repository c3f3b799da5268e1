import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RoomSnapshot } from "@cuepoint/sdk";
import { SHELL_CSP } from "../../events/pageShell.js";
import { startFakeYouTubeLive, type FakeYouTubeLive } from "../../integrations/services/youtube/fakeLive.js";
import { createDeliveryTestApp, type DeliveryTestApp } from "../test-support/testSupport.js";

const TOKEN = "ya29.youtube-live-token-0123456789";
const START = "2026-05-01T16:00:00Z";

let yt: FakeYouTubeLive;
let t: DeliveryTestApp;

beforeAll(async () => {
  yt = await startFakeYouTubeLive(TOKEN, "youtube-client");
  t = await createDeliveryTestApp(START, yt.url, "youtube");
});
afterAll(async () => {
  await t.close();
  await yt.close();
});
beforeEach(() => {
  t.setNow(START);
  yt.requests.length = 0;
  yt.liveStreamingNotEnabled = false;
  yt.quotaExceeded = false;
  yt.unavailable.clear();
});

const parts = (request: { query: URLSearchParams } | undefined) => request?.query.getAll("part").flatMap((p) => p.split(",")).sort();

describe("YouTube Live broadcasts follow the events", () => {
  it("scheduling creates an unlisted broadcast and its stream, bound together, through Google's client with the integration's token", async () => {
    const { eventId } = await t.schedule("2026-05-10T10:00");
    const [insert] = yt.calls("POST /youtube/v3/liveBroadcasts");
    expect(insert?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(parts(insert)).toEqual(["contentDetails", "snippet", "status"]);
    expect(insert?.data).toMatchObject({
      snippet: { title: "Launch webinar", scheduledStartTime: "2026-05-10T17:00:00Z", scheduledEndTime: "2026-05-10T18:00:00Z" },
      status: { privacyStatus: "unlisted", selfDeclaredMadeForKids: false },
      contentDetails: { enableAutoStart: true, enableAutoStop: true, enableEmbed: true },
    });
    const [stream] = yt.calls("POST /youtube/v3/liveStreams");
    expect(stream?.data).toMatchObject({ cdn: { ingestionType: "rtmp", resolution: "variable", frameRate: "variable" } });
    const [bind] = yt.calls("POST /youtube/v3/liveBroadcasts/bind");
    const session = await t.sessionOf(eventId);
    expect(session).toMatchObject({ platform: "youtube", status: "ready", message: "" });
    const broadcast = yt.live.get(session?.remoteId ?? "");
    expect(bind?.query.get("id")).toBe(broadcast?.id);
    expect(broadcast).toMatchObject({ privacyStatus: "unlisted", scheduledStartTime: "2026-05-10T17:00:00Z", lifeCycleStatus: "ready", deleted: false });
    expect(broadcast?.boundStreamId && yt.streams.has(broadcast.boundStreamId)).toBe(true);

    const view = await t.view(eventId);
    expect(view).toMatchObject({ platform: "youtube", status: "ready", remoteId: broadcast?.id, registrants: { registered: 0, pending: 0, refused: 0 } });
    expect(view.log.map((line) => line.detail)).toEqual([`YouTube Live broadcast ${broadcast?.id} created for 2026-05-10T17:00:00.000Z.`]);
  });

  it("the host's console reads the broadcast's state and the stream key and ingest address from YouTube", async () => {
    const { eventId, remoteId } = await t.schedule("2026-05-10T12:00");
    const streamId = yt.live.get(remoteId)?.boundStreamId ?? "";
    yt.requests.length = 0;
    await expect(t.broadcast(eventId)).resolves.toMatchObject({
      broadcastId: remoteId,
      lifeCycleStatus: "ready",
      streamStatus: "ready",
      ingestionAddress: "rtmp://a.rtmp.youtube.com/live2",
      streamName: yt.streams.get(streamId)?.streamName,
      message: "",
    });
    const [list] = yt.calls("GET /youtube/v3/liveBroadcasts");
    expect(list?.query.get("id")).toBe(remoteId);
    expect(parts(list)).toEqual(["contentDetails", "status"]);
    expect(yt.calls("GET /youtube/v3/liveStreams")[0]?.query.get("id")).toBe(streamId);

    const broadcast = yt.live.get(remoteId);
    if (broadcast) broadcast.lifeCycleStatus = "live";
    await expect(t.broadcast(eventId)).resolves.toMatchObject({ lifeCycleStatus: "live" });
  });

  it("a reschedule updates the broadcast's snippet, a delete deletes it, each a line of the delivery log", async () => {
    const { eventId, remoteId } = await t.schedule("2026-05-11T10:00");
    t.setNow("2026-05-01T16:05:00Z");
    await t.owner.webinars.reschedule({ webinarID: eventId, startTime: "2026-05-12T09:30-07:00" });
    await t.delivery.drain();
    const [update] = yt.calls("PUT /youtube/v3/liveBroadcasts");
    expect(parts(update)).toEqual(["snippet"]);
    expect(update?.data).toMatchObject({ id: remoteId, snippet: { title: "Launch webinar", scheduledStartTime: "2026-05-12T16:30:00Z" } });
    expect(yt.live.get(remoteId)?.scheduledStartTime).toBe("2026-05-12T16:30:00Z");
    expect((await t.view(eventId)).log.map((line) => `${line.operation} ${line.outcome}`)).toEqual(["move done", "create done"]);

    t.setNow("2026-05-01T16:10:00Z");
    await t.owner.webinars.delete({ webinarID: eventId, isRecurring: false });
    await t.delivery.drain();
    const [deleted] = yt.calls("DELETE /youtube/v3/liveBroadcasts");
    expect(deleted?.query.get("id")).toBe(remoteId);
    expect(yt.live.get(remoteId)?.deleted).toBe(true);
    expect(await t.sessionOf(eventId)).toMatchObject({ status: "cancelled" });
  });

  it("a channel not enabled for live streaming: the host reads YouTube's words on the webinar's screen and in the log", async () => {
    yt.liveStreamingNotEnabled = true;
    const { eventId } = await t.schedule("2026-05-09T10:00");
    const view = await t.view(eventId);
    expect(view).toMatchObject({ status: "refused", message: "YouTube Live answered: The user is not enabled for live streaming." });
    expect(view.log).toMatchObject([{ operation: "create", outcome: "refused", detail: "YouTube Live answered: The user is not enabled for live streaming." }]);
    expect(yt.calls("POST /youtube/v3/liveStreams")).toHaveLength(0);
    await expect(t.broadcast(eventId)).rejects.toMatchObject({ status: 404 });
  });

  it("a spent quota is YouTube's words too, and is tried again later rather than given up", async () => {
    yt.quotaExceeded = true;
    const { eventId } = await t.schedule("2026-05-08T10:00");
    expect(await t.sessionOf(eventId)).toMatchObject({ status: "pending", attempts: 1 });
    const view = await t.view(eventId);
    expect(view.message).toMatch(/^YouTube Live answered: The request cannot be completed because you have exceeded your quota\. Trying again at 2026-05-01T16:00:30/);
    expect(view.log).toMatchObject([{ operation: "create", outcome: "failed" }]);
    yt.quotaExceeded = false;
    t.setNow("2026-05-01T16:01:00Z");
    await t.delivery.drain();
    expect(await t.sessionOf(eventId)).toMatchObject({ status: "ready", message: "" });
  });

  it("a stream YouTube could not insert: the broadcast just inserted is deleted, and the retry makes a whole new pair", async () => {
    yt.unavailable.add("POST /youtube/v3/liveStreams");
    // Between the events of the tests around it: a registration goes to the next open event.
    const { eventId } = await t.schedule("2026-05-07T18:00");
    const [first] = yt.calls("POST /youtube/v3/liveBroadcasts");
    const strayId = [...yt.live.values()].find((b) => b.scheduledStartTime === "2026-05-08T01:00:00Z")?.id ?? "";
    expect(first).toBeTruthy();
    expect(yt.calls("DELETE /youtube/v3/liveBroadcasts").map((r) => r.query.get("id"))).toEqual([strayId]);
    expect(yt.live.get(strayId)?.deleted).toBe(true);
    expect(await t.sessionOf(eventId)).toMatchObject({ status: "pending", attempts: 1 });
    yt.unavailable.clear();
    t.setNow("2026-05-01T16:01:00Z");
    await t.delivery.drain();
    const session = await t.sessionOf(eventId);
    expect(session).toMatchObject({ status: "ready" });
    expect(session?.remoteId).not.toBe(strayId);
    expect(yt.live.get(session?.remoteId ?? "")?.boundStreamId).toBeTruthy();
  });

  it("registrants are not sent to YouTube (it has none): their link opens Cuepoint's room", async () => {
    const { eventId } = await t.schedule("2026-05-07T10:00");
    const ann = await t.register("ann.yt@example.com", { eventId });
    await t.delivery.drain();
    expect(await t.registrationOf(ann)).toBeUndefined();
    t.setNow("2026-05-07T17:05:00Z");
    const page = await t.join(ann);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="cuepoint-room"');
  });

  it("an expired token is refreshed with the grant's refresh token before YouTube is called", async () => {
    t.setNow("2026-05-15T16:00:00Z"); // days after the last call: the hour-long token has expired
    await t.schedule("2026-05-20T10:00");
    const refresh = yt.calls("POST /token").find((r) => (r.data as Record<string, string>).grant_type === "refresh_token");
    expect(refresh?.data).toMatchObject({ refresh_token: "1//yt-refresh", client_id: "youtube-client" });
    const [insert] = yt.calls("POST /youtube/v3/liveBroadcasts");
    expect(insert?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(yt.requests.indexOf(refresh as (typeof yt.requests)[number])).toBeLessThan(yt.requests.indexOf(insert as (typeof yt.requests)[number]));
  });
});

describe("the registrant's room of a YouTube Live event", () => {
  const snapshot = async (token: string) =>
    ((await (await t.app.request(`/api/public/room/${token}`)).json()) as { success: RoomSnapshot }).success;

  it("embeds the broadcast (youtube-nocookie) in place of the room's player, keeps the room's chat, and its page frames exactly that origin", async () => {
    const { eventId, remoteId } = await t.schedule("2026-05-06T10:00");
    const bo = await t.register("bo.yt@example.com", { eventId });
    t.setNow("2026-05-06T16:58:00Z"); // the waiting room: nothing embedded yet
    expect((await snapshot(bo)).embed).toBeNull();
    t.setNow("2026-05-06T17:10:00Z");
    const live = await snapshot(bo);
    expect(live.view.phase).toBe("live");
    expect(live.embed).toEqual({ provider: "youtube", url: `https://www.youtube-nocookie.com/embed/${remoteId}?autoplay=1&mute=1&playsinline=1&rel=0` });
    expect(live.video).toBeNull();
    expect(live.platform).toBe("aevent"); // Cuepoint's room around it: chat, offers, attendance

    const page = await t.join(bo);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toBe(SHELL_CSP.replace("frame-src 'self';", "frame-src 'self' https://www.youtube-nocookie.com;"));
    expect(csp.match(/frame-src [^;]*/)?.[0]).toBe("frame-src 'self' https://www.youtube-nocookie.com");
    expect(await page.text()).not.toContain('rel="preload" href="/room-hls.js"');
  });

  it("before its broadcast exists (refused), the room embeds nothing", async () => {
    yt.liveStreamingNotEnabled = true;
    const { eventId } = await t.schedule("2026-05-05T10:00");
    const cy = await t.register("cy.yt@example.com", { eventId });
    t.setNow("2026-05-05T17:10:00Z");
    expect((await snapshot(cy)).embed).toBeNull();
  });
});
