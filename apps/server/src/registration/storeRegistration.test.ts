import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { events, rateLimits, registrants, timelines } from "../db/schema/index.js";
import { createEngineTestApp, readyMail, type EngineTestApp } from "../engine/test-support/testSupport.js";
import { statementsOf } from "../test-support/statementCount.js";

/**
 * The public registration as a mailing's crowd hits it: one statement per registration once the
 * form has been read, and a form that changed after that read is never registered against — the
 * write checks what it relied on, in its own statement.
 */

let t: EngineTestApp;
let ip = 0;

beforeAll(async () => {
  t = await createEngineTestApp("2026-05-01T12:00:00Z");
  await t.setBlocks({ "-1": [readyMail(1, -1, { id: "day-before" })] });
});
afterAll(() => t.stop());

interface Answer {
  status: number;
  eventId?: string;
  registrantId?: string;
  message?: string;
}

/** A registration from its own address (`x-forwarded-for`), answered with its status. */
async function register(email: string, address = `203.0.113.${++ip}`): Promise<Answer> {
  const response = await t.app.request(`/api/public/timelines/${t.timeline.id}/registrations`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ email, name: email.split("@")[0] }),
  });
  const body = (await response.json()) as { success?: { eventId: string; registrantId: string }; message?: string };
  return { status: response.status, ...body.success, message: body.message };
}

/** How many statements `run` sends to the database (the driver's `query`, both drivers). */
/** Writes part of the timeline's stored setting (as another instance's save would, bypassing this one). */
const setSetting = (path: string, value: unknown) =>
  t.db.orm.execute(sql`update ${timelines} set setting = jsonb_set(setting, ${`{${path}}`}::text[], ${JSON.stringify(value)}::jsonb) where id = ${t.timeline.id}`);

describe("round trips", () => {
  beforeAll(() => t.addEvent("2026-05-10T10:00"));

  it("is one statement per registration once the form has been read: a new registrant with its jobs, and a repeat", async () => {
    expect((await register("warm-up@example.com")).status).toBe(201);
    expect(await statementsOf(t.db, async () => expect((await register("crowd@example.com")).status).toBe(201))).toBe(1);
    expect(await statementsOf(t.db, async () => expect((await register("crowd@example.com")).status).toBe(200))).toBe(1);
    const [crowd] = await t.db.orm.select({ id: registrants.uuid }).from(registrants).where(eq(registrants.email, "crowd@example.com"));
    expect(Object.keys(await t.jobsOf(crowd?.id ?? ""))).toEqual(["day-before"]);
  });

  it("reads the form again before refusing: a form reopened after it was read takes the registration", async () => {
    await setSetting("registration,block", true);
    expect((await register("closed@example.com")).status).toBe(422);
    await setSetting("registration,block", false);
    expect((await register("reopened@example.com")).status).toBe(201);
  });
});

describe("a form changed after it was read", () => {
  let first: string;

  beforeEach(async () => {
    await t.db.orm.delete(events).where(eq(events.timelineId, t.timeline.id));
    await setSetting("registration,block", false);
    await setSetting("general,enabled", true);
    first = await t.addEvent("2026-05-10T10:00");
    expect((await register(`reader${++ip}@example.com`)).eventId).toBe(first); // the form is read
  });

  it("closed: 422, nothing stored", async () => {
    await setSetting("registration,block", true);
    expect(await register("late@example.com")).toMatchObject({ status: 422, message: "Registration for this webinar is closed." });
    expect(await t.db.orm.select().from(registrants).where(eq(registrants.email, "late@example.com"))).toEqual([]);
  });

  it("an earlier session added: a one-time form registers for it, the next one", async () => {
    const earlier = await t.addEvent("2026-05-08T10:00");
    expect(await register("next@example.com")).toMatchObject({ status: 201, eventId: earlier });
  });

  it("its session hidden: the registration goes to the next open one, or none is left", async () => {
    const later = await t.addEvent("2026-05-12T10:00");
    await t.db.orm.update(events).set({ visible: false }).where(eq(events.id, first));
    expect(await register("moved-on@example.com")).toMatchObject({ status: 201, eventId: later });
    await t.db.orm.update(events).set({ visible: false }).where(eq(events.id, later));
    expect(await register("nothing-left@example.com")).toMatchObject({ status: 422 });
  });

  it("its session moved: the jobs are placed against the new start", async () => {
    await t.db.orm.update(events).set({ startsAt: new Date("2026-05-11T17:00:00Z") }).where(eq(events.id, first));
    const { registrantId } = await register("moved@example.com");
    expect((await t.jobsOf(registrantId ?? ""))["day-before"]).toMatchObject({ at: "2026-05-10T16:00:00.000Z", status: "pending" });
  });

  it("its session's registration window passed: the form offers the next session", async () => {
    const later = await t.addEvent("2026-05-12T10:00");
    t.setNow("2026-05-10T17:30:00Z"); // half an hour after the first session began
    try {
      expect(await register("after-start@example.com")).toMatchObject({ status: 201, eventId: later });
    } finally {
      t.setNow("2026-05-01T12:00:00Z");
    }
  });

  it("paused: the registrant is stored with no job", async () => {
    await setSetting("general,enabled", false);
    const { status, registrantId } = await register("paused@example.com");
    expect(status).toBe(201);
    expect(await t.jobsOf(registrantId ?? "")).toEqual({});
  });

  it("counts the attempt against the limits once, although the form is read again", async () => {
    await t.db.orm.update(events).set({ name: "Renamed" }).where(eq(events.id, first)); // the session's version changes
    expect((await register("counted@example.com", "198.51.100.250")).status).toBe(201);
    const [row] = await t.db.orm
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, "register-ip:198.51.100.250")));
    expect(row?.count).toBe(1);
  });
});
