import { eq } from "drizzle-orm";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RoomSnapshotSchema, type RoomSnapshot } from "@cuepoint/sdk";
import { timelines, type TimelineRow } from "../db/schema/index.js";
import { createRoomTest, type RoomTest } from "./test-support/testRoom.js";

/** The snapshot at each phase's boundaries, on a clock the test sets (a 60 s program, replay for a day). */

const T0 = Date.parse("2026-06-01T17:00:00.000Z");
const MIN = 60_000;
const SECRET = "SECRET-OFFER-HEADLINE";

let t: RoomTest;
let accountId: string;
let timeline: TimelineRow;
let eventId: string;
let token: string;

const snapshot = async (at: number, entry?: "join" | "replay"): Promise<RoomSnapshot> => {
  t.setNow(at);
  const response = await t.app.request(`/api/public/room/${token}${entry ? `?entry=${entry}` : ""}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { success: RoomSnapshot };
  return v.parse(RoomSnapshotSchema, body.success);
};

beforeAll(async () => {
  t = await createRoomTest(new Date(T0 - 60 * MIN).toISOString());
  accountId = await t.account();
  const video = await t.video(accountId, { "360p": Array(10).fill(6), "720p": Array(10).fill(6) });
  const logo = await t.image(accountId);
  timeline = await t.timeline(
    accountId,
    {
      videoFile: video,
      description: "How we ship",
      presenters: ["Dana"],
      replay: { enabled: true, replayDays: 1 },
      countdown: { enabled: true, duration: 10 },
      timeCounter: { enabled: true, direction: "down" },
      muteAll: true,
      hls: {
        logo,
        favicon: "https://cdn.example.com/icon.png",
        preBackground: "javascript:alert(1)",
        audienceCount: "simulated",
        pip: { enabled: true, seconds: 20 },
        css: ".room{color:red}",
        code: "<script>window.roomCode=1</script>",
      },
    },
    { cta: { buttonTitle: "Buy now", link: "https://shop.example.com" } },
  );
  eventId = await t.event(timeline, new Date(T0).toISOString(), "Launch day");
  token = await t.registrant(timeline, eventId, { name: "Ann Lee", email: "ann@example.com" });
  await t.registrant(timeline, eventId, { name: "Bob Other", email: "bob@example.com" });
  await t.script(timeline, eventId, [
    { nodeKey: "chat-a1", action: "livechat", offsetSeconds: 10, model: { from: "Ann", message: "Welcome everyone" } },
    { nodeKey: "chat-a2", action: "livechat", offsetSeconds: 10, model: { from: "Ann", message: "Welcome everyone" } },
    { nodeKey: "offer", action: "cta", offsetSeconds: 30, model: { headline: SECRET, subheadline: "Only today" } },
    { nodeKey: "subject", action: "changesubject", offsetSeconds: 40, model: { subject: "Q&A time" } },
    { nodeKey: "encore", action: "encore", offsetSeconds: 45, model: {} },
  ]);
});
afterAll(() => t.close());

describe("the phase at its boundaries", () => {
  it("confirmation until joinStart minutes before the start, with no video and no items", async () => {
    const room = await snapshot(T0 - 15 * MIN - 1);
    expect(room.view.phase).toBe("confirmation");
    expect(room.view.nextChangeAt).toBe(T0 - 15 * MIN);
    expect(room.video).toBeNull();
    expect(room.items).toEqual([]);
    expect(room.audience).toBeNull();
    expect(room.customCodeUrl).toBeNull(); // no pixel, and the room's code is not the confirmation page's
  });

  it("waiting from joinStart minutes before until the start", async () => {
    for (const at of [T0 - 15 * MIN, T0 - 1]) {
      const room = await snapshot(at);
      expect(room.view.phase).toBe("waiting");
      expect(room.view.nextChangeAt).toBe(T0);
      expect(room.items).toEqual([]);
      expect(room.video?.playlistUrl).toBe(`/api/public/room/${token}/hls/master.m3u8`);
    }
  });

  it("live from the start to the end of the program, at the current position", async () => {
    const start = await snapshot(T0);
    expect(start.view).toMatchObject({ phase: "live", positionSeconds: 0, endsAt: T0 + 60_000 });
    expect(start.timing.liveSeconds).toBe(60);
    const late = await snapshot(T0 + 59_999);
    expect(late.view.phase).toBe("live");
    expect(late.view.positionSeconds).toBeCloseTo(59.999, 3);
    expect(late.customCodeUrl).toBe(`/join/${token}/custom?part=room`);
  });

  it("replay from the end until the window closes, then expired", async () => {
    const end = await snapshot(T0 + 60_000);
    expect(end.view.phase).toBe("replay");
    expect(end.video?.playlistUrl).toBe(`/api/public/room/${token}/hls/master.m3u8?entry=replay`);
    expect(end.channelUrl).toBe(`/api/public/room/${token}/channel?entry=replay`);
    const until = end.view.replayUntil as number;
    expect(until).toBe(T0 + 60_000 + 24 * 60 * MIN);
    expect((await snapshot(until - 1, "replay")).view.phase).toBe("replay");
    const expired = await snapshot(until, "replay");
    expect(expired.view.phase).toBe("expired");
    expect(expired.video).toBeNull();
    expect(expired.entry).toBe("replay");
  });

  it("ended (no replay) when the timeline has none", async () => {
    const [row] = await t.db.orm.select().from(timelines).where(eq(timelines.id, timeline.id));
    const setting = row!.setting;
    await t.db.orm
      .update(timelines)
      .set({ setting: { ...setting, general: { ...setting.general, replay: { ...setting.general.replay, enabled: false } } } })
      .where(eq(timelines.id, timeline.id));
    try {
      expect((await snapshot(T0 + 60_000)).view.phase).toBe("ended");
      // Without a replay a late arrival still gets the live room.
      expect((await snapshot(T0 + 50_000)).view.phase).toBe("live");
    } finally {
      await t.db.orm.update(timelines).set({ setting }).where(eq(timelines.id, timeline.id));
    }
  });
});

describe("timed items", () => {
  it("are absent before their second and present from it, once each (auto-chat groups folded)", async () => {
    const before = await snapshot(T0 + 9_999);
    expect(before.items).toEqual([]);
    const chat = await snapshot(T0 + 10_000);
    expect(chat.items).toEqual([{ id: "chat-a1", action: "livechat", offsetSeconds: 10, chat: { name: "Ann", message: "Welcome everyone" } }]);
  });

  it("a CTA's text is in no answer before it is due", async () => {
    t.setNow(T0 + 29_999);
    const answers = await Promise.all(
      [
        `/api/public/room/${token}`,
        `/api/public/room/${token}?entry=replay`,
        `/join/${token}`,
        `/replay/${token}`,
        `/join/${token}/calendar.ics`,
        `/join/${token}/custom`,
        `/join/${token}/custom.css`,
        `/api/public/room/${token}/hls/master.m3u8`,
        `/api/public/room/${token}/hls/360p.m3u8`,
      ].map(async (path) => (await t.app.request(path)).text()),
    );
    for (const text of answers) expect(text).not.toContain(SECRET);
    const due = await snapshot(T0 + 30_000);
    expect(due.items.find((item) => item.action === "cta")).toEqual({
      id: "offer",
      action: "cta",
      offsetSeconds: 30,
      cta: { headline: SECRET, subheadline: "Only today", buttonText: "Buy now", url: "https://shop.example.com" },
    });
  });

  it("a subject change sets the event's subject once due", async () => {
    expect((await snapshot(T0 + 39_000)).event.subject).toBe("Launch day");
    expect((await snapshot(T0 + 40_000)).event.subject).toBe("Q&A time");
  });

  it("the replay carries every item (the event has aired); encore never shows", async () => {
    const replay = await snapshot(T0 + 2 * 60_000);
    expect(replay.items.map((item) => item.id)).toEqual(["chat-a1", "offer", "subject"]);
  });

  it("an arrival later than replayStart minutes into a longer event gets the replay", async () => {
    const long = await t.timeline(accountId, { scheduleLength: 1, replay: { enabled: true }, replayStart: 15 });
    const event = await t.event(long, new Date(T0).toISOString());
    const late = await t.registrant(long, event);
    t.setNow(T0 + 15 * MIN + 1);
    const { success } = (await (await t.app.request(`/api/public/room/${late}`)).json()) as { success: RoomSnapshot };
    expect(success.view.phase).toBe("replay");
    expect(success.timing.liveSeconds).toBe(3600); // no video: scheduleLength hours
    expect(success.video).toBeNull();
  });
});

describe("what the snapshot tells", () => {
  it("the room's display settings, branding as safe URLs, the registrant's own name and zone only", async () => {
    const room = await snapshot(T0 + 20_000);
    expect(room.platform).toBe("aevent");
    expect(room.display).toEqual({
      countdown: { enabled: true, duration: 10 },
      timeCounter: { enabled: true, direction: "down" },
      pip: { enabled: true, seconds: 20 },
      muteAll: true,
      audience: "simulated",
      chat: { enabled: true, timestamps: false, mode: "private", canned: [] },
    });
    expect(room.branding.logoUrl).toMatch(new RegExp(`^/api/public/room/${token}/media/[0-9a-f-]{36}$`));
    expect(room.branding.faviconUrl).toBe("https://cdn.example.com/icon.png");
    expect(room.branding.backgroundUrl).toBeNull(); // javascript: never passes
    expect(room.registrant).toEqual({ name: "Ann Lee", timeZone: "Europe/Berlin" });
    const text = JSON.stringify(room);
    expect(text).not.toContain("ann@example.com");
    expect(text).not.toContain("Bob Other");
    expect(room.event).toMatchObject({ title: "Launch day", description: "How we ship", presenters: ["Dana"], timeZone: "America/New_York" });
    expect(room.audience).toBeGreaterThanOrEqual(10); // simulated: at least the spec's start head count
    expect(room.customCssUrl).toBe(`/join/${token}/custom.css`);
    expect(room.calendar.icsUrl).toBe(`/join/${token}/calendar.ics`);
    expect(room.calendar.googleUrl).toContain("dates=20260601T170000Z/20260601T170100Z");
    expect(room.video).toMatchObject({ durationSeconds: 60, posterUrl: `/api/public/room/${token}/poster.jpg`, hlsScriptUrl: "/room-hls.js" });
  });

  it("the branding image is served for its link; an image the branding does not name is not", async () => {
    const room = await snapshot(T0);
    const logo = await t.app.request(room.branding.logoUrl as string);
    expect(logo.status).toBe(200);
    const other = await t.image(accountId);
    expect((await t.app.request(`/api/public/room/${token}/media/${other}`)).status).toBe(404);
  });

  it("vsl: no chat items, chat off", async () => {
    const vsl = await t.timeline(accountId, { deliveryPlatform: "vsl" });
    const event = await t.event(vsl, new Date(T0).toISOString());
    const viewer = await t.registrant(vsl, event);
    await t.script(vsl, event, [{ nodeKey: "c", action: "livechat", offsetSeconds: 1, model: { message: "hi" } }]);
    t.setNow(T0 + 5000);
    const { success } = (await (await t.app.request(`/api/public/room/${viewer}`)).json()) as { success: RoomSnapshot };
    expect(success.platform).toBe("vsl");
    expect(success.display.chat.enabled).toBe(false);
    expect(success.items).toEqual([]);
  });

  it("the live script is placed from the timeline when none is stored", async () => {
    const placed = await t.timeline(accountId);
    await t.db.orm
      .update(timelines)
      .set({
        blocks: {
          "0": [
            { id: "n-chat", key: "livechat", action: "livechat", days: 0, hours: 0, minutes: 2, isAfter: 1, model: { from: "Host", message: "Two minutes in" } },
          ],
        } as never,
      })
      .where(eq(timelines.id, placed.id));
    const event = await t.event(placed, new Date(T0).toISOString());
    const viewer = await t.registrant(placed, event);
    t.setNow(T0 + 2 * MIN);
    const { success } = (await (await t.app.request(`/api/public/room/${viewer}`)).json()) as { success: RoomSnapshot };
    expect(success.items).toEqual([{ id: "n-chat", action: "livechat", offsetSeconds: 120, chat: { name: "Host", message: "Two minutes in" } }]);
  });

  it("a bad entry is a 400 naming the field", async () => {
    const response = await t.app.request(`/api/public/room/${token}?entry=later`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: "entry" });
  });
});
