import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attendance, roomActivity, type TimelineRow } from "../db/schema/index.js";
import { createRoomHub } from "./hub/roomHub.js";
import { loadRoom } from "./roomState.js";
import { createRoomTest, eventually, openChannel, type RoomTest } from "./test-support/testRoom.js";

/**
 * The live channel on a real listening server: hello first, each item at its second and not before,
 * the audience, and presence turned into attendance (additive, once per registrant however many tabs).
 * A room of 30 minutes (no video: scheduleLength 0.5 h), replay for a day.
 */

const T0 = Date.parse("2026-06-01T17:00:00.000Z");
const MIN = 60_000;
const SECRET = "Limited seats — SECRET-CTA";

let t: RoomTest;
let base: string;
let timeline: TimelineRow;
let eventId: string;
let ann: string;
let bob: string;

const rowOf = async (registrantId: string) =>
  (await t.db.orm.select().from(attendance).where(and(eq(attendance.eventId, eventId), eq(attendance.registrantId, registrantId))))[0];

beforeAll(async () => {
  t = await createRoomTest(new Date(T0 - 5 * MIN).toISOString(), { heartbeatMs: 100, audienceMs: 1000 });
  const accountId = await t.account();
  timeline = await t.timeline(accountId, { scheduleLength: 0.5, replay: { enabled: true, replayDays: 1 }, hls: { audienceCount: "real" } });
  eventId = await t.event(timeline, new Date(T0).toISOString());
  ann = await t.registrant(timeline, eventId, { name: "Ann" });
  bob = await t.registrant(timeline, eventId, { name: "Bob" });
  await t.script(timeline, eventId, [
    { nodeKey: "hello-chat", action: "livechat", offsetSeconds: 60, model: { from: "Host", message: "Hi all" } },
    { nodeKey: "offer", action: "cta", offsetSeconds: 120, model: { headline: SECRET, subheadline: "Join now", url: "https://shop.example.com" } },
  ]);
  base = await t.listen();
});
afterAll(() => t.close());

describe("the channel", () => {
  it("refuses before the room opens and for a replay that is not there yet", async () => {
    t.setNow(T0 - 16 * MIN);
    const early = await fetch(`${base}/api/public/room/${ann}/channel`);
    expect(early.status).toBe(409);
    t.setNow(T0 + MIN);
    expect((await fetch(`${base}/api/public/room/${ann}/channel?entry=replay`)).status).toBe(409);
    expect((await fetch(`${base}/api/public/room/not-a-token/channel`)).status).toBe(404);
  });

  it("says hello, then sends each item at its second — never before — and records the CTA view once", async () => {
    t.setNow(T0 + 30_000);
    const channel = await openChannel(`${base}/api/public/room/${ann}/channel`);
    expect(await channel.waitFor("hello")).toEqual({ serverNow: T0 + 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 200)); // several ticks at 30 s: nothing due
    expect(channel.events.filter((e) => e.event === "item")).toEqual([]);
    t.setNow(T0 + 60_000);
    expect(await channel.waitFor("item")).toMatchObject({ id: "hello-chat", chat: { message: "Hi all" } });
    t.setNow(T0 + 119_900);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(channel.text()).not.toContain("SECRET-CTA");
    t.setNow(T0 + 120_000);
    expect(await channel.waitFor("item", (d) => (d as { id: string }).id === "offer")).toMatchObject({ cta: { headline: SECRET } });
    // Heartbeat comments keep the stream open through proxies.
    await eventually(async () => expect(channel.text()).toContain(": heartbeat"));
    channel.close();
    // Presence ends when the server sees the browser go: wait for it before the clock moves on.
    await eventually(async () => expect((await rowOf(ann))?.leftAt).toEqual(new Date(T0 + 120_000)));
    // The view is written with the attendance (here the leave's write).
    expect((await rowOf(ann))?.ctaSeen).toEqual(["offer"]);
  });

  it("a channel opened later gets the items of the last two minutes (the widget drops repeats), the view is not counted twice", async () => {
    t.setNow(T0 + 150_000);
    const channel = await openChannel(`${base}/api/public/room/${ann}/channel`);
    await channel.waitFor("item", (d) => (d as { id: string }).id === "offer");
    expect(await channel.waitFor("audience")).toEqual({ count: 1 });
    channel.close();
    await eventually(async () => expect((await rowOf(ann))?.leftAt).toEqual(new Date(T0 + 150_000)));
    expect((await rowOf(ann))?.ctaSeen).toEqual(["offer"]);
  });
});

