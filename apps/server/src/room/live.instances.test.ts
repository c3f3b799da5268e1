import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.js";
import { defaultConfig } from "../config/serverConfig.js";
import { createPostgresRoomBus, type PostgresRoomBus } from "./bus/postgresBus.js";
import { memoryChat, openStream, pause, type MemoryChat } from "./test-support/liveTestSupport.js";
import { createRoomHub, type RoomHub } from "./hub/roomHub.js";
import { createRoomTest, type RoomTest } from "./test-support/testRoom.js";

/**
 * Two server instances on one throwaway PostgreSQL (LISTEN/NOTIFY between them): an attendee on A
 * receives what is published on B, a ban on B closes A's channel, a resume on B after A's last
 * message sends nothing twice, and the console on B lists the attendee present on A.
 */

const T0 = Date.parse("2026-06-01T17:00:00.000Z");

describe.skipIf(!process.env.DATABASE_URL)("two instances on one PostgreSQL", () => {
  let t: RoomTest;
  let chat: MemoryChat;
  let a: string;
  let b: string;
  let hubB: RoomHub;
  let busB: PostgresRoomBus;
  let serverB: ServerType;
  let accountId: string;
  let eventId: string;
  let ann: string;

  beforeAll(async () => {
    chat = memoryChat();
    // Instance A: the room test's app (its hub on the database's bus); instance B: another app on the same database.
    t = await createRoomTest(new Date(T0 + 60_000).toISOString(), { chat, presenceMs: 100, flushMs: 200 });
    busB = createPostgresRoomBus({ connectionString: t.db.connectionString ?? "", orm: t.db.orm });
    hubB = createRoomHub({ orm: t.db.orm, now: t.now, bus: busB, chat, presenceMs: 100, flushMs: 200, tickMs: 50 });
    const appB = createApp({ db: t.db, config: defaultConfig({ now: t.now, publicURL: "https://cuepoint.test" }), room: hubB });
    serverB = serve({ fetch: appB.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    b = `http://127.0.0.1:${(serverB.address() as AddressInfo).port}`;
    a = await t.listen();
    accountId = await t.account();
    const timeline = await t.timeline(accountId, { scheduleLength: 0.5, hls: { audienceCount: "real" } });
    eventId = await t.event(timeline, new Date(T0).toISOString());
    ann = await t.registrant(timeline, eventId, { name: "Ann", email: "ann@example.com" });
    await busB.ready();
  });
  afterAll(async () => {
    await hubB.stop();
    await busB.stop();
    await new Promise((resolve) => serverB.close(resolve));
    await t.close();
  });

  it("an attendee on A receives the host's reply and a CTA published on B; resuming on B sends nothing twice; a ban on B closes A's channel", async () => {
    const onA = await openStream(`${a}/api/public/room/${ann}/channel`);
    await onA.waitFor("hello");
    await pause(200); // A's LISTEN connection opens with its first channel
    const reply = chat.add({ accountId, eventId, from: "host", toRegistrantId: ann, body: "Hi Ann" });
    await busB.publish({ type: "chat", eventId, message: reply });
    const got = await onA.waitFor("chat", (m: { id: string }) => m.id === reply.id);
    expect(got).toMatchObject({ id: String(reply.seq), data: { body: "Hi Ann", mine: false } });
    const item = { id: `push-${crypto.randomUUID()}`, action: "cta", offsetSeconds: 60, cta: { headline: "Now", subheadline: "", buttonText: "Buy", url: "https://shop.example.com" } };
    await busB.publish({ type: "item", eventId, item: item as never });
    await onA.waitFor("item", (i: { id: string }) => i.id === item.id);

    // The browser moves to B, resuming after the last message it had: nothing again.
    const onB = await openStream(`${b}/api/public/room/${ann}/channel`, { "last-event-id": got.id ?? "" });
    await onB.waitFor("hello");
    await pause(200);
    expect(onB.named("chat")).toEqual([]);
    onB.close();

    // The console on B sees Ann, present on A (written by A, read by B).
    const onBPresence = await hubB.presence({ accountId, eventId });
    await expect.poll(async () => (await hubB.presence({ accountId, eventId })).present.map((p) => p.name), { timeout: 5000 }).toContain("Ann");
    expect(onBPresence.simulated === null || typeof onBPresence.simulated === "number").toBe(true);

    await busB.publish({ type: "ban", eventId, registrantId: ann });
    await onA.ended;
    expect(onA.events.at(-1)).toMatchObject({ event: "bye", data: { reason: "banned" } });
    expect(onA.named("chat").filter((e) => (e.data as { id: string }).id === reply.id)).toHaveLength(1);
  });
});
