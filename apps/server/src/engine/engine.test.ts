import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionDeliveries, attendance, scheduledActions, usageEvents } from "../db/schema/index.js";
import { createEngineTestApp, readyMail, readyNode, type EngineTestApp } from "./test-support/testSupport.js";

/**
 * The core path against a real HTTP peer on 127.0.0.1: registration → scheduled actions → pg-boss
 * → executor → delivery log and usage, on a clock the test moves.
 */

let t: EngineTestApp;
let eventId: string;
const HOUR = 3_600_000;

// Event: Sunday 2026-05-10 10:00 in Los Angeles (17:00 UTC).
const EVENT_START = "2026-05-10T17:00:00.000Z";

beforeAll(async () => {
  t = await createEngineTestApp("2026-05-01T12:00:00Z");
  eventId = await t.addEvent("2026-05-10T10:00");
  await t.setBlocks({
    "-1": [readyMail(1, -1, { id: "day-before" })],
    "0": [readyNode({ id: "hour-before", days: 0, hours: 1, minutes: 0, isAfter: -1 })],
    "1": [
      readyMail(1, 1, { id: "thanks-attendees", groupID: "a1" }),
      readyMail(1, 1, { id: "replay-non-attendees", groupID: "a2", hours: 10 }),
    ],
  });
});
afterAll(() => t.stop());

const jobsOf = (registrantId: string) =>
  t.db.orm.select().from(scheduledActions).where(eq(scheduledActions.registrantId, registrantId)).orderBy(asc(scheduledActions.plannedAt));

describe("registration schedules every action of the timeline", () => {
  let ann: string;

  it("gives each action its instant from the timeline math", async () => {
    ann = await t.register("ann@example.com");
    const jobs = await jobsOf(ann);
    expect(jobs.map((j) => [j.nodeKey, j.plannedAt.toISOString(), j.status])).toEqual([
      ["day-before", "2026-05-09T16:00:00.000Z", "pending"], // 09:00 PDT the day before
      ["hour-before", new Date(Date.parse(EVENT_START) - HOUR).toISOString(), "pending"],
      ["thanks-attendees", "2026-05-11T16:00:00.000Z", "pending"],
      ["replay-non-attendees", "2026-05-11T17:00:00.000Z", "pending"],
    ]);
    expect(jobs.every((j) => j.eventId === eventId)).toBe(true);
  });

  it("registering again schedules nothing twice", async () => {
    await t.register("ANN@example.com");
    expect(await jobsOf(ann)).toHaveLength(4);
  });

  it("runs nothing before it is due", async () => {
    await t.engine.drain();
    expect(t.peer.log).toEqual([]);
  });

  it("carries out an action once it is due, with its idempotency key, and logs it", async () => {
    t.setNow("2026-05-09T16:00:30Z");
    await t.engine.drain();
    expect(t.peer.log).toEqual([`day-before:${ann}:${eventId}`]);
    const [first] = await jobsOf(ann);
    expect(first?.status).toBe("sent");
    const log = await t.db.orm.select().from(actionDeliveries).where(eq(actionDeliveries.registrantId, ann));
    expect(log.map((l) => [l.nodeKey, l.outcome, l.detail, l.attempt])).toEqual([["day-before", "sent", "HTTP 200", 1]]);
    const usage = await t.db.orm.select().from(usageEvents).where(eq(usageEvents.accountId, t.accountId));
    expect(usage.map((u) => [u.type, u.quantity])).toEqual([["actions", 1]]);
  });

  it("evaluates audience groups when the action fires", async () => {
    await t.db.orm.insert(attendance).values({ accountId: t.accountId, eventId, registrantId: ann, attendedSeconds: 1800 });
    t.setNow("2026-05-11T18:00:00Z");
    await t.engine.drain();
    const jobs = await jobsOf(ann);
    expect(Object.fromEntries(jobs.map((j) => [j.nodeKey, j.status]))).toEqual({
      "day-before": "sent",
      "hour-before": "sent",
      "thanks-attendees": "sent",
      "replay-non-attendees": "skipped",
    });
    expect(jobs.find((j) => j.nodeKey === "replay-non-attendees")?.detail).toBe(
      "Skipped: Not in the audience Non-Attendee (attendedHour 0.5).",
    );
    // Each delivered exactly once.
    expect([...t.peer.received.values()]).toEqual([1, 1, 1]);
  });

  it("a non-attendee gets the non-attendee action instead", async () => {
    t.setNow("2026-05-01T12:00:00Z");
    const bob = await t.register("bob@example.com");
    t.setNow("2026-05-11T18:00:00Z");
    await t.engine.drain();
    const jobs = await jobsOf(bob);
    expect(jobs.filter((j) => j.status === "sent").map((j) => j.nodeKey)).toEqual(["day-before", "hour-before", "replay-non-attendees"]);
    const skipped = await t.db.orm
      .select()
      .from(actionDeliveries)
      .where(and(eq(actionDeliveries.registrantId, bob), eq(actionDeliveries.outcome, "skipped")));
    expect(skipped.map((s) => s.nodeKey)).toEqual(["thanks-attendees"]);
  });
});
