import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { attendance } from "../../db/schema/index.js";
import { GOTO_USER_KEY, startFakeGoTo, type FakeGoTo } from "../../integrations/services/gotowebinar/fake.js";
import { createDeliveryTestApp, type DeliveryTestApp } from "../test-support/testSupport.js";

const TOKEN = "goto-access-token-0123456789";
const START = "2026-05-01T16:00:00Z";
const WEBINARS = `/G2W/rest/v2/organizers/${GOTO_USER_KEY}/webinars`;

let goto: FakeGoTo;
let t: DeliveryTestApp;

beforeAll(async () => {
  goto = await startFakeGoTo(TOKEN, "gotowebinar-client");
  t = await createDeliveryTestApp(START, goto.url, "gotowebinar");
});
afterAll(async () => {
  await t.close();
  await goto.close();
});
beforeEach(() => {
  t.setNow(START);
  goto.requests.length = 0;
});

// A one-time form registers for the next open session: each test schedules before the ones before it.
describe("GoTo Webinar delivery", () => {
  it("scheduling creates a GoTo webinar; a reschedule moves it, a delete cancels it", async () => {
    const { eventId, remoteId: key } = await t.schedule("2026-05-20T10:00");
    const [create] = goto.calls(`POST ${WEBINARS}`);
    expect(create?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(create?.data).toMatchObject({
      type: "single_session",
      times: [{ startTime: "2026-05-20T17:00:00Z", endTime: "2026-05-20T18:00:00Z" }],
      timeZone: "America/Los_Angeles",
    });
    expect(await t.sessionOf(eventId)).toMatchObject({ platform: "gotowebinar", status: "ready", remoteId: key });

    await t.owner.webinars.reschedule({ webinarID: eventId, startTime: "2026-05-21T11:00-07:00" });
    await t.delivery.drain();
    expect(goto.calls(`PUT ${WEBINARS}/${key}`)[0]?.data).toMatchObject({ times: [{ startTime: "2026-05-21T18:00:00Z", endTime: "2026-05-21T19:00:00Z" }] });
    expect(goto.created.get(key)?.times[0]?.startTime).toBe("2026-05-21T18:00:00Z");

    await t.owner.webinars.delete({ webinarID: eventId, isRecurring: false });
    await t.delivery.drain();
    expect(goto.created.get(key)?.cancelled).toBe(true);
    expect(await t.sessionOf(eventId)).toMatchObject({ status: "cancelled" });
  });

  it("a registration registers the person on GoTo and the Cuepoint link opens GoTo's join URL in the window", async () => {
    const { eventId, remoteId: key } = await t.schedule("2026-05-08T10:00");
    const ann = await t.register("ann.lee@example.com", { eventId });
    await t.delivery.drain();
    const [request] = goto.calls(`POST ${WEBINARS}/${key}/registrants`);
    expect(request?.headers.accept).toBe("application/json");
    expect(request?.data).toEqual({ firstName: "ann.lee", lastName: "-", email: "ann.lee@example.com" });
    const registration = await t.registrationOf(ann);
    expect(registration?.joinUrl).toBe(goto.created.get(key)?.registrants[0]?.joinUrl);
    expect((await t.join(ann)).status).toBe(200);
    t.setNow("2026-05-08T16:50:00Z");
    const inWindow = await t.join(ann);
    expect(inWindow.status).toBe(302);
    expect(inWindow.headers.get("location")).toBe(registration?.joinUrl);
  });

  it("someone GoTo holds already (409, a crash lost our write, or the host added them) keeps GoTo's existing personal link", async () => {
    const { eventId, remoteId: key } = await t.schedule("2026-05-07T18:00"); // between the tests before and after
    const webinar = goto.created.get(key);
    const joinUrl = `https://global.gotowebinar.com/join/${key}/7000000000000000001`;
    webinar?.registrants.push({ registrantKey: "7000000000000000001", firstName: "Bo", lastName: "Ek", email: "Bo.Ek@example.com", joinUrl });
    const bo = await t.register("bo.ek@example.com", { eventId });
    await t.delivery.drain();
    expect(goto.calls(`POST ${WEBINARS}/${key}/registrants`)).toHaveLength(1); // answered 409
    expect(goto.calls(`GET ${WEBINARS}/${key}/registrants`)).toHaveLength(1);
    expect(await t.registrationOf(bo)).toMatchObject({ status: "registered", remoteId: "7000000000000000001", joinUrl });
    expect(webinar?.registrants).toHaveLength(1);
  });

  it("GoTo's attendees with their join and leave times become attendance rows", async () => {
    const { eventId, remoteId: key } = await t.schedule("2026-05-07T10:00");
    const came = await t.register("came@example.com", { eventId });
    await t.register("missed@example.com", { eventId });
    await t.delivery.drain();
    goto.created.get(key)?.attendees.push({
      email: "came@example.com",
      attendance: [
        { joinTime: "2026-05-07T17:00:00Z", leaveTime: "2026-05-07T17:30:00Z" },
        { joinTime: "2026-05-07T17:40:00Z", leaveTime: "2026-05-07T17:50:00Z" },
      ],
    });
    t.setNow("2026-05-07T18:10:00Z");
    await t.delivery.drain();
    expect(goto.calls(`GET ${WEBINARS}/${key}/attendees`)).toHaveLength(1);
    const rows = await t.db.orm.select().from(attendance).where(eq(attendance.eventId, eventId));
    expect(rows).toEqual([expect.objectContaining({ registrantId: came, attendedSeconds: 2400 })]);
  });

  it("a grant GoTo no longer accepts reaches the host in words on the webinar", async () => {
    goto.on({ [`POST ${WEBINARS}`]: () => ({ status: 401, json: { int_err_code: "InvalidToken", msg: "Invalid token passed" } }) });
    const { eventId } = await t.schedule("2026-05-06T10:00");
    const view = await t.view(eventId);
    expect(view).toMatchObject({ platform: "gotowebinar", status: "refused" });
    expect(view.message).toBe("GoTo Webinar answered: the sign-in is no longer accepted (HTTP 401); connect GoTo Webinar again.");
    expect(view.log[0]).toMatchObject({ operation: "create", outcome: "refused" });
  });
});
