import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { makeJob } from "../../test-support/jobs.js";
import { connectOAuth } from "../../test-support/oauth.js";
import { insertTimeline } from "../../../webinars/attendanceData.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { eventsPath, startGoogleCalendarFake } from "./fake.js";
import { inviteEventId } from "./sendInvite.js";

const TOKEN = "ya29.gc-token-0123456789";
const TEAM = "team@group.calendar.google.com";
const CALENDARS = [
  { id: "ada@example.com", summary: "ada@example.com", summaryOverride: "Ada", accessRole: "owner", primary: true },
  { id: TEAM, summary: "Webinar invites", accessRole: "writer" },
  { id: "holidays@group.v.calendar.google.com", summary: "Holidays", accessRole: "reader" },
] as const;

const app = serviceTestApp(() =>
  startGoogleCalendarFake({
    tokens: { "good-code": TOKEN, "revoked-code": "ya29.revoked-0000000000" },
    valid: [TOKEN],
    calendars: CALENDARS,
    clientId: "googlecalendar-client",
  }),
);
let calendarId: string;

beforeAll(async () => {
  calendarId = await connectOAuth(app.owner, "googlecalendar", "good-code");
});
beforeEach(() => {
  app.fake.events.clear();
});

const job = (model: Record<string, unknown>, more: Partial<Parameters<typeof makeJob>[0]> = {}) =>
  makeJob({ accountId: app.accountId, integrationType: "GOOGLECALENDAR", action: "sendInvite", integrationID: calendarId, model, ...more });
const calls = () => app.fake.requests.map((r) => `${r.method} ${r.path}`);
const TEAM_EVENTS = eventsPath(TEAM);

describe("Google Calendar check and lists", () => {
  it("tests the connection by reading the calendar list with the stored token", async () => {
    await expect(app.owner.integrations.test(calendarId)).resolves.toMatchObject({
      success: true,
      message: expect.stringContaining("Google Calendar answered: 2 calendars this account can add events to."),
    });
    const [request] = app.fake.calls("GET /calendar/v3/users/me/calendarList");
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(Object.fromEntries(request?.query ?? [])).toEqual({ minAccessRole: "writer", maxResults: "250" });
  });

  it("answers Google's refusal of a revoked sign-in as 422 and marks the integration not connected", async () => {
    const revoked = await connectOAuth(app.owner, "googlecalendar", "revoked-code");
    await expect(app.owner.integrations.test(revoked)).rejects.toMatchObject({
      status: 422,
      message: "Google Calendar answered: Invalid Credentials",
    });
    expect((await app.owner.integrations.list()).success[String(revoked)]).toMatchObject({ connected: false });
  });

  it("lists the calendars events can be added to, page by page", async () => {
    const { success } = await app.owner.integrations.getLists("googlecalendar", { integrationID: calendarId, refresh: true });
    expect(success).toEqual({
      calendars: [
        { id: "ada@example.com", name: "Ada", primary: true },
        { id: TEAM, name: "Webinar invites" },
      ],
    });
  });
});

