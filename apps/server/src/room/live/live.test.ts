import { eq } from "drizzle-orm";
import type { LiveStream, RoomSnapshot } from "@cuepoint/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveRuns, media, type TimelineRow } from "../../db/schema/index.js";
import { createMediaProcessing, type MediaProcessing } from "../../media/processing.js";
import { clientFor } from "../test-support/testChat.js";
import { createUser } from "../../users/users.js";
import { createRoomTest, eventually, type RoomTest } from "../test-support/testRoom.js";
import { startLive, type LiveService } from "./startLive.js";
import { ensureFfmpeg, pushTestPattern } from "./test-support/testPush.js";

/**
 * A live webinar on Cuepoint's own platform, end to end with the real ingest and ffmpeg on
 * 127.0.0.1: ffmpeg pushes 12 s of test pattern with the event's key; the registrant's room gets the
 * live playlist, which advances; wrong keys, a second publisher and people without a link get
 * nothing; at the end the recording is a video of the media library and the event's replay.
 */
const START = Date.parse("2031-03-04T15:00:00Z");
let t: RoomTest;
let live: LiveService;
let processing: MediaProcessing;
let bearer: string;
let timeline: TimelineRow;
let eventId: string;
let token: string;

const api = (path: string, init: RequestInit = {}) =>
  t.app.request(`/api${path}`, { ...init, headers: { authorization: `Bearer ${bearer}`, ...(init.headers ?? {}) } });
const room = (path: string) => t.app.request(`/api/public/room/${token}${path}`);
const liveOf = async (): Promise<LiveStream> => ((await (await api(`/webinars/${eventId}/live`)).json()) as { success: LiveStream }).success;
const snapshot = async (entry = "join"): Promise<RoomSnapshot> =>
  ((await (await room(`?entry=${entry}`)).json()) as { success: RoomSnapshot }).success;
const sequenceOf = (playlist: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist)?.[1] ?? -1);
const segmentsOf = (playlist: string) => playlist.split("\n").filter((line) => line.startsWith("live/"));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  await ensureFfmpeg();
  t = await createRoomTest(new Date(START + 60_000).toISOString());
  processing = createMediaProcessing({ orm: t.db.orm, media: t.store, now: t.now });
  live = await startLive({ orm: t.db.orm, media: t.store, mediaProcessing: processing, now: t.now }, { host: "127.0.0.1", port: 0 });
  const host = await hostOf();
  bearer = host.bearer;
  timeline = await t.timeline(host.accountId, {
    eventType: "live-webinar",
    deliveryPlatform: "aevent",
    replay: { enabled: true, replayDays: 1 },
  });
  eventId = await t.event(timeline, new Date(START).toISOString());
  token = await t.registrant(timeline, eventId);
});

afterAll(async () => {
  await live?.stop();
  await processing?.stop();
  await t?.close();
});