describe("a CTA click", () => {
  const click = (token: string, body: unknown) =>
    t.app.request(`/api/public/room/${token}/cta`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  it("is recorded (204) once the CTA has come due, and refused before (404) or without an id (400)", async () => {
    t.setNow(T0 + 119_000);
    expect((await click(bob, { id: "offer" })).status).toBe(404);
    expect((await click(bob, { id: "hello-chat" })).status).toBe(404); // not a CTA
    const missing = await click(bob, {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ field: "id" });
    t.setNow(T0 + 121_000);
    expect((await click(bob, { id: "offer" })).status).toBe(204);
    const clicks = await t.db.orm.select().from(roomActivity).where(and(eq(roomActivity.registrantId, bob), eq(roomActivity.kind, "cta_click")));
    expect(clicks.map((c) => [c.nodeKey, c.at.toISOString()])).toEqual([["offer", new Date(T0 + 121_000).toISOString()]]);
  });
});

describe("presence becomes attendance", () => {
  it("the seconds connected within the live part, the first join and the last leave", async () => {
    // Bob opens the waiting room 2 minutes early and stays 10 minutes into the event.
    t.setNow(T0 - 2 * MIN);
    const channel = await openChannel(`${base}/api/public/room/${bob}/channel`);
    await channel.waitFor("hello");
    t.setNow(T0 + 10 * MIN);
    channel.close();
    await eventually(async () =>
      expect(await rowOf(bob)).toMatchObject({ attendedSeconds: 600, joinedAt: new Date(T0), leftAt: new Date(T0 + 10 * MIN), replaySeconds: 0 }),
    );
  });

  it("reconnects add up; two tabs at once count once", async () => {
    t.setNow(T0 + 20 * MIN);
    const one = await openChannel(`${base}/api/public/room/${bob}/channel`);
    const two = await openChannel(`${base}/api/public/room/${bob}/channel`);
    await Promise.all([one.waitFor("hello"), two.waitFor("hello")]);
    t.setNow(T0 + 25 * MIN);
    one.close();
    await eventually(async () => expect((await rowOf(bob))?.leftAt).toEqual(new Date(T0 + 25 * MIN)));
    t.setNow(T0 + 26 * MIN);
    two.close();
    await eventually(async () =>
      expect(await rowOf(bob)).toMatchObject({ attendedSeconds: 600 + 6 * 60, joinedAt: new Date(T0), leftAt: new Date(T0 + 26 * MIN) }),
    );
  });

  it("time after the live part's end does not count as attended", async () => {
    t.setNow(T0 + 29 * MIN);
    const channel = await openChannel(`${base}/api/public/room/${bob}/channel`);
    await channel.waitFor("hello");
    t.setNow(T0 + 45 * MIN);
    channel.close();
    await eventually(async () =>
      expect(await rowOf(bob)).toMatchObject({ attendedSeconds: 960 + 60, leftAt: new Date(T0 + 30 * MIN) }),
    );
  });

  it("replay viewing is counted apart, and never as attended", async () => {
    t.setNow(T0 + 60 * MIN);
    expect((await fetch(`${base}/api/public/room/${ann}/channel`)).status).toBe(409); // the live part is over
    const channel = await openChannel(`${base}/api/public/room/${ann}/channel?entry=replay`);
    await channel.waitFor("hello");
    t.setNow(T0 + 75 * MIN);
    channel.close();
    await eventually(async () =>
      expect(await rowOf(ann)).toMatchObject({
        replaySeconds: 900,
        replayJoinedAt: new Date(T0 + 60 * MIN),
        replayLeftAt: new Date(T0 + 75 * MIN),
      }),
    );
    // Ann's live visits (0:30 → 2:00, and 2:30 → 2:30) stay what they were.
    expect((await rowOf(ann))?.attendedSeconds).toBe(90);
  });

  it("two instances of one person count the time once (the intervals are merged by the row's latest instant)", async () => {
    const carol = await t.registrant(timeline, eventId, { name: "Carol" });
    const room = await loadRoom(t.db.orm, carol);
    const hubs = [createRoomHub({ orm: t.db.orm, now: t.now }), createRoomHub({ orm: t.db.orm, now: t.now })];
    const sink = () => ({ write: async () => undefined, close: () => undefined });
    t.setNow(T0);
    const leaveA = await hubs[0]!.open(room, "live", sink());
    t.setNow(T0 + 5 * MIN);
    await hubs[0]!.flush();
    const leaveB = await hubs[1]!.open(room, "live", sink());
    t.setNow(T0 + 8 * MIN);
    await leaveA();
    await leaveB();
    // 8 minutes on one instance and the last 3 of them on the other as well: 8 minutes in the room.
    expect(await rowOf(carol)).toMatchObject({ attendedSeconds: 8 * 60, joinedAt: new Date(T0), leftAt: new Date(T0 + 8 * MIN) });
    // Back on the second instance alone later: added.
    t.setNow(T0 + 10 * MIN);
    const again = await hubs[1]!.open(room, "live", sink());
    t.setNow(T0 + 12 * MIN);
    await again();
    expect(await rowOf(carol)).toMatchObject({ attendedSeconds: 10 * 60, leftAt: new Date(T0 + 12 * MIN) });
    await Promise.all(hubs.map((hub) => hub.stop()));
  });

  it("stopping the server closes the channels and writes what they leave", async () => {
    const dave = await t.registrant(timeline, eventId, { name: "Dave" });
    const hub = createRoomHub({ orm: t.db.orm, now: t.now });
    const room = await loadRoom(t.db.orm, dave);
    let closed = false;
    t.setNow(T0 + MIN);
    await hub.open(room, "live", { write: async () => undefined, close: () => (closed = true) });
    t.setNow(T0 + 4 * MIN);
    await hub.stop();
    expect(closed).toBe(true);
    expect(await rowOf(dave)).toMatchObject({ attendedSeconds: 180 });
    await expect(hub.open(room, "live", { write: async () => undefined, close: () => undefined })).rejects.toThrow();
  });
});