describe("Google Calendar sendInvite", () => {
  it("inserts one event on the picked calendar: the webinar's time, the registrant as guest, the join link", async () => {
    const eventId = inviteEventId("node-1:reg-7:evt-3");
    await expect(app.execute(job({ calendar: TEAM, subject: "{event_subject} with {first_name}" }))).resolves.toEqual({
      status: "sent",
      detail: `invitation ${eventId} sent to ada@example.com`,
    });
    expect(calls()).toEqual([`POST ${TEAM_EVENTS}`]);
    const [insert] = app.fake.requests;
    expect(insert?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(Object.fromEntries(insert?.query ?? [])).toEqual({ sendUpdates: "all" });
    expect(insert?.data).toEqual({
      id: eventId,
      summary: "Scaling Webinars with Ada",
      description: "Join the webinar: https://join.example.com/evt-3?r=reg-7",
      location: "https://join.example.com/evt-3?r=reg-7",
      source: { title: "Scaling Webinars", url: "https://join.example.com/evt-3?r=reg-7" },
      start: { dateTime: "2024-03-05T14:00:00.000Z", timeZone: "America/Los_Angeles" },
      // The job's timeline is not stored here: the SDK's default length, one hour.
      end: { dateTime: "2024-03-05T15:00:00.000Z", timeZone: "America/Los_Angeles" },
      attendees: [{ email: "ada@example.com", displayName: "Ada Lovelace" }],
      guestsCanSeeOtherGuests: false,
      guestsCanInviteOthers: false,
      reminders: { useDefault: true },
    });
    expect(app.fake.events.size).toBe(1);
  });

  it("ends the event when its timeline's live part ends (the schedule's length)", async () => {
    const timeline = await insertTimeline(app.t.db.orm, app.accountId, { name: "Two hours", timeZone: "UTC", scheduleLength: 2 });
    const twoHours = job({ calendar: TEAM, subject: "Webinar" });
    twoHours.timeline = { id: timeline.id, name: timeline.name };
    await app.execute(twoHours);
    expect(app.fake.requests[0]?.data).toMatchObject({
      start: { dateTime: "2024-03-05T14:00:00.000Z" },
      end: { dateTime: "2024-03-05T16:00:00.000Z" },
    });
  });

  it("a retry after Google's 500 (the event made, the answer lost) does not make a second event", async () => {
    const eventId = inviteEventId("node-1:reg-7:evt-3");
    app.fake.loseNextInsertAnswer();
    await expect(app.execute(job({ calendar: TEAM, subject: "Webinar" }))).rejects.toThrow(
      new RetryableActionError("Google Calendar answered HTTP 500: Backend Error"),
    );
    await expect(app.execute({ ...job({ calendar: TEAM, subject: "Webinar" }), attempt: 2 })).resolves.toEqual({
      status: "sent",
      detail: `invitation ${eventId} was already on the calendar (sent once)`,
    });
    expect(calls()).toEqual([`POST ${TEAM_EVENTS}`, `POST ${TEAM_EVENTS}`, `GET ${TEAM_EVENTS}/${eventId}`]);
    expect(app.fake.requests.map((r) => (r.data as { id?: string } | undefined)?.id)).toEqual([eventId, eventId, undefined]);
    expect(app.fake.events.size).toBe(1);
  });

  it("does not invite again when the host deleted the invitation at Google", async () => {
    await app.execute(job({ calendar: TEAM, subject: "Webinar" }));
    app.fake.cancel(TEAM, inviteEventId("node-1:reg-7:evt-3"));
    await expect(app.execute(job({ calendar: TEAM, subject: "Webinar" }))).resolves.toEqual({
      status: "skipped",
      reason: "this invitation was deleted from the calendar; it is not sent again",
    });
    expect(app.fake.events.size).toBe(1);
  });

  it("one event per registrant: another registrant of the same action gets their own", async () => {
    await app.execute(job({ calendar: TEAM, subject: "Webinar" }));
    const grace = { ...job({ calendar: TEAM, subject: "Webinar" }, { registrant: { id: "reg-8", email: "grace@example.com", name: "Grace Hopper" } }), idempotencyKey: "node-1:reg-8:evt-3" };
    await app.execute(grace);
    expect([...app.fake.events.values()].map((event) => (event.attendees as Array<{ email: string }>)[0]?.email)).toEqual([
      "ada@example.com",
      "grace@example.com",
    ]);
  });

  it("shows Google's refusal in its words, permanently; a calendar only readable is refused too", async () => {
    app.fake.deleteCalendar("gone@group.calendar.google.com");
    await expect(app.execute(job({ calendar: "gone@group.calendar.google.com", subject: "Webinar" }))).rejects.toThrow(
      new PermanentActionError("Google Calendar answered HTTP 404: Not Found"),
    );
    await expect(app.execute(job({ calendar: "holidays@group.v.calendar.google.com", subject: "Webinar" }))).rejects.toThrow(
      new PermanentActionError("Google Calendar answered HTTP 403: You need to have writer access to this calendar."),
    );
    expect(app.fake.events.size).toBe(0);
  });

  it("refuses a node without its calendar or title, and skips a registrant without an email", async () => {
    await expect(app.execute(job({ subject: "Webinar" }))).rejects.toThrow(
      new PermanentActionError("Google Calendar: Pick a calendar (calendar)."),
    );
    await expect(app.execute(job({ calendar: TEAM, subject: "Webinar" }, { registrant: { email: "" } }))).resolves.toEqual({
      status: "skipped",
      reason: "the registrant has no email address",
    });
    expect(app.fake.requests).toHaveLength(0);
  });
});
