import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attendance } from "../../db/schema/index.js";
import type { ChannelSink } from "./presence.js";
import { createRoomHub, type RoomHub } from "./roomHub.js";
import { loadRoom } from "../roomState.js";
import { createRoomTest, eventually, type RoomTest } from "../test-support/testRoom.js";

/**
 * Two instances' hubs on one database (any driver): who is in the room on one reaches the other's
 * console within a beat, from the hubs' presence rows — while a present attendee's attendance is
 * written only every `attendanceMs` (10,000 attendees no longer mean 2,000 row writes a second) —
 * and a leave leaves the other's list after the reconnect grace and a beat.
 */

const T0 = Date.parse("2026-06-01T17:00:00.000Z");
const sink = (): ChannelSink => ({ write: async () => true, close: () => {} });

describe("presence across instances, attendance at its own pace", () => {
  let t: RoomTest;
  let hubA: RoomHub;
  let hubB: RoomHub;
  let accountId: string;
  let eventId: string;
  let ann: string;
  const beats = { flushMs: 100, soonMs: 20, graceMs: 150, presenceMs: 50, tickMs: 50 };

  beforeAll(async () => {
    t = await createRoomTest(new Date(T0 + 60_000).toISOString());
    hubA = createRoomHub({ orm: t.db.orm, now: t.now, attendanceMs: 60_000, ...beats });
    hubB = createRoomHub({ orm: t.db.orm, now: t.now, attendanceMs: 60_000, ...beats });
    accountId = await t.account();
    const timeline = await t.timeline(accountId, { scheduleLength: 1, hls: { audienceCount: "real" } });
    eventId = await t.event(timeline, new Date(T0).toISOString());
    ann = await t.registrant(timeline, eventId, { name: "Ann", email: "ann@example.com" });
  });
  afterAll(async () => {
    await Promise.all([hubA.stop(), hubB.stop()]);
    await t.close();
  });

  const rowOf = async () => {
    const [row] = await t.db.orm.select().from(attendance).where(and(eq(attendance.eventId, eventId), eq(attendance.registrantId, ann)));
    return row;
  };
  const namesOnB = async () => (await hubB.presence({ accountId, eventId })).present.map((person) => person.name);

  it("lists an attendee of A on B within a beat, writes her attendance on arrival and then not at every beat, and drops her after she left", async () => {
    const leave = await hubA.open(await loadRoom(t.db.orm, ann), "live", sink());
    await eventually(async () => expect(await namesOnB()).toEqual(["Ann"]));
    expect(await hubB.present(eventId)).toBe(1);
    // The arrival is written at once; the beats that follow leave the row alone (the clock moves 10 s a beat).
    await eventually(async () => expect(await rowOf()).toBeDefined());
    const arrived = await rowOf();
    for (let i = 0; i < 5; i++) {
      t.setNow(t.now().getTime() + 10_000);
      await new Promise((resolve) => setTimeout(resolve, 120));
    }
    expect((await rowOf())?.leftAt).toEqual(arrived?.leftAt);
    // A minute after the arrival her seconds are written.
    t.setNow(t.now().getTime() + 10_000);
    await eventually(async () => expect((await rowOf())?.attendedSeconds).toBeGreaterThanOrEqual(60));

    await leave();
    t.setNow(t.now().getTime() + 1000); // past the reconnect grace
    await eventually(async () => expect(await namesOnB()).toEqual([]));
    expect(await hubB.present(eventId)).toBe(0);
  });
});
