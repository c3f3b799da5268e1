import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/types.js";
import { openTestDatabase } from "../../test-support/testDatabase.js";
import { createRoomBus } from "./createRoomBus.js";
import { createPostgresRoomBus, type PostgresRoomBus } from "./postgresBus.js";
import { createLocalRoomBus, type RoomSignal } from "./roomBus.js";

const EVENT = "2b0c4a4e-1f4b-4a8e-9a53-3c1f1b2a7d10";
const OTHER = "7f1d7e42-94d8-4f3c-8d39-0a2b6f5c9e21";
const ban = (registrantId: string, eventId = EVENT): RoomSignal => ({ type: "ban", eventId, registrantId });

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("the in-process bus", () => {
  it("delivers an event's signals to its subscribers only, at once; unsubscribing stops them", async () => {
    const bus = createLocalRoomBus();
    const got: string[] = [];
    const off = bus.subscribe(EVENT, (signal) => got.push(`a:${signal.type}`));
    bus.subscribe(EVENT, () => {
      throw new Error("a broken listener");
    });
    bus.subscribe(OTHER, (signal) => got.push(`other:${signal.type}`));
    await bus.publish(ban("r1"));
    expect(got).toEqual(["a:ban"]);
    off();
    await bus.publish(ban("r2"));
    expect(got).toEqual(["a:ban"]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)("the PostgreSQL bus (LISTEN/NOTIFY)", () => {
  let db: Database;
  const buses: PostgresRoomBus[] = [];
  const bus = () => {
    const made = createPostgresRoomBus({ connectionString: db.connectionString ?? "", orm: db.orm, retryMs: 50 });
    buses.push(made);
    return made;
  };
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(buses.map((made) => made.stop()));
    await db.close();
  });

  it("is what createRoomBus makes on PostgreSQL", async () => {
    const made = createRoomBus(db);
    expect("ready" in made).toBe(true);
    await made.stop();
  });

  it("a signal published on one instance reaches the other once, and its own listeners once (not twice)", async () => {
    const a = bus();
    const b = bus();
    await Promise.all([a.ready(), b.ready()]);
    const onA: RoomSignal[] = [];
    const onB: RoomSignal[] = [];
    a.subscribe(EVENT, (signal) => onA.push(signal));
    b.subscribe(EVENT, (signal) => onB.push(signal));
    await b.publish(ban("r1"));
    expect(onB).toEqual([ban("r1")]); // in-process, before publish resolves
    await until(() => onA.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onA).toEqual([ban("r1")]);
    expect(onB).toEqual([ban("r1")]);
  });

  it("a signal larger than NOTIFY's 8000 bytes arrives whole; signals of one turn share a statement, in order", async () => {
    const a = bus();
    const b = bus();
    await Promise.all([a.ready(), b.ready()]);
    const got: RoomSignal[] = [];
    a.subscribe(EVENT, (signal) => got.push(signal));
    const big: RoomSignal = {
      type: "item",
      eventId: EVENT,
      item: { id: "push-1", action: "cta", offsetSeconds: 10, cta: { headline: "Ü😀".repeat(6000), subheadline: "", buttonText: "Buy", url: "https://shop.example.com" } },
    } as unknown as RoomSignal;
    await Promise.all([b.publish(ban("r1")), b.publish(big), b.publish(ban("r2")), b.publish(ban("r3", OTHER))]);
    await until(() => got.length === 3);
    expect(got).toEqual([ban("r1"), big, ban("r2")]);
  });

  it("reopens a lost LISTEN connection", async () => {
    const a = bus();
    const b = bus();
    await Promise.all([a.ready(), b.ready()]);
    const got: RoomSignal[] = [];
    a.subscribe(EVENT, (signal) => got.push(signal));
    // Every bus connection of this database is cut (the server restarting, a proxy dropping it).
    await db.orm.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'cuepoint-room-bus' and datname = current_database()`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await Promise.all([a.ready(), b.ready()]);
    await b.publish(ban("after"));
    await until(() => got.length === 1);
    expect(got).toEqual([ban("after")]);
  });
});
