import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionDeliveries, attendance, events, registrants, scheduledActions, timelines, usageEvents } from "../../db/schema/index.js";
import { executeAction } from "../actions/index.js";
import { actionContext, makeJob } from "../../integrations/test-support/jobs.js";
import { PermanentActionError } from "../../integrations/actions/types.js";
import { scheduleRegistrants } from "../schedule.js";
import { createEngineTestApp, readyMail, type EngineTestApp } from "../test-support/testSupport.js";
import type { NodeInput } from "../../test-support/timelineFixtures.js";
import { insertRegistrants, insertTimeline } from "../../webinars/attendanceData.js";
import { occurrences } from "../../webinars/recurrence.js";
import { storeSchedule } from "../../webinars/schedule.js";
import { encoreIdOf, encoreStart, isEncoreId } from "./index.js";

/**
 * The live-event kinds' engine actions end to end: the public form's registration schedules them
 * as jobs, the engine carries them out when due through `executeAction`, and the database shows
 * the effect — a move to the encore session, a registration in another timeline, a removal from
 * every timeline of the account — while another account's rows with the same address stay as
 * they were.
 */

let t: EngineTestApp;
let eventId: string;
let followUp: { id: string; eventId: string };
let stranger: { accountId: string; registrantId: string };

const MINUTE = 60_000;
/** The executors' context on the engine test's clock. */
const ctx = () => ({ ...actionContext(t), now: () => t.now() });
// Sunday 2026-05-10 10:00 in Los Angeles.
const EVENT_START = Date.parse("2026-05-10T17:00:00.000Z");
const at = (minutesAfterStart: number) => new Date(EVENT_START + minutesAfterStart * MINUTE);

const live = (id: string, action: string, minutes: number, groupID: string, model: Record<string, unknown> = {}): NodeInput => ({
  id,
  action,
  integrationType: "AEVENT",
  groupID,
  days: 0,
  hours: 0,
  minutes,
  isAfter: 1,
  model,
});

/** A timeline of `accountId` with one event at `startLocal` (Los Angeles) and `blocks`. */
async function timelineWithEvent(accountId: string, name: string, startLocal: string, blocks: Record<string, NodeInput[]> = {}) {
  const row = await insertTimeline(t.db.orm, accountId, { name, timeZone: "America/Los_Angeles" });
  await t.db.orm.update(timelines).set({ blocks: blocks as never }).where(eq(timelines.id, row.id));
  const { rows } = await storeSchedule(t.db.orm, {
    accountId,
    timelineId: row.id,
    name,
    timeZone: "America/Los_Angeles",
    startLocal,
    starts: occurrences(startLocal, "America/Los_Angeles", undefined, new Date(0)),
    now: t.now(),
  });
  return { id: row.id, eventId: rows[0]?.id ?? "" };
}

const registrantsOf = (email: string) =>
  t.db.orm
    .select()
    .from(registrants)
    .where(sql`lower(${registrants.email}) = ${email}`)
    .orderBy(asc(registrants.createdAt));

const jobsOf = async (registrantId: string, event: string) => {
  const rows = await t.db.orm
    .select()
    .from(scheduledActions)
    .where(and(eq(scheduledActions.registrantId, registrantId), eq(scheduledActions.eventId, event)));
  return Object.fromEntries(rows.map((j) => [j.nodeKey, { status: j.status, detail: j.detail, at: j.dueAt.toISOString() }]));
};

const logOf = async (registrantId: string, nodeKey: string) =>
  t.db.orm
    .select({ outcome: actionDeliveries.outcome, detail: actionDeliveries.detail, eventId: actionDeliveries.eventId })
    .from(actionDeliveries)
    .where(and(eq(actionDeliveries.registrantId, registrantId), eq(actionDeliveries.nodeKey, nodeKey)));

beforeAll(async () => {
  t = await createEngineTestApp("2026-05-01T12:00:00Z", { execute: executeAction });
  eventId = await t.addEvent("2026-05-10T10:00");
  const strangerUser = await t.user();
  // The other account: the same addresses registered in its own timeline, with a job waiting.
  const other = await timelineWithEvent(strangerUser.accountId, "Their webinar", "2026-05-12T10:00", {
    "1": [readyMail(1, 1, { id: "their-mail" })],
  });
  const [theirs] = await insertRegistrants(t.db.orm, { accountId: strangerUser.accountId, timelineId: other.id, id: other.eventId }, [
    { email: "bob@example.com", name: "Bob (theirs)" },
    { email: "ann@example.com", name: "Ann (theirs)" },
  ]);
  await t.db.orm.transaction((tx) => scheduleRegistrants(tx, [theirs?.uuid ?? ""], t.now()));
  stranger = { accountId: strangerUser.accountId, registrantId: theirs?.uuid ?? "" };
  // The timeline addEvent registers into, with an action of its own.
  followUp = await timelineWithEvent(t.accountId, "Follow-up", "2026-05-20T10:00", { "-1": [readyMail(1, -1, { id: "follow-up-reminder" })] });
  await t.setBlocks({
    "0": [
      live("encore", "encore", 30, "a2"),
      live("add", "addEvent", 40, "a1", { timelineID: followUp.id }),
      live("wipe", "deleteSystemWide", 50, "3"),
    ],
    "1": [readyMail(1, 1, { id: "thanks" })],
  });
});
afterAll(() => t.stop());

