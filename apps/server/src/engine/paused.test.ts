import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventLiveScripts, registrants, timelines } from "../db/schema/index.js";
import { pumpDue } from "./queue.js";
import { REASONS } from "./reasons.js";
import { createEngineTestApp, readyMail, type EngineTestApp } from "./test-support/testSupport.js";

/** A paused timeline (`general.enabled` false, "Timeline runs its actions" off) runs nothing. */

let t: EngineTestApp;
let eventId: string;

const setEnabled = (value: boolean) =>
  t.owner.timelines.setItem({ webinarTimeline: t.timeline.id, setting: "general", key: "enabled", value });

beforeAll(async () => {
  t = await createEngineTestApp("2026-05-01T12:00:00Z");
  // Event: 2026-05-10 10:00 in Los Angeles (17:00 UTC); "early" is on 2026-05-02, "late" on 2026-05-09.
  eventId = await t.addEvent("2026-05-10T10:00");
  await t.setBlocks({
    "-8": [readyMail(8, -1, { id: "early" })],
    "-1": [readyMail(1, -1, { id: "late" })],
    "0": [{ action: "livechat", key: "livechat", id: "chat", days: 0, hours: 0, minutes: 5, isAfter: 1, groupID: "3", model: { message: "Hi" } }],
  });
});
afterAll(() => t.stop());

describe("pausing a timeline", () => {
  it("cancels every waiting job, a queued one included, and empties the live script; nothing is carried out", async () => {
    const ann = await t.register("ann@example.com");
    expect((await t.jobsOf(ann)).early?.status).toBe("pending");
    t.setNow("2026-05-02T16:00:00Z"); // "early" is due
    expect(await pumpDue(t.db, t.now(), 100, 60)).toBe(1); // its pg-boss job waits
    await setEnabled(false);
    const jobs = await t.jobsOf(ann);
    expect(jobs.early).toMatchObject({ status: "canceled", detail: REASONS.paused });
    expect(jobs.late).toMatchObject({ status: "canceled", detail: REASONS.paused });
    const [script] = await t.db.orm.select().from(eventLiveScripts).where(eq(eventLiveScripts.eventId, eventId));
    expect(script?.items).toEqual([]);
    t.setNow("2026-05-09T17:00:00Z");
    await t.engine.drain();
    expect(t.peer.log).toEqual([]);
  });

  it("schedules nothing for a registration while paused, and the dry run says it is paused", async () => {
    t.setNow("2026-05-02T17:00:00Z");
    const bob = await t.register("bob@example.com");
    expect(await t.jobsOf(bob)).toEqual({});
    const { success } = await t.owner.automation.simulate({ webinarTimeline: t.timeline.id, webinarID: eventId, registeredAt: "2026-05-02T17:00:00Z" });
    expect(success.map((a) => [a.nodeKey, a.outcome, a.reason])).toEqual([
      ["early", "skipped", REASONS.pausedDryRun],
      ["late", "skipped", REASONS.pausedDryRun],
      ["chat", "skipped", REASONS.pausedDryRun],
    ]);
  });

  it("resuming brings back what is still ahead (for registrations made while paused too), not what passed", async () => {
    await setEnabled(true);
    const ann = await registrantId("ann@example.com");
    const bob = await registrantId("bob@example.com");
    expect((await t.jobsOf(ann)).early).toMatchObject({ status: "canceled", detail: REASONS.paused });
    expect((await t.jobsOf(ann)).late).toMatchObject({ status: "pending", at: "2026-05-09T16:00:00.000Z" });
    expect(Object.keys(await t.jobsOf(bob))).toEqual(["late"]);
    const [script] = await t.db.orm.select().from(eventLiveScripts).where(eq(eventLiveScripts.eventId, eventId));
    expect(script?.items.map((item) => item.nodeKey)).toEqual(["chat"]);
    t.setNow("2026-05-09T16:00:00Z");
    await t.engine.drain();
    expect(t.peer.log.sort()).toEqual([`late:${ann}:${eventId}`, `late:${bob}:${eventId}`].sort());
  });

  it("a job already queued when the pause lands is not carried out: the worker checks as it fires", async () => {
    t.setNow("2026-05-02T12:00:00Z");
    const cid = await t.register("cid@example.com");
    t.setNow("2026-05-09T16:00:00Z");
    expect(await pumpDue(t.db, t.now(), 100, 60)).toBe(2); // "early" and "late"
    // The pause as a concurrent save would leave it: committed after the job was queued, no reschedule yet.
    const [row] = await t.db.orm.select().from(timelines).where(eq(timelines.id, t.timeline.id));
    const setting = row?.setting ?? t.timeline.setting;
    await t.db.orm
      .update(timelines)
      .set({ setting: { ...setting, general: { ...setting.general, enabled: false } } })
      .where(eq(timelines.id, t.timeline.id));
    t.peer.log.length = 0;
    await t.engine.drain();
    expect(t.peer.log).toEqual([]);
    const jobs = await t.jobsOf(cid);
    for (const key of ["early", "late"]) expect(jobs[key]).toMatchObject({ status: "canceled", detail: REASONS.paused });
  });
});

async function registrantId(email: string): Promise<string> {
  const [row] = await t.db.orm.select({ id: registrants.uuid }).from(registrants).where(eq(registrants.email, email));
  return row?.id ?? "";
}
