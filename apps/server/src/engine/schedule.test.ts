import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionDeliveries, events, registrants, scheduledActions, timelines } from "../db/schema/index.js";
import { pumpDue } from "./queue.js";
import { rescheduleEvent, rescheduleTimeline } from "./reschedule.js";
import { scheduleRegistrants } from "./schedule.js";
import { createEngineTestApp, readyMail, readyNode, type EngineTestApp } from "./test-support/testSupport.js";

/** Rescheduling, cancelling and catch-up, against the real routes and a peer on 127.0.0.1. */

let t: EngineTestApp;
let eventId: string;

beforeAll(async () => {
  t = await createEngineTestApp("2026-05-01T12:00:00Z");
  // Event: 2026-05-10 10:00 in Los Angeles (17:00 UTC).
  eventId = await t.addEvent("2026-05-10T10:00");
});
afterAll(() => t.stop());

const jobsOf = (registrantId: string) => t.jobsOf(registrantId);

describe("rescheduling when the timeline changes", () => {
  let ann: string;

  beforeAll(async () => {
    t.setNow("2026-05-01T12:00:00Z");
    await t.setBlocks({ "-1": [readyMail(1, -1, { id: "a" })], "-2": [readyMail(2, -1, { id: "b" })] });
    ann = await t.register("ann@example.com");
  });

  it("moves a waiting job to the action's new time, once", async () => {
    await t.setBlocks({ "-1": [readyMail(1, -1, { id: "a", hours: 11 })], "-2": [readyMail(2, -1, { id: "b" })] });
    const jobs = await jobsOf(ann);
    expect(jobs.a).toMatchObject({ at: "2026-05-09T18:00:00.000Z", status: "pending" });
    expect(jobs.b).toMatchObject({ at: "2026-05-08T16:00:00.000Z", status: "pending" });
    expect(Object.keys(jobs)).toHaveLength(2);
  });

  it("takes back a queued job: it runs at the new time only", async () => {
    t.setNow("2026-05-08T16:00:00Z"); // "b" is due
    expect(await pumpDue(t.db, t.now(), 100, 60)).toBe(1); // its pg-boss job waits
    await t.setBlocks({ "-1": [readyMail(1, -1, { id: "a", hours: 11 })], "-2": [readyMail(2, -1, { id: "b", hours: 10 })] });
    expect((await jobsOf(ann)).b).toMatchObject({ status: "pending", at: "2026-05-08T17:00:00.000Z" });
    await t.engine.drain(); // the stale job is dropped
    expect(t.peer.log).toEqual([]);
    t.setNow("2026-05-08T17:00:00Z");
    await t.engine.drain();
    expect(t.peer.log).toEqual([`b:${ann}:${eventId}`]);
    t.setNow("2026-05-01T12:00:00Z");
  });

  it("cancels the jobs of a removed action and adds jobs for a new one", async () => {
    const bob = await t.register("bob@example.com");
    await t.setBlocks({ "-1": [readyMail(1, -1, { id: "a", hours: 11 })], "-3": [readyMail(3, -1, { id: "c" })] });
    const jobs = await jobsOf(bob);
    expect(jobs.b).toMatchObject({ status: "canceled", detail: expect.stringContaining("removed from the timeline") });
    expect(jobs.c).toMatchObject({ status: "pending", at: "2026-05-07T16:00:00.000Z" });
    expect(Object.keys(jobs).sort()).toEqual(["a", "b", "c"]);
  });

  it("puts a canceled job back when its action returns", async () => {
    const cid = await t.register("cid@example.com");
    await t.setBlocks({ "-1": [readyMail(1, -1, { id: "a", hours: 11 })] });
    expect((await jobsOf(cid)).c?.status).toBe("canceled");
    await t.setBlocks({ "-1": [readyMail(1, -1, { id: "a", hours: 11 })], "-3": [readyMail(3, -1, { id: "c" })] });
    expect((await jobsOf(cid)).c).toMatchObject({ status: "pending", at: "2026-05-07T16:00:00.000Z" });
  });

  it("follows the event when its start moves", async () => {
    const dan = await t.register("dan@example.com");
    await t.db.orm.transaction(async (tx) => {
      await tx.update(events).set({ startsAt: new Date("2026-05-12T17:00:00Z") }).where(eq(events.id, eventId));
      await rescheduleEvent(tx, eventId, t.now());
    });
    expect((await jobsOf(dan)).a?.at).toBe("2026-05-11T18:00:00.000Z");
    await t.db.orm.transaction(async (tx) => {
      await tx.update(events).set({ startsAt: new Date("2026-05-10T17:00:00Z") }).where(eq(events.id, eventId));
      await rescheduleEvent(tx, eventId, t.now());
    });
    expect((await jobsOf(dan)).a?.at).toBe("2026-05-09T18:00:00.000Z");
  });

  it("trashing the timeline cancels what waits; restoring it brings back what is still ahead", async () => {
    const eve = await t.register("eve@example.com");
    const setStatus = (status: "active" | "trash") =>
      t.db.orm.transaction(async (tx) => {
        const [row] = await tx.update(timelines).set({ status }).where(eq(timelines.id, t.timeline.id)).returning();
        if (row) await rescheduleTimeline(tx, row, t.now());
      });
    await setStatus("trash");
    expect((await jobsOf(eve)).a?.status).toBe("canceled");
    await setStatus("active");
    expect((await jobsOf(eve)).a).toMatchObject({ status: "pending", at: "2026-05-09T18:00:00.000Z" });
  });

  it("a banned registrant gets nothing more; lifting the ban puts back what is ahead", async () => {
    const fay = await t.register("fay@example.com");
    await t.owner.leads.ban({ uuid: fay });
    expect(Object.values(await jobsOf(fay)).map((j) => j.status)).toEqual(["canceled", "canceled"]);
    await t.owner.leads.ban({ uuid: fay, banned: false });
    expect(Object.values(await jobsOf(fay)).map((j) => j.status)).toEqual(["pending", "pending"]);
  });

  it("a deleted registrant's jobs go with them", async () => {
    const gus = await t.register("gus@example.com");
    await t.owner.leads.delete(gus);
    expect(await jobsOf(gus)).toEqual({});
  });
});