describe("encore, addEvent and deleteSystemWide are jobs of each registrant", () => {
  let ann: string;
  let bob: string;
  let carol: string;

  it("a registration schedules them at their instants in the live window (not in the room's live script)", async () => {
    ann = await t.register("ann@example.com");
    bob = await t.register("bob@example.com");
    carol = await t.register("carol@example.com");
    expect(await jobsOf(ann, eventId)).toMatchObject({
      encore: { status: "pending", at: at(30).toISOString() },
      add: { status: "pending", at: at(40).toISOString() },
      wipe: { status: "pending", at: at(50).toISOString() },
      thanks: { status: "pending" },
    });
    const { success } = await t.owner.automation.liveScript({ webinarID: eventId });
    expect(JSON.stringify(success)).not.toMatch(/encore|addEvent|deleteSystemWide/);
    // Bob attends; Ann and Carol do not.
    await t.db.orm.insert(attendance).values({ accountId: t.accountId, eventId, registrantId: bob, attendedSeconds: 900 });
  });

  it("encore moves each non-attendee to one encore session the next day, their waiting jobs with them", async () => {
    t.setNow(at(31));
    await t.engine.drain();
    const encoreId = encoreIdOf(eventId);
    const [session] = await t.db.orm.select().from(events).where(eq(events.id, encoreId));
    expect(session).toMatchObject({
      accountId: t.accountId,
      timelineId: t.timeline.id,
      startsAt: new Date("2026-05-11T17:00:00.000Z"),
      timeZone: "America/Los_Angeles",
      visible: false,
      name: "Launch (encore)",
    });
    for (const person of [ann, carol]) {
      const [row] = await t.db.orm.select().from(registrants).where(eq(registrants.uuid, person));
      expect(row?.eventId).toBe(encoreId);
      const old = await jobsOf(person, eventId);
      expect(old.encore).toMatchObject({ status: "sent", detail: "Moved to the encore session of 2026-05-11 10:00 (America/Los_Angeles)." });
      for (const key of ["add", "wipe", "thanks"]) {
        expect(old[key]).toMatchObject({ status: "canceled", detail: "Canceled: moved to the encore session of 2026-05-11 10:00 (America/Los_Angeles)." });
      }
      // The encore session's jobs, as a registration gets them, at the encore's times.
      expect(await jobsOf(person, encoreId)).toMatchObject({
        encore: { status: "pending", at: "2026-05-11T17:30:00.000Z" },
        add: { status: "pending", at: "2026-05-11T17:40:00.000Z" },
        wipe: { status: "pending", at: "2026-05-11T17:50:00.000Z" },
        thanks: { status: "pending" },
      });
      expect(await logOf(person, "encore")).toEqual([
        { outcome: "sent", detail: "Moved to the encore session of 2026-05-11 10:00 (America/Los_Angeles).", eventId },
      ]);
    }
    expect((await jobsOf(bob, eventId)).encore).toMatchObject({ status: "skipped" });
    expect(await t.db.orm.select({ id: events.id }).from(events).where(eq(events.timelineId, t.timeline.id))).toHaveLength(2);
  });

  it("carried out again (a retry after a crash) it does not move anyone twice", async () => {
    const job = makeJob({ accountId: t.accountId, integrationType: "AEVENT", action: "encore", registrant: { id: ann, email: "ann@example.com" }, event: { id: eventId } });
    const again = await executeAction(ctx(), { ...job, idempotencyKey: `encore:${ann}:${eventId}` });
    expect(again).toEqual({ status: "sent", detail: "Already moved to the encore session of 2026-05-11 10:00 (America/Los_Angeles)." });
    expect(await t.db.orm.select({ id: events.id }).from(events).where(eq(events.timelineId, t.timeline.id))).toHaveLength(2);
    expect(Object.keys(await jobsOf(ann, encoreIdOf(eventId))).sort()).toEqual(["add", "encore", "thanks", "wipe"]);
  });

  it("addEvent registers an attendee for the next open session of the chosen timeline, with its jobs", async () => {
    t.setNow(at(41));
    await t.engine.drain();
    const copies = await registrantsOf("bob@example.com");
    const added = copies.find((row) => row.accountId === t.accountId && row.timelineId === followUp.id);
    expect(added).toMatchObject({ eventId: followUp.eventId, name: "bob", email: "bob@example.com" });
    expect(await jobsOf(added?.uuid ?? "", followUp.eventId)).toMatchObject({
      "follow-up-reminder": { status: "pending", at: "2026-05-19T16:00:00.000Z" },
    });
    expect(await logOf(bob, "add")).toEqual([
      { outcome: "sent", detail: 'Registered for "Follow-up" on 2026-05-20 10:00 (America/Los_Angeles).', eventId },
    ]);
    // Carried out again it adds nothing.
    const job = makeJob({
      accountId: t.accountId,
      integrationType: "AEVENT",
      action: "addEvent",
      model: { timelineID: followUp.id },
      registrant: { id: bob, email: "bob@example.com" },
      event: { id: eventId },
    });
    expect(await executeAction(ctx(), job)).toEqual({
      status: "sent",
      detail: 'Already registered for "Follow-up" on 2026-05-20 10:00 (America/Los_Angeles).',
    });
    expect((await registrantsOf("bob@example.com")).filter((row) => row.timelineId === followUp.id)).toHaveLength(1);
  });

  it("deleteSystemWide removes the person from every timeline of the account, and only of this account", async () => {
    t.setNow(at(51));
    const usageBefore = await t.db.orm.select().from(usageEvents).where(eq(usageEvents.accountId, t.accountId));
    await t.engine.drain();
    const left = await registrantsOf("bob@example.com");
    expect(left.map((row) => row.accountId)).toEqual([stranger.accountId]);
    expect(await jobsOf(stranger.registrantId, left[0]?.eventId ?? "")).toMatchObject({ "their-mail": { status: "pending" } });
    // The job went with the registration; the action counted as carried out.
    expect(await t.db.orm.select().from(scheduledActions).where(eq(scheduledActions.registrantId, bob))).toEqual([]);
    const usage = await t.db.orm.select().from(usageEvents).where(eq(usageEvents.accountId, t.accountId));
    expect(usage.length - usageBefore.length).toBe(1);
    // Ann (moved to the encore) is untouched by the first event's removal: that job was canceled.
    expect((await registrantsOf("ann@example.com")).map((row) => row.accountId).sort()).toEqual([stranger.accountId, t.accountId].sort());
  });

  it("in the encore session: an encore is not replayed again, and the removal reaches the moved registrant", async () => {
    t.setNow("2026-05-11T17:31:00.000Z");
    await t.engine.drain();
    const encoreId = encoreIdOf(eventId);
    expect((await jobsOf(ann, encoreId)).encore).toMatchObject({
      status: "skipped",
      detail: "this session is an encore already; an encore is not replayed again",
    });
    t.setNow("2026-05-11T17:51:00.000Z");
    await t.engine.drain();
    expect((await registrantsOf("ann@example.com")).map((row) => row.name)).toEqual(["Ann (theirs)"]);
    expect((await registrantsOf("carol@example.com")).length).toBe(0);
  });
});