describe("a live webinar broadcast over RTMP", () => {
  it("shows the host the ingest address and a secret key, and the room waits for the host", async () => {
    const stream = await liveOf();
    expect(stream).toMatchObject({ streamed: true, ingestUrl: "rtmp://cuepoint.test/live", state: "waiting", runs: [] });
    expect(stream.streamKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await liveOf()).streamKey).toBe(stream.streamKey); // one key per event, kept
    const waiting = await snapshot();
    expect(waiting.video).toMatchObject({ playlistUrl: `/api/public/room/${token}/hls/live.m3u8`, stream: "waiting" });
    const playlist = await room("/hls/live.m3u8");
    expect(playlist.status).toBe(404);
    expect(await playlist.text()).toContain("The host has not started the stream yet.");
  });

  it("plays the stream in the registrant's room as a low-latency playlist that advances; refuses other keys and a second publisher; records it as the replay", async () => {
    const key = (await liveOf()).streamKey as string;
    const url = (k: string) => `rtmp://127.0.0.1:${live.ingest.port}/live/${k}`;
    const push = pushTestPattern(url(key), 12);

    const first = await eventually(async () => {
      const res = await room("/hls/live.m3u8");
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(segmentsOf(text).length).toBeGreaterThan(0);
      return text;
    }, 10_000);
    expect(first).toContain("#EXT-X-TARGETDURATION:1");
    expect(res200(await room(`/${segmentsOf(first)[0]}`.replace(/^\/live/, "/hls/live")))).toBe(true);
    expect((await liveOf()).state).toBe("receiving");
    expect((await snapshot()).video?.stream).toBe("receiving");

    // A wrong key, a key of the right shape that is nobody's, and a second publisher on the event's key are cut off.
    const refused = await Promise.all([
      pushTestPattern(url("not-a-key"), 5).exited,
      pushTestPattern(url("A".repeat(32)), 5).exited,
      pushTestPattern(url(key), 5).exited,
    ]);
    for (const { code } of refused) expect(code).not.toBe(0);

    await sleep(2500);
    const later = await (await room("/hls/live.m3u8")).text();
    expect(sequenceOf(later) + segmentsOf(later).length).toBeGreaterThan(sequenceOf(first) + segmentsOf(first).length);
    expect(segmentsOf(later).length).toBeLessThanOrEqual(6);

    // Nobody without a registrant's link gets it: an unknown token, another run's segment, the replay entry while live.
    expect((await t.app.request(`/api/public/room/${crypto.randomUUID()}/hls/live.m3u8`)).status).toBe(404);
    expect((await room(`/hls/live/00000.ts?run=${crypto.randomUUID()}`)).status).toBe(404);
    expect((await room("/hls/live.m3u8?entry=replay")).status).toBe(404);
    const banned = await t.registrant(timeline, eventId, { banned: true });
    expect((await t.app.request(`/api/public/room/${banned}/hls/live.m3u8`)).status).toBe(403);
    // Before the start (the waiting room) the stream is not served even while the host tests it.
    t.setNow(START - 5 * 60_000);
    await sleep(2100); // the room's 2 s cache
    expect((await room("/hls/live.m3u8")).status).toBe(404);
    t.setNow(START + 60_000);

    expect((await push.exited).code).toBe(0);
    await live.runs.idle();
    const [run] = await t.db.orm.select().from(liveRuns).where(eq(liveRuns.eventId, eventId));
    expect(run?.endedAt).not.toBeNull();
    expect(run?.recordingMediaId).toBeTruthy();
    await sleep(2100);
    const ended = await (await room("/hls/live.m3u8")).text();
    expect(ended).toContain("#EXT-X-ENDLIST");
    expect((await liveOf()).state).toBe("ended");

    // The recording: a video of the account's library, encoded by the media processor like an upload.
    await processing.idle();
    const [video] = await t.db.orm.select().from(media).where(eq(media.id, run?.recordingMediaId as string));
    expect(video).toMatchObject({ accountId: timeline.accountId, type: "video", encodingStatus: 0, mime: "video/mp4" });
    const seconds = (video?.hls?.renditions[0]?.segments ?? []).reduce((sum, d) => sum + d, 0);
    expect(seconds).toBeGreaterThan(9);
    expect(seconds).toBeLessThan(15);

    // …and the event's replay once the live part is over.
    t.setNow(START + 2 * 3600_000);
    await sleep(2100);
    const replay = await snapshot("replay");
    expect(replay.view.phase).toBe("replay");
    expect(replay.video?.playlistUrl).toBe(`/api/public/room/${token}/hls/master.m3u8?entry=replay`);
    expect(replay.video?.stream).toBeUndefined();
    const master = await (await room("/hls/master.m3u8?entry=replay")).text();
    const variant = master.split("\n").find((line) => line.endsWith(".m3u8?entry=replay")) as string;
    const vod = await (await room(`/hls/${variant}`)).text();
    expect(vod).toContain("#EXT-X-PLAYLIST-TYPE:VOD");
    expect(vod).toContain("#EXT-X-ENDLIST");
  }, 90_000);

  it("makes no key for an event that plays its timeline's video", async () => {
    const host = await hostOf();
    const videoTimeline = await t.timeline(host.accountId, { eventType: "live-webinar", videoFile: await t.video(host.accountId, { "360p": [6] }) });
    const other = await t.event(videoTimeline, new Date(START).toISOString());
    const res = await t.app.request(`/api/webinars/${other}/live`, {
      headers: { authorization: `Bearer ${host.bearer}` },
    });
    expect(((await res.json()) as { success: LiveStream }).success).toMatchObject({ streamed: false, streamKey: null });
  });
});

let hosts = 0;
/** A host: an account with a logged-in user's bearer token. */
async function hostOf(): Promise<{ accountId: string; bearer: string }> {
  const email = `live${++hosts}.${Date.now()}@example.com`;
  const user = await createUser(t.db.orm, { email, password: "Webinar#2024", name: "Hana Host", role: "advanced" });
  const { success } = await clientFor(t).session.login(email, "Webinar#2024", { remember: false });
  return { accountId: user.accountId, bearer: success.api_token ?? "" };
}

function res200(res: Response): boolean {
  return res.status === 200 && res.headers.get("content-type") === "video/mp2t";
}
