import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { registrants, type TimelineRow } from "../db/schema/index.js";
import { createRoomTest, type RoomTest } from "./test-support/testRoom.js";

/**
 * The live playlists are the clock: a live playlist lists only aired segments, and a segment not
 * aired yet answers 404; the replay is VOD; nothing plays before the start or from another account.
 * A 60 s program: an intro (2 × 5 s, 360p only) then the video (10 × 5 s, 360p and 720p).
 */

const T0 = Date.parse("2026-06-01T17:00:00.000Z");
const MIN = 60_000;

let t: RoomTest;
let accountId: string;
let timeline: TimelineRow;
let token: string;
let base: string;

const get = async (path: string, at: number) => {
  t.setNow(at);
  return t.app.request(`${base}/${path}`);
};
const segmentsOf = (playlist: string) => playlist.split("\n").filter((line) => line && !line.startsWith("#"));

beforeAll(async () => {
  t = await createRoomTest(new Date(T0 - MIN).toISOString());
  accountId = await t.account();
  const intro = await t.video(accountId, { "360p": [5, 5] });
  const main = await t.video(accountId, { "360p": Array(10).fill(5), "720p": Array(10).fill(5) });
  timeline = await t.timeline(accountId, {
    videoFile: main,
    advanced: { enabled: true, appendIntro: intro },
    replay: { enabled: true, replayDays: 1 },
  });
  const event = await t.event(timeline, new Date(T0).toISOString());
  token = await t.registrant(timeline, event);
  base = `/api/public/room/${token}`;
});
afterAll(() => t.close());

describe("before the start", () => {
  it("no playlist and no segment; the poster only from the waiting room on", async () => {
    expect((await get("hls/master.m3u8", T0 - 1)).status).toBe(404);
    expect((await get("hls/360p.m3u8", T0 - 1)).status).toBe(404);
    expect((await get("hls/360p/0.ts", T0 - 1)).status).toBe(404);
    expect((await get("poster.jpg", T0 - 15 * MIN - 1)).status).toBe(404);
    const poster = await get("poster.jpg", T0 - 15 * MIN);
    expect(poster.status).toBe(200);
    expect(poster.headers.get("content-type")).toBe("image/jpeg");
  });
});