describe("refusals in the host's words", () => {
  const job = (model: Record<string, unknown>) =>
    makeJob({ accountId: t.accountId, integrationType: "AEVENT", action: "addEvent", model, registrant: { id: "00000000-0000-4000-8000-000000000001" } });

  it("addEvent without a timeline is refused as not ready", async () => {
    await expect(executeAction(ctx(), job({}))).rejects.toThrow(/timelineID/);
  });

  it("addEvent into another account's timeline is refused, and nothing is written there", async () => {
    const [theirs] = await t.db.orm.select().from(timelines).where(eq(timelines.accountId, stranger.accountId));
    const error = await executeAction(ctx(), job({ timelineID: theirs?.id })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentActionError);
    expect((error as Error).message).toBe(
      "Cuepoint Events: the timeline to register for (timelineID) is not one of this account's timelines, or it is in the trash.",
    );
    expect(await t.db.orm.select().from(registrants).where(eq(registrants.timelineId, theirs?.id ?? ""))).toHaveLength(2);
  });

  it("addEvent with something that is not a timeline id is refused", async () => {
    await expect(executeAction(ctx(), job({ timelineID: "next week" }))).rejects.toThrow(
      'Cuepoint Events: "next week" is not a timeline id (timelineID); pick the timeline again.',
    );
  });
});

describe("the encore session's time and id", () => {
  it("keeps the event's wall-clock time across a daylight-saving change", () => {
    // Saturday 2026-03-07 10:00 PST → Sunday 2026-03-08 10:00 PDT (23 hours later).
    const start = new Date("2026-03-07T18:00:00.000Z");
    expect(encoreStart({ startsAt: start, timeZone: "America/Los_Angeles" }, start)).toEqual(new Date("2026-03-08T17:00:00.000Z"));
  });

  it("moves on to the first later day still ahead", () => {
    const start = new Date("2026-03-01T18:00:00.000Z");
    expect(encoreStart({ startsAt: start, timeZone: "UTC" }, new Date("2026-03-04T19:00:00.000Z"))).toEqual(new Date("2026-03-05T18:00:00.000Z"));
  });

  it("is one id per event, marked as an encore; database ids are not", () => {
    const id = encoreIdOf("2b4c3c34-2f1f-4c39-9d0e-0a7b7f1c2d3e");
    expect(id).toBe(encoreIdOf("2b4c3c34-2f1f-4c39-9d0e-0a7b7f1c2d3e"));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(isEncoreId(id)).toBe(true);
    expect(isEncoreId(crypto.randomUUID())).toBe(false);
  });
});
