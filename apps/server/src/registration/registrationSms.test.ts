import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type ApiError } from "@cuepoint/sdk";
import { registrants, scheduledActions } from "../db/schema/index.js";
import { executeAction } from "../engine/actions/index.js";
import { createEngineTestApp, readySms, type EngineTestApp } from "../engine/test-support/testSupport.js";
import { startFakeService, type FakeService, type ReceivedRequest } from "../integrations/test-support/fakeService.js";
import { pointServicesAt } from "../integrations/test-support/serviceEnv.js";

/**
 * The registration form's time zone and SMS consent, end to end: stored with the registrant by
 * `POST /public/timelines/{id}/registrations`, then read by the engine, which sends the timeline's
 * SMS through Twilio (a real HTTP peer on 127.0.0.1) only with consent and out of quiet hours in
 * the registrant's zone.
 */

const SID = "AC0123456789abcdef0123456789abcdef";
const TOKEN = "twilio-token-0123456789";
const MESSAGES = `POST /2010-04-01/Accounts/${SID}/Messages.json`;
// The event is 2026-05-10 10:00 in Los Angeles; the SMS goes at 22:00 there the day before
// (2026-05-10T05:00Z): 14:00 in Tokyo, but within the default quiet hours (21:00–08:00) in Los Angeles.
const SMS_DUE = "2026-05-10T05:00:00Z";

let t: EngineTestApp;
let twilio: FakeService;
let restoreEnv: () => void;
let eventId: string;

beforeAll(async () => {
  twilio = await startFakeService({ [MESSAGES]: () => ({ status: 201, json: { sid: "SM0001", status: "queued" } }) });
  restoreEnv = pointServicesAt(twilio.url);
  // The real executors (Twilio's included) instead of the test peer's.
  t = await createEngineTestApp("2026-05-01T12:00:00Z", { execute: executeAction });
  eventId = await t.addEvent("2026-05-10T10:00");
  const { integrationid } = (await t.owner.integrations.create({ type: "TWILIO", sid: SID, token: TOKEN })).success;
  await t.setBlocks({
    "-1": [
      readySms(1, -1, { id: "sms", integrationID: integrationid, smsText: "We start tomorrow", phonenumber: "+15557654321" }),
    ],
  });
});
afterAll(async () => {
  restoreEnv();
  await Promise.all([t.stop(), twilio.close()]);
});

const visitor = () =>
  createClient({
    apiURL: "http://localhost/api",
    fetch: (input, init) => t.app.request(input instanceof Request ? input : String(input), init),
    xsrf: false,
  });
const register = async (body: { email: string; phone?: string; timeZone?: string; smsConsent?: boolean }) =>
  (await visitor().registration.register(t.timeline.id, { name: "Visitor", ...body })).success.registrantId;
const stored = async (uuid: string) =>
  (
    await t.db.orm
      .select({ timeZone: registrants.timeZone, smsConsent: registrants.smsConsent })
      .from(registrants)
      .where(eq(registrants.uuid, uuid))
  )[0];
const smsJob = async (registrantId: string) =>
  (
    await t.db.orm
      .select({ status: scheduledActions.status, detail: scheduledActions.detail })
      .from(scheduledActions)
      .where(and(eq(scheduledActions.registrantId, registrantId), eq(scheduledActions.nodeKey, "sms")))
  )[0];
const textsTo = (phone: string) => twilio.calls(MESSAGES).filter((r: ReceivedRequest) => (r.data as { To?: string }).To === phone);

describe("registration time zone and SMS consent", () => {
  it("stores them, and the engine texts the consenting registrant in their zone, and skips the other", async () => {
    t.setNow("2026-05-01T12:00:00Z");
    const ann = await register({ email: "ann@example.com", phone: "+15551230001", timeZone: "Asia/Tokyo", smsConsent: true });
    const bo = await register({ email: "bo@example.com", phone: "+15551230002", timeZone: "Asia/Tokyo" });
    const cy = await register({ email: "cy@example.com", phone: "+15551230003", smsConsent: true }); // no zone: the event's
    expect(await stored(ann)).toEqual({ timeZone: "Asia/Tokyo", smsConsent: true });
    expect(await stored(bo)).toEqual({ timeZone: "Asia/Tokyo", smsConsent: false });
    expect(await stored(cy)).toEqual({ timeZone: "", smsConsent: true });

    t.setNow(SMS_DUE);
    await t.engine.drain();
    expect(await smsJob(ann)).toMatchObject({ status: "sent" });
    expect(textsTo("+15551230001").map((r) => (r.data as { Body: string }).Body)).toEqual(["We start tomorrow"]);
    expect(await smsJob(bo)).toEqual({ status: "skipped", detail: "Skipped: the registrant did not agree to text messages." });
    expect(textsTo("+15551230002")).toEqual([]);
    // 22:00 in Los Angeles is quiet: Cy's text waits for 08:00 there.
    expect((await smsJob(cy))?.status).toBe("pending");
    expect(textsTo("+15551230003")).toEqual([]);
    t.setNow("2026-05-10T15:00:00Z");
    await t.engine.drain();
    expect(await smsJob(cy)).toMatchObject({ status: "sent" });
    expect(textsTo("+15551230003")).toHaveLength(1);
  });

  it("reads multipart spellings, and refuses an unknown zone with 400 on timeZone", async () => {
    t.setNow("2026-05-01T12:00:00Z");
    const form = new FormData();
    for (const [key, value] of Object.entries({ name: "Di", email: "di@example.com", timeZone: "Europe/Berlin", smsConsent: "1" })) form.append(key, value);
    const response = await t.app.request(`/api/public/timelines/${t.timeline.id}/registrations`, { method: "POST", body: form });
    expect(response.status).toBe(201);
    const { success } = (await response.json()) as { success: { registrantId: string; eventId: string } };
    expect(success.eventId).toBe(eventId);
    expect(await stored(success.registrantId)).toEqual({ timeZone: "Europe/Berlin", smsConsent: true });

    const refused = await register({ email: "eve@example.com", timeZone: "Mars/Olympus_Mons" }).then(
      () => undefined,
      (error: unknown) => error as ApiError,
    );
    expect(refused).toMatchObject({ status: 400, field: "timeZone", message: "Unknown IANA time zone" });
  });
});
