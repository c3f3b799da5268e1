import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { attendance, platformLog, users } from "../../db/schema/index.js";
import { readyMail } from "../../engine/test-support/testSupport.js";
import { startFakeZoom, type FakeZoom } from "../../integrations/services/zoom/fake.js";
import { createDeliveryTestApp, type DeliveryTestApp } from "../test-support/testSupport.js";

const TOKEN = "zoom-access-token-0123456789";
const START = "2026-05-01T16:00:00Z";

let zoom: FakeZoom;
let t: DeliveryTestApp;

beforeAll(async () => {
  zoom = await startFakeZoom(TOKEN, ["zoom-client"]);
  t = await createDeliveryTestApp(START, zoom.url, "zoom");
  // After the event, attendees and non-attendees get different mails (the default segments a1, a2).
  await t.setBlocks({
    "1": [readyMail(1, 1, { id: "thanks-attendees", groupID: "a1" }), readyMail(1, 1, { id: "replay-non-attendees", groupID: "a2", hours: 10 })],
  });
});
afterAll(async () => {
  await t.close();
  await zoom.close();
});
beforeEach(() => {
  t.setNow(START);
  zoom.requests.length = 0;
  zoom.noWebinarPlan = false;
  zoom.unavailable = false;
});

describe("Zoom sessions follow the events", () => {
  it("scheduling creates the webinar on Zoom with the event's start, length and zone, and keeps its id", async () => {
    const { eventId } = await t.schedule("2026-05-10T10:00");
    const [create] = zoom.calls("POST /v2/users/me/webinars");
    expect(create?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(create?.data).toMatchObject({
      type: 5,
      start_time: "2026-05-10T17:00:00Z",
      duration: 60,
      timezone: "America/Los_Angeles",
      settings: { approval_type: 0, registration_type: 1 },
    });
    const session = await t.sessionOf(eventId);
    expect(session).toMatchObject({ platform: "zoom", status: "ready", message: "" });
    expect(zoom.created.get(session?.remoteId ?? "")).toMatchObject({ start_time: "2026-05-10T17:00:00Z", deleted: false });
    await expect(t.view(eventId)).resolves.toMatchObject({ platform: "zoom", status: "ready", remoteId: session?.remoteId });
  });

  it("a reschedule moves the webinar, a delete cancels it, each a line of the delivery log", async () => {
    const { eventId, remoteId } = await t.schedule("2026-05-11T10:00");
    t.setNow("2026-05-01T16:05:00Z");
    await t.owner.webinars.reschedule({ webinarID: eventId, startTime: "2026-05-12T09:30-07:00" });
    await t.delivery.drain();
    const [patch] = zoom.calls(`PATCH /v2/webinars/${remoteId}`);
    expect(patch?.data).toMatchObject({ start_time: "2026-05-12T16:30:00Z", duration: 60 });
    expect(zoom.created.get(remoteId)?.start_time).toBe("2026-05-12T16:30:00Z");
    expect((await t.view(eventId)).log.map((line) => `${line.operation} ${line.outcome}`)).toEqual(["move done", "create done"]);

    t.setNow("2026-05-01T16:10:00Z");
    await t.owner.webinars.delete({ webinarID: eventId, isRecurring: false });
    await t.delivery.drain();
    expect(zoom.calls(`DELETE /v2/webinars/${remoteId}`)).toHaveLength(1);
    expect(zoom.created.get(remoteId)?.deleted).toBe(true);
    expect(await t.sessionOf(eventId)).toMatchObject({ status: "cancelled" });
  });

  it("Zoom down: nothing is lost — the webinar is created on a later sweep", async () => {
    zoom.unavailable = true;
    const { success } = await t.owner.webinars.create({ webinarTimeline: t.timeline.id, start: "2026-05-13T10:00" });
    const eventId = success.webinar.webinarID;
    await t.delivery.drain();
    expect(await t.sessionOf(eventId)).toMatchObject({ status: "pending", attempts: 1 });
    expect((await t.view(eventId)).message).toMatch(/^Zoom answered: Service unavailable\. Trying again at 2026-05-01T16:00:30/);
    zoom.unavailable = false;
    await t.delivery.drain();
    expect(await t.sessionOf(eventId)).toMatchObject({ status: "pending" });
    t.setNow("2026-05-01T16:01:00Z");
    await t.delivery.drain();
    expect(await t.sessionOf(eventId)).toMatchObject({ status: "ready", message: "" });
    expect(zoom.calls("POST /v2/users/me/webinars")).toHaveLength(2);
  });

  it("an account without Zoom's webinar plan gets a Zoom meeting with registration, which follows the event like a webinar", async () => {
    zoom.noWebinarPlan = true;
    const { eventId } = await t.schedule("2026-05-09T10:00");
    expect(zoom.calls("POST /v2/users/me/webinars")).toHaveLength(1); // Zoom said "Webinar plan is missing."
    const [create] = zoom.calls("POST /v2/users/me/meetings");
    expect(create?.data).toMatchObject({ type: 2, start_time: "2026-05-09T17:00:00Z", duration: 60, timezone: "America/Los_Angeles", settings: { approval_type: 0 } });
    const session = await t.sessionOf(eventId);
    const remoteId = session?.remoteId ?? "";
    expect(session).toMatchObject({ status: "ready", remoteKind: "meeting" });
    const view = await t.view(eventId);
    expect(view).toMatchObject({ status: "ready", remoteId, remoteKind: "meeting" });
    expect(view.log[0]?.detail).toBe(
      `Zoom meeting ${remoteId} created for 2026-05-09T17:00:00.000Z. The Zoom account has no webinar plan, so the event is a Zoom meeting with registration.`,
    );

    const ann = await t.register("ann.meeting@example.com", { eventId });
    await t.delivery.drain();
    expect(zoom.calls(`POST /v2/meetings/${remoteId}/registrants`)[0]?.data).toEqual({ email: "ann.meeting@example.com", first_name: "ann.meeting" });
    const joinUrl = zoom.createdMeetings.get(remoteId)?.registrants[0]?.join_url;
    expect((await t.registrationOf(ann))?.joinUrl).toBe(joinUrl);
    t.setNow("2026-05-09T16:50:00Z");
    expect((await t.join(ann)).headers.get("location")).toBe(joinUrl);

    t.setNow("2026-05-01T16:05:00Z");
    await t.owner.webinars.reschedule({ webinarID: eventId, startTime: "2026-05-09T11:00-07:00" });
    await t.delivery.drain();
    expect(zoom.calls(`PATCH /v2/meetings/${remoteId}`)[0]?.data).toMatchObject({ start_time: "2026-05-09T18:00:00Z" });
    expect(zoom.calls(`PATCH /v2/webinars/${remoteId}`)).toHaveLength(0);

    const meeting = zoom.createdMeetings.get(remoteId);
    const registrantId = meeting?.registrants[0]?.registrant_id;
    meeting?.participants.push({ registrant_id: registrantId, name: "Ann", user_email: "ann.meeting@example.com", join_time: "2026-05-09T18:01:00Z", leave_time: "2026-05-09T18:41:00Z", duration: 2400 });
    t.setNow("2026-05-09T19:06:00Z");
    await t.delivery.drain();
    expect(zoom.calls(`GET /v2/report/meetings/${remoteId}/participants`)).toHaveLength(1);
    const rows = await t.db.orm.select().from(attendance).where(eq(attendance.eventId, eventId));
    expect(rows).toEqual([expect.objectContaining({ registrantId: ann, attendedSeconds: 2400 })]);

    await t.owner.webinars.delete({ webinarID: eventId, isRecurring: false });
    await t.delivery.drain();
    const [cancel] = zoom.calls(`DELETE /v2/meetings/${remoteId}`);
    expect(Object.fromEntries(cancel?.query ?? [])).toEqual({ cancel_meeting_reminder: "true" });
    expect(meeting?.deleted).toBe(true);
    expect(await t.sessionOf(eventId)).toMatchObject({ status: "cancelled" });
    const [line] = await t.db.orm.select().from(platformLog).where(and(eq(platformLog.eventId, eventId), eq(platformLog.operation, "cancel")));
    expect(line?.detail).toBe(`Zoom meeting ${remoteId} cancelled.`);
  });
});

// A one-time form registers for the next open session: each test below schedules an event before
// those of the tests before it.
describe("Zoom registrants", () => {
  it("a registration registers the person on Zoom; the Cuepoint link shows the countdown before the window and opens Zoom's personal link in it", async () => {
    const { eventId, remoteId } = await t.schedule("2026-05-08T10:00");
    const ann = await t.register("ann.lee@example.com", { eventId });
    await t.delivery.drain();
    const [request] = zoom.calls(`POST /v2/webinars/${remoteId}/registrants`);
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request?.data).toEqual({ email: "ann.lee@example.com", first_name: "ann.lee" });
    const registration = await t.registrationOf(ann);
    expect(registration).toMatchObject({ status: "registered", eventId });
    expect(registration?.joinUrl).toBe(zoom.created.get(remoteId)?.registrants[0]?.join_url);

    const before = await t.join(ann);
    expect(before.status).toBe(200);
    expect(await before.text()).toContain('id="cuepoint-room"');
    t.setNow("2026-05-08T16:46:00Z"); // joinStart (15 min) before 17:00Z
    const inWindow = await t.join(ann);
    expect(inWindow.status).toBe(302);
    expect(inWindow.headers.get("location")).toBe(registration?.joinUrl);
    t.setNow("2026-05-08T18:30:00Z"); // after the hour: the usual ended/replay page
    expect((await t.join(ann)).status).toBe(200);
    await expect(t.view(eventId)).resolves.toMatchObject({ registrants: { registered: 1, pending: 0, refused: 0 } });
  });

  it("people registered together go to Zoom in one batch registration with auto-approval", async () => {
    const { eventId, remoteId } = await t.schedule("2026-05-07T10:00");
    const people = ["bo@example.com", "cy@example.com", "di@example.com"];
    const ids = await Promise.all(people.map((email) => t.register(email, { eventId })));
    await t.delivery.drain();
    const [batch] = zoom.calls(`POST /v2/webinars/${remoteId}/batch_registrants`);
    expect(batch?.data).toMatchObject({ auto_approve: true, registrants: expect.arrayContaining([{ email: "cy@example.com", first_name: "cy" }]) });
    expect((batch?.data as { registrants: unknown[] }).registrants).toHaveLength(3);
    expect(zoom.calls(`POST /v2/webinars/${remoteId}/registrants`)).toHaveLength(0);
    for (const id of ids) expect((await t.registrationOf(id))?.joinUrl).toMatch(/^https:\/\/zoom\.us\/w\//);
  });

  it("a full webinar: the host reads Zoom's words on the webinar, the registrant gets a page saying what to do", async () => {
    const { eventId, remoteId } = await t.schedule("2026-05-06T10:00");
    const webinar = zoom.created.get(remoteId);
    if (webinar) webinar.capacity = 0;
    const eve = await t.register("eve@example.com", { eventId });
    await t.delivery.drain();
    expect(await t.registrationOf(eve)).toMatchObject({ status: "refused", message: "Zoom answered: Webinar has reached maximum attendee capacity." });
    const view = await t.view(eventId);
    expect(view.message).toBe("1 registration was refused — Zoom answered: Webinar has reached maximum attendee capacity.");
    expect(view.log.find((line) => line.operation === "register")).toMatchObject({ outcome: "refused", registrantId: eve });
    t.setNow("2026-05-06T16:55:00Z");
    const page = await t.join(eve);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Zoom did not accept the registration");
  });

  it("Zoom's participants report becomes attendance: the attendee gets the attendees' mail, the others the non-attendees'", async () => {
    const { eventId, remoteId } = await t.schedule("2026-05-05T10:00");
    const came = await t.register("came@example.com", { eventId });
    const missed = await t.register("missed@example.com", { eventId });
    await t.delivery.drain();
    const webinar = zoom.created.get(remoteId);
    const registrantId = webinar?.registrants.find((r) => r.email === "came@example.com")?.registrant_id;
    webinar?.participants.push(
      { registrant_id: registrantId, name: "Came", user_email: "came@example.com", join_time: "2026-05-05T17:02:00Z", leave_time: "2026-05-05T17:20:00Z", duration: 1080 },
      { registrant_id: registrantId, name: "Came", user_email: "came@example.com", join_time: "2026-05-05T17:25:00Z", leave_time: "2026-05-05T17:55:00Z", duration: 1800 },
      { name: "Walk-in", user_email: "walkin@example.com", join_time: "2026-05-05T17:00:00Z", leave_time: "2026-05-05T17:10:00Z", duration: 600 },
    );
    t.setNow("2026-05-05T18:00:00Z"); // the event ended at 18:00Z; the report is asked for 5 minutes later
    await t.delivery.drain();
    expect(zoom.calls(`GET /v2/report/webinars/${remoteId}/participants`)).toHaveLength(0);
    t.setNow("2026-05-05T18:06:00Z");
    await t.delivery.drain();
    const [report] = zoom.calls(`GET /v2/report/webinars/${remoteId}/participants`);
    expect(Object.fromEntries(report?.query ?? [])).toEqual({ page_size: "300" });
    const rows = await t.db.orm.select().from(attendance).where(eq(attendance.eventId, eventId));
    expect(rows).toEqual([expect.objectContaining({ registrantId: came, attendedSeconds: 2880 })]);
    expect((await t.view(eventId)).log[0]).toMatchObject({ operation: "attendance", outcome: "done", detail: "Zoom reported 1 registrant attending." });

    t.setNow("2026-05-06T18:00:00Z"); // the mails are at 9:00 and 10:00 AM Los Angeles the day after
    await t.engine.drain();
    expect(await t.jobsOf(came)).toMatchObject({ "thanks-attendees": { status: "sent" }, "replay-non-attendees": { status: "skipped" } });
    expect(await t.jobsOf(missed)).toMatchObject({ "thanks-attendees": { status: "skipped" }, "replay-non-attendees": { status: "sent" } });
  });
});

describe("Zoom delivery and accounts", () => {
  it("another account cannot read an event's delivery", async () => {
    const { eventId } = await t.schedule("2026-05-20T10:00");
    await expect(t.stranger.request("GET", `/webinars/${eventId}/delivery`)).rejects.toMatchObject({ status: 404 });
  });

  it("an expired token is refreshed with the grant's refresh token before Zoom is called", async () => {
    t.setNow("2026-05-15T16:00:00Z"); // days after the last call: the hour-long token has expired
    await t.schedule("2026-05-21T10:00");
    const refresh = zoom.calls("POST /oauth/token").find((r) => (r.data as Record<string, string>).grant_type === "refresh_token");
    expect(refresh?.data).toMatchObject({ refresh_token: "zoom-refresh" });
    expect(zoom.calls("POST /v2/users/me/webinars")[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });
});

describe("Zoom and CSV imports", () => {
  it("an imported list is registered on Zoom in batches of 30, each keeping a personal link", async () => {
    const { eventId, remoteId } = await t.schedule("2026-05-04T10:00"); // the next open session: the import's rows go to it
    await t.db.orm.update(users).set({ features: { registrantUpload: true } }).where(eq(users.accountId, t.accountId));
    const rows = Array.from({ length: 35 }, (_, i) => `lead${i}@example.com,Lead ${i}`).join("\n");
    const answer = await t.owner.leads.upload({ webinarTimeline: t.timeline.id, csv: new Blob([`email,name\n${rows}\n`], { type: "text/csv" }) });
    expect(answer).toMatchObject({ success: { imported: 35 } });
    await t.delivery.drain();
    const batches = zoom.calls(`POST /v2/webinars/${remoteId}/batch_registrants`).map((r) => (r.data as { registrants: unknown[] }).registrants.length);
    expect(batches.sort((a, b) => b - a)).toEqual([30, 5]);
    expect(zoom.created.get(remoteId)?.registrants).toHaveLength(35);
    await expect(t.view(eventId)).resolves.toMatchObject({ registrants: { registered: 35, pending: 0, refused: 0 } });
  });
});

