import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.js";
import { attendance, timelines } from "../db/schema/index.js";
import { createEngineTestApp, readyMail, type EngineTestApp } from "../engine/test-support/testSupport.js";
import { createLocalMediaStore } from "../media/store.js";
import { clearPresence, presentElsewhere, writePresence } from "./hub/presenceRows.js";
import { createRoomHub, type RoomHub } from "./hub/roomHub.js";
import { eventually, openChannel } from "./test-support/testRoom.js";

/**
 * The whole attendance path against the engine: two registrants, A in the room for 12 minutes of
 * the live part, B never (B watches the replay later); the attendance rows say so, and the engine's
 * a1 (Attendee) / a2 (Non-Attendee) mails the day after go to A and to B respectively — a replay
 * never makes an Attendee. Analytics and the export read the same rows.
 */

let t: EngineTestApp;
let hub: RoomHub;
let server: ServerType;
let base: string;
let mediaDir: string;
let eventId: string;
let a: string;
let b: string;

// Sunday 2026-05-10 10:00 in Los Angeles = 17:00 UTC; the room lasts scheduleLength, 1 hour.
const START = Date.parse("2026-05-10T17:00:00.000Z");
const MIN = 60_000;

const rowOf = async (registrantId: string) =>
  (await t.db.orm.select().from(attendance).where(and(eq(attendance.eventId, eventId), eq(attendance.registrantId, registrantId))))[0];

beforeAll(async () => {
  t = await createEngineTestApp("2026-05-01T12:00:00Z");
  const setting = t.timeline.setting;
  await t.db.orm
    .update(timelines)
    .set({ setting: { ...setting, general: { ...setting.general, replay: { ...setting.general.replay, enabled: true, replayDays: 2 } } } })
    .where(eq(timelines.id, t.timeline.id));
  eventId = await t.addEvent("2026-05-10T10:00");
  await t.setBlocks({
    "1": [
      readyMail(1, 1, { id: "thanks-attendees", groupID: "a1" }),
      readyMail(1, 1, { id: "replay-non-attendees", groupID: "a2", hours: 10 }),
    ],
  });
  a = await t.register("ann@example.com");
  b = await t.register("bob@example.com");
  // The room on a real port (SSE), on the engine's database and clock.
  mediaDir = await mkdtemp(join(tmpdir(), "cuepoint-attendance-"));
  hub = createRoomHub({ orm: t.db.orm, now: t.now, tickMs: 50 });
  const app = createApp({ db: t.db, config: { now: t.now, publicURL: "https://cuepoint.test", mediaDir }, media: createLocalMediaStore(mediaDir), room: hub });
  server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => setTimeout(resolve, 20));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await hub.stop();
  await new Promise((resolve) => server.close(resolve));
  await t.stop();
  await rm(mediaDir, { recursive: true, force: true });
});

describe("attendance from the room's connection", () => {
  it("A, connected for 12 minutes of the live part, is an attendee; B, never connected, has no attendance", async () => {
    t.setNow(new Date(START + 5 * MIN));
    const channel = await openChannel(`${base}/api/public/room/${a}/channel`);
    await channel.waitFor("hello");
    t.setNow(new Date(START + 17 * MIN));
    channel.close();
    await eventually(async () =>
      expect(await rowOf(a)).toMatchObject({
        attendedSeconds: 12 * 60,
        joinedAt: new Date(START + 5 * MIN),
        leftAt: new Date(START + 17 * MIN),
        replaySeconds: 0,
      }),
    );
    expect(await rowOf(b)).toBeUndefined();
  });

  it("B's replay viewing is counted apart", async () => {
    t.setNow(new Date(START + 3 * 60 * MIN));
    const channel = await openChannel(`${base}/api/public/room/${b}/channel?entry=replay`);
    await channel.waitFor("hello");
    t.setNow(new Date(START + 3 * 60 * MIN + 20 * MIN));
    channel.close();
    await eventually(async () => expect(await rowOf(b)).toMatchObject({ attendedSeconds: 0, replaySeconds: 20 * 60, joinedAt: null }));
  });

  it("the engine mails the attendee-only message to A and the non-attendee one to B", async () => {
    t.setNow("2026-05-11T18:00:00Z");
    await t.engine.drain();
    const [ofA, ofB] = [await t.jobsOf(a), await t.jobsOf(b)];
    expect([ofA["thanks-attendees"]?.status, ofA["replay-non-attendees"]?.status]).toEqual(["sent", "skipped"]);
    expect([ofB["thanks-attendees"]?.status, ofB["replay-non-attendees"]?.status]).toEqual(["skipped", "sent"]);
    expect(ofB["thanks-attendees"]?.detail).toContain("Not in the audience Attendee");
    expect(t.peer.log.sort()).toEqual([`replay-non-attendees:${b}:${eventId}`, `thanks-attendees:${a}:${eventId}`].sort());
  });

  it("analytics and the export show it", async () => {
    const stats = await t.owner.webinars.attendance({ webinarID: eventId });
    expect(stats).toMatchObject({ registrants: 2, attendees: 1, nonAttendees: 1, totalMinutes: 12, replayViewers: 1, replayMinutes: 20 });
    const csv = await t.owner.webinars.export({ type: "attendees", webinarID: eventId });
    const [header, ...rows] = csv.trim().split("\r\n");
    expect(header).toContain("attended_minutes,watched_replay,replay_minutes");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain("ann@example.com");
    expect(rows[0]).toContain("yes,2026-05-10T17:05:00.000Z,2026-05-10T17:17:00.000Z,12.0,no,0.0");
    const absent = await t.owner.webinars.export({ type: "nonattendees", webinarID: eventId });
    expect(absent).toContain("bob@example.com");
    expect(absent).toContain(",no,,,0.0,yes,20.0");
  });
});

describe("who is present where", () => {
  it("each instance's hub writes who is in the room there; an instance reads the others' rows, fresh ones only, each person once", async () => {
    const at = (minute: number) => new Date(START + minute * MIN);
    const target = { accountId: t.accountId, eventId };
    await writePresence(t.db.orm, target, "hub-1", [a], at(31));
    await writePresence(t.db.orm, target, "hub-2", [a, b], at(31));
    const elsewhere = async (hubId: string, since = at(30)) => (await presentElsewhere(t.db.orm, { eventId }, since, false, hubId)).map((r) => r.registrantId).sort();
    expect(await elsewhere("hub-1")).toEqual([a, b].sort());
    expect(await elsewhere("hub-2")).toEqual([a]);
    expect(await elsewhere("hub-3")).toEqual([a, b].sort());
    // Names for the console, the account's only, and the attendance written so far.
    const people = await presentElsewhere(t.db.orm, target, at(30), true, "hub-2");
    const row = await rowOf(a);
    expect(row?.attendedSeconds).toBeGreaterThan(0);
    expect(people).toEqual([{ registrantId: a, joinedAt: row?.joinedAt, attendedSeconds: row?.attendedSeconds, name: "ann", email: "ann@example.com" }]);
    expect(await presentElsewhere(t.db.orm, { eventId, accountId: "00000000-0000-4000-8000-000000000000" }, at(30), false, "hub-3")).toEqual([]);
    // A row not rewritten since `since` is a hub that stopped; no one left, and the row goes.
    expect(await elsewhere("hub-3", at(32))).toEqual([]);
    await writePresence(t.db.orm, target, "hub-2", [], at(32));
    expect(await elsewhere("hub-1")).toEqual([]);
    await clearPresence(t.db.orm, "hub-1");
    expect(await elsewhere("hub-3")).toEqual([]);
  });
});
