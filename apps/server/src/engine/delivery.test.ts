import { and, asc, eq, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionDeliveries, scheduledActions, usageEvents } from "../db/schema/index.js";
import { createEngineTestApp, readyMail, readySms, type EngineTestApp } from "./test-support/testSupport.js";

/**
 * Carrying actions out: retries with backoff, dead letters, the plan's action limit, SMS consent
 * and quiet hours — on the engine's clock, against a peer on 127.0.0.1.
 */

let t: EngineTestApp;
const MINUTE = 60_000;
// Event 2026-05-10 10:00 Los Angeles. "mail": 09:00 PDT the day before (2026-05-09T16:00Z);
// "sms": 22:00 PDT the day before (2026-05-10T05:00Z, 07:00 in Berlin).
const MAIL_DUE = "2026-05-09T16:00:00Z";
const SMS_DUE = "2026-05-10T05:00:00Z";

beforeAll(async () => {
  t = await createEngineTestApp("2026-05-01T12:00:00Z");
  await t.addEvent("2026-05-10T10:00");
  await t.setBlocks({
    "-1": [
      readyMail(1, -1, { id: "mail" }),
      readySms(1, -1, { id: "sms", integrationID: "twilio-test", smsText: "We start tomorrow", phonenumber: "+15550100" }),
    ],
  });
});
afterAll(() => t.stop());

const job = async (registrantId: string, nodeKey: string) => {
  const [row] = await t.db.orm
    .select()
    .from(scheduledActions)
    .where(and(eq(scheduledActions.registrantId, registrantId), eq(scheduledActions.nodeKey, nodeKey)));
  return row;
};
const logOf = async (registrantId: string, nodeKey: string) =>
  (
    await t.db.orm
      .select()
      .from(actionDeliveries)
      .where(and(eq(actionDeliveries.registrantId, registrantId), eq(actionDeliveries.nodeKey, nodeKey)))
      .orderBy(asc(actionDeliveries.at), asc(actionDeliveries.attempt))
  ).map((l) => [l.outcome, l.attempt]);

describe("retries and dead letters", () => {
  it("retries a retryable failure after the backoff, then succeeds", async () => {
    t.setNow("2026-05-01T12:00:00Z");
    const ann = await t.register("ann@example.com");
    t.setNow(MAIL_DUE);
    t.peer.failNext(1, 503);
    await t.engine.drain();
    expect(await job(ann, "mail")).toMatchObject({ status: "pending", attempts: 1, dueAt: new Date(Date.parse(MAIL_DUE) + MINUTE) });
    t.advance(MINUTE - 1000);
    await t.engine.drain();
    expect(t.peer.received.size).toBe(0); // not before the backoff
    t.advance(1000);
    await t.engine.drain();
    expect((await job(ann, "mail"))?.status).toBe("sent");
    expect(await logOf(ann, "mail")).toEqual([
      ["failed", 1],
      ["sent", 2],
    ]);
  });

  it("after the last retry the action is a dead letter with its reason; backoff doubles", async () => {
    const bob = await t.register("bob@example.com"); // late: caught up at once
    t.peer.failNext(3, 503);
    await t.engine.drain();
    t.advance(MINUTE);
    await t.engine.drain();
    expect((await job(bob, "mail"))?.dueAt.getTime()).toBe(t.now().getTime() + 2 * MINUTE);
    t.advance(2 * MINUTE);
    await t.engine.drain();
    const dead = await job(bob, "mail");
    expect(dead).toMatchObject({ status: "dead", attempts: 3, detail: "Dead letter after 3 attempts: HTTP 503" });
    expect(await logOf(bob, "mail")).toEqual([
      ["failed", 1],
      ["failed", 2],
      ["dead", 3],
    ]);
  });

  it("a permanent failure is a dead letter at once", async () => {
    const cid = await t.register("cid@example.com");
    t.peer.failNext(1, 404);
    await t.engine.drain();
    expect(await job(cid, "mail")).toMatchObject({ status: "dead", attempts: 1, detail: "Dead letter after 1 attempt: HTTP 404" });
  });

  it("writes one usage event per action carried out, and none for failures", async () => {
    const [usage] = await t.db.orm
      .select({ n: sum(usageEvents.quantity).mapWith(Number) })
      .from(usageEvents)
      .where(eq(usageEvents.accountId, t.accountId));
    expect(usage?.n).toBe(1); // ann's mail only
  });

  it("refuses actions past the plan's monthly action limit, with a clear reason", async () => {
    // The owner is on the advanced plan: 30,000 actions a month; 1 is used.
    await t.db.orm.insert(usageEvents).values({ accountId: t.accountId, type: "actions", quantity: 29_999, createdAt: t.now() });
    const dee = await t.register("dee@example.com");
    await t.engine.drain();
    expect(await job(dee, "mail")).toMatchObject({
      status: "skipped",
      detail: "Skipped: the account has used its plan's 30,000 actions this month. Upgrade, buy more actions or wait for next month.",
    });
    await t.db.orm.delete(usageEvents).where(and(eq(usageEvents.accountId, t.accountId), eq(usageEvents.quantity, 29_999)));
  });
});

describe("text messages", () => {
  let zoe: string;
  let nick: string;

  beforeAll(async () => {
    t.setNow("2026-05-01T12:00:00Z");
    zoe = await t.register("zoe@example.com", { timeZone: "Europe/Berlin", smsConsent: true });
    nick = await t.register("nick@example.com", { timeZone: "Europe/Berlin", smsConsent: false });
  });

  it("go only to registrants who agreed to them", async () => {
    t.setNow(SMS_DUE);
    await t.engine.drain();
    expect(await job(nick, "sms")).toMatchObject({ status: "skipped", detail: "Skipped: the registrant did not agree to text messages." });
  });

  it("wait for the end of quiet hours in the registrant's zone, then go", async () => {
    // 05:00 UTC is 07:00 in Berlin: quiet until 08:00 there (06:00 UTC).
    expect(await job(zoe, "sms")).toMatchObject({
      status: "pending",
      dueAt: new Date("2026-05-10T06:00:00Z"),
      detail: "Deferred by quiet hours in Europe/Berlin until 2026-05-10T06:00:00.000Z.",
    });
    t.setNow("2026-05-10T06:00:00Z");
    await t.engine.drain();
    expect((await job(zoe, "sms"))?.status).toBe("sent");
    expect(await logOf(zoe, "sms")).toEqual([
      ["deferred", 0],
      ["sent", 1],
    ]);
  });

  it("an action that cannot be prepared is a dead letter with the reason, not a stuck batch", async () => {
    t.setNow("2026-05-01T12:00:00Z");
    const mars = await t.register("mars@example.com", { timeZone: "Mars/Olympus_Mons", smsConsent: true });
    t.setNow(SMS_DUE);
    await t.engine.drain();
    expect(await job(mars, "sms")).toMatchObject({
      status: "dead",
      detail: expect.stringContaining("Dead letter: the action could not be prepared"),
    });
  });

  it("quiet hours are per timeline: switched off, nothing waits", async () => {
    await t.owner.request("PUT", "/automation/settings", {
      webinarTimeline: t.timeline.id,
      quietHours: { enabled: false, start: "21:00", end: "08:00" },
    });
    t.setNow("2026-05-01T12:00:00Z");
    const ida = await t.register("ida@example.com", { timeZone: "Europe/Berlin", smsConsent: true });
    t.setNow(SMS_DUE);
    await t.engine.drain();
    expect((await job(ida, "sms"))?.status).toBe("sent");
  });
});
