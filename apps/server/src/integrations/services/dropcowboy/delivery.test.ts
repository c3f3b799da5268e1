import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registrants } from "../../../db/schema/index.js";
import { executeAction } from "../../../engine/actions/index.js";
import { createEngineTestApp, type EngineTestApp } from "../../../engine/test-support/testSupport.js";
import { mailNode } from "../../../test-support/timelineFixtures.js";
import { pointServicesAt } from "../../test-support/serviceEnv.js";
import { DROPCOWBOY_REJECTED_NUMBER, DROPCOWBOY_SECRET, DROPCOWBOY_TEAM, startFakeDropCowboy, type FakeDropCowboy } from "./fake.js";

/*
 * End to end through the engine: a registration schedules a Drop Cowboy text, the due time
 * comes, the engine carries it out through the registry, and the delivery log says what Drop
 * Cowboy answered — "queued" for one registrant, its refusal in its words for another.
 */

let t: EngineTestApp;
let fake: FakeDropCowboy;
let restoreEnv: () => void;
let eventId: string;

beforeAll(async () => {
  fake = await startFakeDropCowboy();
  restoreEnv = pointServicesAt(fake.url);
  t = await createEngineTestApp("2026-05-01T12:00:00Z", { execute: executeAction });
  eventId = await t.addEvent("2026-05-10T10:00");
  const { success } = await t.owner.integrations.create({ type: "DROPCOWBOY", team_id: DROPCOWBOY_TEAM, secret: DROPCOWBOY_SECRET });
  await t.setBlocks({
    "-1": [
      mailNode(1, -1, {
        id: "sms",
        action: "sendsms",
        integrationType: "DROPCOWBOY",
        integrationID: success.integrationid,
        model: { smsText: "Hi {first_name}, see you tomorrow", replyTo: "+15557654321", poolName: "pool-7" },
      }),
    ],
  });
});
afterAll(async () => {
  restoreEnv();
  await Promise.all([t.stop(), fake.close()]);
});

const registerWithPhone = async (email: string, phone: string) => {
  const id = await t.register(email, { smsConsent: true });
  await t.db.orm.update(registrants).set({ phone }).where(eq(registrants.uuid, id));
  return id;
};

describe("Drop Cowboy through the engine", () => {
  it("texts once at the due time and logs Drop Cowboy's answer; a refusal is logged in its words, not retried", async () => {
    const ann = await registerWithPhone("ann@example.com", "+15551230001");
    const bob = await registerWithPhone("bob@example.com", DROPCOWBOY_REJECTED_NUMBER);
    t.setNow("2026-05-09T16:01:00Z");
    await t.engine.drain();
    await t.engine.drain();

    expect(fake.calls("POST /v1/sms").map((r) => (r.data as { phone_number: string }).phone_number).sort()).toEqual(
      [DROPCOWBOY_REJECTED_NUMBER, "+15551230001"].sort(),
    );
    const [annSent] = (await t.owner.automation.deliveries({ uuid: ann })).success;
    expect(annSent).toMatchObject({ nodeKey: "sms", outcome: "sent", detail: "queued" });
    const bobLog = (await t.owner.automation.deliveries({ uuid: bob })).success;
    expect(bobLog.map((l) => [l.outcome, l.detail])).toEqual([
      ["dead", "Dead letter after 1 attempt: Drop Cowboy did not accept the message: Invalid caller ID or not SMS enabled"],
    ]);

    // Hours later nothing is sent again.
    t.advance(6 * 3600_000);
    await t.engine.drain();
    expect(fake.calls("POST /v1/sms")).toHaveLength(2);
    expect((await t.owner.automation.deliveries({ webinarID: eventId })).total).toBe(2);
  });
});