describe("late registrants: the catch-up policy", () => {
  let late: string;

  it("by default sends the latest missed action at once and skips the rest", async () => {
    await t.setBlocks({
      "-3": [readyMail(3, -1, { id: "three-days" })],
      "-1": [readyMail(1, -1, { id: "one-day-early", hours: 8 }), readyMail(1, -1, { id: "one-day" })],
      "0": [readyNode({ id: "hour", days: 0, hours: 1, minutes: 0, isAfter: -1 })],
    });
    t.setNow("2026-05-09T20:00:00Z"); // after the day-before reminder, before the hour-before one
    late = await t.register("late@example.com");
    const jobs = await jobsOf(late);
    expect(jobs["three-days"]).toMatchObject({ status: "skipped", detail: expect.stringContaining("more than 1440 minutes") });
    expect(jobs["one-day-early"]).toMatchObject({ status: "skipped", detail: expect.stringContaining("only the latest missed action") });
    expect(jobs["one-day"]).toMatchObject({ status: "pending", at: "2026-05-09T20:00:00.000Z" });
    expect(jobs.hour).toMatchObject({ status: "pending", at: "2026-05-10T16:00:00.000Z" });
    t.peer.log.length = 0;
    await t.engine.drain();
    // (The earlier registrants' new actions fell due too; this one got only the latest missed one.)
    expect(t.peer.log.filter((key) => key.includes(late))).toEqual([`one-day:${late}:${eventId}`]);
  });

  it("skip: nothing missed is sent", async () => {
    await t.owner.request("PUT", "/automation/settings", {
      webinarTimeline: t.timeline.id,
      catchUp: { mode: "skip", windowMinutes: 60 },
    });
    const skipper = await t.register("skipper@example.com");
    const jobs = await jobsOf(skipper);
    expect(jobs["one-day"]).toMatchObject({ status: "skipped", detail: expect.stringContaining("catch-up policy: skip") });
    expect(jobs.hour?.status).toBe("pending");
  });

  it("all within a window: missed actions inside it run now, older ones are skipped", async () => {
    await t.owner.request("PUT", "/automation/settings", {
      webinarTimeline: t.timeline.id,
      catchUp: { mode: "all", windowMinutes: 24 * 60 },
    });
    const all = await t.register("all@example.com");
    const jobs = await jobsOf(all);
    expect(jobs["one-day"]?.status).toBe("pending");
    expect(jobs["three-days"]).toMatchObject({ status: "skipped", detail: expect.stringContaining("more than 1440 minutes") });
  });

  it("many registrants at once get the same jobs, across statements; scheduling them again adds nothing", async () => {
    const all = await jobsOf(await t.register("single@example.com"));
    // 1,300 registrants × 4 jobs: more than one INSERT's worth of rows.
    const people = Array.from({ length: 1300 }, (_, i) => ({
      accountId: t.accountId,
      timelineId: t.timeline.id,
      eventId,
      email: `bulk${i}@example.com`,
      name: `Bulk ${i}`,
    }));
    const ids = (await t.db.orm.insert(registrants).values(people).returning({ id: registrants.uuid })).map((r) => r.id);
    const schedule = (list: string[]) => t.db.orm.transaction((tx) => scheduleRegistrants(tx, list, t.now()));
    const tally = async () => {
      const byStatus = await t.db.orm
        .select({ status: scheduledActions.status, n: count() })
        .from(scheduledActions)
        .where(inArray(scheduledActions.registrantId, ids))
        .groupBy(scheduledActions.status);
      const [logged] = await t.db.orm
        .select({ n: count() })
        .from(actionDeliveries)
        .where(and(inArray(actionDeliveries.registrantId, ids), eq(actionDeliveries.outcome, "skipped")));
      return { ...Object.fromEntries(byStatus.map((row) => [row.status, row.n])), logged: logged?.n };
    };

    expect(await schedule(ids)).toBe(1300 * 4);
    expect(await tally()).toEqual({ pending: 3900, skipped: 1300, logged: 1300 });
    for (const id of [ids[0], ids[1299]]) expect(await jobsOf(id ?? "")).toEqual(all);
    await schedule([...ids.slice(0, 10), ...ids.slice(0, 10), ...ids.slice(-5)]);
    expect(await tally()).toEqual({ pending: 3900, skipped: 1300, logged: 1300 });
  });
});