describe("live", () => {
  it("the master lists only the renditions every video of the program has", async () => {
    const master = await get("hls/master.m3u8", T0);
    expect(master.status).toBe(200);
    expect(master.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
    expect(master.headers.get("cache-control")).toBe("no-store");
    const text = await master.text();
    expect(segmentsOf(text)).toEqual(["360p.m3u8"]);
    expect(text).toContain("RESOLUTION=640x360");
  });

  it("lists exactly the segments whose start is at or before the position", async () => {
    const response = await get("hls/360p.m3u8", T0 + 17_000);
    const text = await response.text();
    expect(response.headers.get("cache-control")).toBe("no-store");
    // Starts 0, 5, 10, 15 are aired at 17 s; 20 is not.
    expect(segmentsOf(text).map((s) => s.split("?")[0])).toEqual(["360p/0.ts", "360p/1.ts", "360p/2.ts", "360p/3.ts"]);
    expect(text).toContain("#EXT-X-PLAYLIST-TYPE:EVENT");
    expect(text).toContain("#EXT-X-TARGETDURATION:5");
    expect(text).toContain("#EXT-X-START:TIME-OFFSET=17.000,PRECISE=YES");
    expect(text).not.toContain("#EXT-X-ENDLIST");
    // The intro ends after segment 1: a discontinuity before the video's first segment.
    const lines = text.split("\n");
    expect(lines[lines.findIndex((l) => l.startsWith("360p/2.ts")) - 2]).toBe("#EXT-X-DISCONTINUITY");
  });

  it("an aired segment is served from the store; the next one answers 404 until its start", async () => {
    const aired = await get("hls/360p/3.ts", T0 + 17_000);
    expect(aired.status).toBe(200);
    expect(aired.headers.get("content-type")).toBe("video/mp2t");
    expect(aired.headers.get("cache-control")).toContain("max-age");
    expect(await aired.text()).toBe("360p#1"); // segment 3 of the program is the video's segment 1
    const future = await get("hls/360p/4.ts", T0 + 17_000);
    expect(future.status).toBe(404);
    expect(future.headers.get("cache-control")).not.toContain("max-age");
    expect((await get("hls/360p/4.ts", T0 + 20_000)).status).toBe(200);
    // The replay's address does not open it either while only the live part can be watched.
    expect((await get("hls/360p/11.ts?entry=replay", T0 + 20_000)).status).toBe(404);
  });

  it("unknown renditions and segment names answer 404", async () => {
    expect((await get("hls/720p.m3u8", T0 + 10_000)).status).toBe(404);
    expect((await get("hls/360p/abc.ts", T0 + 10_000)).status).toBe(404);
    expect((await get("hls/360p/99.ts", T0 + 59_000)).status).toBe(404);
  });
});

describe("after the live part", () => {
  it("the replay is a complete VOD playlist; its segments are all served", async () => {
    const master = await (await get("hls/master.m3u8?entry=replay", T0 + 2 * MIN)).text();
    expect(segmentsOf(master)).toEqual(["360p.m3u8?entry=replay"]);
    const text = await (await get("hls/360p.m3u8?entry=replay", T0 + 2 * MIN)).text();
    expect(text).toContain("#EXT-X-PLAYLIST-TYPE:VOD");
    expect(text).toContain("#EXT-X-ENDLIST");
    expect(segmentsOf(text)).toHaveLength(12);
    expect(segmentsOf(text).every((s) => s.includes("entry=replay"))).toBe(true);
    expect((await get("hls/360p/11.ts?entry=replay", T0 + 2 * MIN)).status).toBe(200);
  });

  it("the replay ends with its window", async () => {
    expect((await get("hls/360p.m3u8?entry=replay", T0 + MIN + 24 * 60 * MIN)).status).toBe(404);
    expect((await get("hls/360p/0.ts?entry=replay", T0 + MIN + 24 * 60 * MIN)).status).toBe(404);
  });

  it("without a replay, the live list ends (ENDLIST) and then nothing is served", async () => {
    const noReplay = await t.timeline(accountId, { videoFile: (await t.video(accountId, { "360p": [5, 5] })) });
    const event = await t.event(noReplay, new Date(T0).toISOString());
    const viewer = await t.registrant(noReplay, event);
    t.setNow(T0 + 11_000);
    const ended = await (await t.app.request(`/api/public/room/${viewer}/hls/360p.m3u8`)).text();
    expect(ended).toContain("#EXT-X-ENDLIST");
    expect(segmentsOf(ended)).toHaveLength(2);
    t.setNow(T0 + 10_000 + 6 * MIN);
    expect((await t.app.request(`/api/public/room/${viewer}/hls/360p.m3u8`)).status).toBe(404);
    expect((await t.app.request(`/api/public/room/${viewer}/hls/360p/0.ts`)).status).toBe(404);
  });
});

describe("whose video", () => {
  it("another account's video id plays nothing: no video in the snapshot, no playlist", async () => {
    const stranger = await t.account();
    const theirs = await t.video(stranger, { "360p": [5, 5] });
    const borrowed = await t.timeline(accountId, { videoFile: theirs });
    const event = await t.event(borrowed, new Date(T0).toISOString());
    const viewer = await t.registrant(borrowed, event);
    t.setNow(T0 + 5000);
    const { success } = (await (await t.app.request(`/api/public/room/${viewer}`)).json()) as { success: { video: unknown; timing: { liveSeconds: number } } };
    expect(success.video).toBeNull();
    expect(success.timing.liveSeconds).toBe(3600);
    expect((await t.app.request(`/api/public/room/${viewer}/hls/master.m3u8`)).status).toBe(404);
    expect((await t.app.request(`/api/public/room/${viewer}/hls/360p/0.ts`)).status).toBe(404);
    expect((await t.app.request(`/api/public/room/${viewer}/poster.jpg`)).status).toBe(404);
  });

  it("videos without a shared rendition play each one's lowest as one 'program' variant", async () => {
    const a = await t.video(accountId, { source: [4, 4] });
    const b = await t.video(accountId, { "360p": [4], "720p": [4] });
    const split = await t.timeline(accountId, { splitVideo: { enabled: true, videos: [a, b] } });
    const event = await t.event(split, new Date(T0).toISOString());
    const viewer = await t.registrant(split, event);
    t.setNow(T0 + 11_000);
    const master = await (await t.app.request(`/api/public/room/${viewer}/hls/master.m3u8`)).text();
    expect(segmentsOf(master)).toEqual(["program.m3u8"]);
    const list = await (await t.app.request(`/api/public/room/${viewer}/hls/program.m3u8`)).text();
    expect(segmentsOf(list)).toHaveLength(3);
    expect(await (await t.app.request(`/api/public/room/${viewer}/hls/program/2.ts`)).text()).toBe("360p#0");
  });
});

describe("a ban", () => {
  it("reaches the playlists and segments within two seconds (a player's requests reuse the link for that long)", async () => {
    const viewer = await t.registrant(timeline, (await t.event(timeline, new Date(T0).toISOString())));
    t.setNow(T0 + 10_000);
    expect((await t.app.request(`/api/public/room/${viewer}/hls/360p.m3u8`)).status).toBe(200);
    await t.db.orm.update(registrants).set({ banned: true }).where(eq(registrants.uuid, viewer));
    expect((await t.app.request(`/api/public/room/${viewer}`)).status).toBe(403); // the snapshot reads it fresh
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await t.app.request(`/api/public/room/${viewer}/hls/360p.m3u8`)).status).toBe(403);
    expect((await t.app.request(`/api/public/room/${viewer}/hls/360p/0.ts`)).status).toBe(403);
  });
});
