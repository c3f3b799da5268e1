import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { media, type HlsManifest } from "../db/schema/index.js";
import { createRoomTest, type RoomTest } from "./test-support/testRoom.js";

/**
 * A player that loaded the room while only the repackaged "source" rendition existed keeps
 * reloading `source.m3u8` after the ladder replaced it: the encoder keeps that rendition as
 * superseded (`hls.superseded`, media/README.md) and the room keeps serving it, live-clocked as
 * before, while new players are offered only the ladder. Once its grace is over (the manifest no
 * longer names it) it answers 404 like any unknown rendition.
 */
const T0 = Date.parse("2026-06-01T17:00:00.000Z");
const MIN = 60_000;

let t: RoomTest;
let videoId: string;
let source: HlsManifest;
let ladder: HlsManifest;
let token: string;
let base: string;

const get = async (path: string, at: number) => {
  t.setNow(at);
  return t.app.request(`${base}/${path}`);
};
const segmentsOf = (playlist: string) => playlist.split("\n").filter((line) => line && !line.startsWith("#"));
const manifestOf = async (id: string) => (await t.db.orm.select({ hls: media.hls }).from(media).where(eq(media.id, id)))[0]!.hls!;
/** Writes what the video serves, then lets the room's cache of it (2 s of wall time, `cachedRoom`) lapse. */
const serve = async (hls: HlsManifest) => {
  await t.db.orm.update(media).set({ hls }).where(eq(media.id, videoId));
  await new Promise((resolve) => setTimeout(resolve, 2100));
};

beforeAll(async () => {
  t = await createRoomTest(new Date(T0 - MIN).toISOString());
  const accountId = await t.account();
  videoId = await t.video(accountId, { source: [7, 7, 6] });
  source = { ...(await manifestOf(videoId)), ladderComplete: false };
  // The ladder's files (another hand-made video of the account lends them).
  const rungs = await manifestOf(await t.video(accountId, { "360p": [6, 6, 6, 2], "720p": [6, 6, 6, 2] }));
  ladder = { ...source, renditions: rungs.renditions, ladderComplete: true };
  await t.db.orm.update(media).set({ hls: source }).where(eq(media.id, videoId));
  const timeline = await t.timeline(accountId, { videoFile: videoId });
  token = await t.registrant(timeline, await t.event(timeline, new Date(T0).toISOString()));
  base = `/api/public/room/${token}`;
});
afterAll(() => t.close());

describe("the source rendition a ladder replaced", () => {
  it("stays served, live-clocked, to players holding its playlist; new players get the ladder only", async () => {
    const before = await get("hls/master.m3u8", T0 + 8_000);
    expect(segmentsOf(await before.text())).toEqual(["source.m3u8"]);
    const held = await (await get("hls/source.m3u8", T0 + 8_000)).text();
    expect(segmentsOf(held).map((s) => s.split("?")[0])).toEqual(["source/0.ts", "source/1.ts"]);

    // The ladder is published; the source is kept as superseded.
    await serve({ ...ladder, superseded: source.renditions, supersededUntil: new Date(T0 + 24 * 60 * MIN).toISOString() });
    const later = T0 + 15_000;
    expect(segmentsOf(await (await get("hls/master.m3u8", later)).text())).toEqual(["360p.m3u8", "720p.m3u8"]);
    const reloaded = await get("hls/source.m3u8", later);
    expect(reloaded.status).toBe(200);
    const text = await reloaded.text();
    expect(segmentsOf(text).map((s) => s.split("?")[0])).toEqual(["source/0.ts", "source/1.ts", "source/2.ts"]);
    expect(text).toContain("#EXT-X-TARGETDURATION:7");
    const segment = await get("hls/source/1.ts", later);
    expect(segment.status).toBe(200);
    expect(await segment.text()).toBe("source#1");
    // Still the clock: a segment not aired yet is not served from it either.
    expect((await get("hls/source/3.ts", later)).status).toBe(404);
    expect((await get("hls/360p/0.ts", later)).status).toBe(200);
  });

  it("answers 404 once its grace is over and the manifest no longer names it", async () => {
    await serve(ladder);
    const at = T0 + 30_000;
    expect((await get("hls/source.m3u8", at)).status).toBe(404);
    expect((await get("hls/source/0.ts", at)).status).toBe(404);
    expect((await get("hls/720p.m3u8", at)).status).toBe(200);
  });
});
