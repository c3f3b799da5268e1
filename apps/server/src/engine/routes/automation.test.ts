import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError } from "@cuepoint/sdk";
import { createEngineTestApp, readyMail, readySms, type EngineTestApp } from "../test-support/testSupport.js";
import { failure } from "../../test-support/timelineFixtures.js";

/** The automation routes through the SDK client: settings, attendance, logs, dry run, live script. */

let t: EngineTestApp;
let eventId: string;
let ann: string;

beforeAll(async () => {
  t = await createEngineTestApp("2026-05-01T12:00:00Z");
  eventId = await t.addEvent("2026-05-10T10:00");
  await t.setBlocks({
    "-1": [
      readyMail(1, -1, { id: "mail", actionTitle: "Reminder" }),
      readySms(1, -1, { id: "sms", integrationID: "twilio-test", smsText: "Hi", phonenumber: "+15550100" }),
    ],
    "0": [
      { id: "chat", key: "livechat", action: "livechat", days: 0, hours: 0, minutes: 5, isAfter: 1, groupID: "3", model: { message: "Welcome!" } },
      { id: "cta", key: "cta", action: "cta", days: 0, hours: 0, minutes: 20, isAfter: 1, groupID: "3", model: { headline: "Buy", subheadline: "Now" } },
    ],
    "1": [readyMail(1, 1, { id: "attendees", groupID: "a1" }), readyMail(1, 1, { id: "unready", hours: 11, integrationID: "" })],
  });
  ann = await t.register("ann@example.com");
});
afterAll(() => t.stop());

describe("settings", () => {
  it("answers the defaults, then what was stored", async () => {
    const { success } = await t.owner.automation.settings({ webinarTimeline: t.timeline.id });
    expect(success).toEqual({ catchUp: { mode: "latest", windowMinutes: 1440 }, quietHours: { enabled: true, start: "21:00", end: "08:00" } });
    await t.owner.automation.updateSettings({ webinarTimeline: t.timeline.id, quietHours: { enabled: true, start: "22:00", end: "07:30" } });
    const after = await t.owner.automation.settings({ webinarTimeline: t.timeline.id });
    expect(after.success.quietHours).toEqual({ enabled: true, start: "22:00", end: "07:30" });
    expect(after.success.catchUp.mode).toBe("latest");
  });

  it("refuses bad values with the field", async () => {
    const error = await failure(
      t.owner.automation.updateSettings({ webinarTimeline: t.timeline.id, quietHours: { enabled: true, start: "25:00", end: "07:00" } }),
    );
    expect([error.status, error.message, (error.data as { field?: string }).field]).toEqual([400, "Use a 24-hour time, HH:MM.", "quietHours.start"]);
  });

  it("another account's timeline is a 404", async () => {
    expect((await failure(t.stranger.automation.settings({ webinarTimeline: t.timeline.id }))).status).toBe(404);
  });
});

describe("attendance", () => {
  it("is recorded as a total and read by the audience groups", async () => {
    const { success } = await t.owner.automation.recordAttendance({ webinarID: eventId, uuid: ann, attendedSeconds: 600 });
    expect(success).toEqual({ webinarID: eventId, uuid: ann, attendedSeconds: 600 });
    await t.owner.automation.recordAttendance({ webinarID: eventId, uuid: ann, attendedSeconds: 1200 }); // a later, larger total
    t.setNow("2026-05-11T17:00:00Z");
    await t.engine.drain();
    const { success: jobs } = await t.owner.automation.scheduled({ uuid: ann });
    expect(jobs.find((j) => j.nodeKey === "attendees")?.status).toBe("sent");
  });

  it("refuses a stranger (404) and a registrant of another event (400)", async () => {
    const stranger = (await failure(t.stranger.automation.recordAttendance({ webinarID: eventId, uuid: ann, attendedSeconds: 1 }))) as ApiError;
    expect(stranger.status).toBe(404);
    const other = await t.addEvent("2026-05-20T10:00");
    const error = await failure(t.owner.automation.recordAttendance({ webinarID: other, uuid: ann, attendedSeconds: 1 }));
    expect([error.status, error.message]).toEqual([400, "This registrant is not registered for this event."]);
  });
});

describe("delivery log and scheduled events", () => {
  it("lists the registrant's jobs and outcomes, by registrant, event or timeline", async () => {
    const { success: log, total } = await t.owner.automation.deliveries({ uuid: ann });
    expect(total).toBe(log.length);
    expect(log.map((l) => [l.nodeKey, l.outcome]).sort()).toEqual([
      ["attendees", "sent"],
      ["mail", "sent"],
      ["sms", "skipped"],
    ]);
    expect(log.find((l) => l.nodeKey === "sms")?.detail).toBe("Skipped: the registrant did not agree to text messages.");
    expect((await t.owner.automation.deliveries({ webinarID: eventId })).total).toBe(3);
    expect((await t.owner.automation.scheduled({ webinarTimeline: t.timeline.id })).total).toBe(3);
  });

  it("needs a filter, and 404s for another account's ids", async () => {
    expect((await failure(t.owner.automation.deliveries({}))).message).toBe("Give webinarTimeline, webinarID or uuid.");
    expect((await failure(t.stranger.automation.deliveries({ uuid: ann }))).status).toBe(404);
    expect((await failure(t.stranger.automation.scheduled({ webinarID: eventId }))).status).toBe(404);
  });
});

describe("dry run", () => {
  it("lists every action with its due instant in UTC and in the registrant's zone, and what would happen", async () => {
    const { success } = await t.owner.automation.simulate({
      webinarTimeline: t.timeline.id,
      webinarID: eventId,
      timeZone: "Europe/Berlin",
      registeredAt: "2026-05-01T12:00:00Z",
    });
    expect(success.map((a) => [a.nodeKey, a.dueAt, a.dueLocal, a.outcome])).toEqual([
      ["mail", "2026-05-09T16:00:00.000Z", "2026-05-09 18:00", "sent"],
      ["sms", "2026-05-10T05:00:00.000Z", "2026-05-10 07:00", "deferred"],
      ["chat", "2026-05-10T17:05:00.000Z", "2026-05-10 19:05", "live"],
      ["cta", "2026-05-10T17:20:00.000Z", "2026-05-10 19:20", "live"],
      ["attendees", "2026-05-11T16:00:00.000Z", "2026-05-11 18:00", "skipped"],
      ["unready", "2026-05-11T18:00:00.000Z", "2026-05-11 20:00", "draft"],
    ]);
    // Spec §5's required fields are checked before anything is queued: no job, and the reason.
    expect(success.find((a) => a.nodeKey === "unready")?.reason).toBe(
      "Not ready (integrationID): Pick the integration this action runs through",
    );
    const sms = success.find((a) => a.nodeKey === "sms");
    expect([sms?.runLocal, sms?.reason]).toEqual(["2026-05-10 07:30", "Deferred by quiet hours (22:00–07:30 in Europe/Berlin) until 2026-05-10 07:30."]);
    expect(success.find((a) => a.nodeKey === "attendees")?.reason).toBe("Skipped: Not in the audience Attendee (attendedHour 0).");
  });

  it("a late registrant: catch-up, for a start instant instead of an event", async () => {
    const { success } = await t.owner.automation.simulate({
      webinarTimeline: t.timeline.id,
      startTime: "2026-06-10T17:00:00Z",
      registeredAt: "2026-06-09T20:00:00Z",
      attendedSeconds: 60,
      smsConsent: false,
    });
    const byKey = Object.fromEntries(success.map((a) => [a.nodeKey, a]));
    expect(byKey.mail).toMatchObject({ outcome: "sent", runAt: "2026-06-09T20:00:00.000Z" });
    expect(byKey.sms).toMatchObject({ outcome: "skipped", reason: "Skipped: the registrant did not agree to text messages." });
    expect(byKey.attendees?.outcome).toBe("sent");
  });
});

describe("live script", () => {
  it("holds the event's live-event actions at their times; none of them became a per-registrant job", async () => {
    const { success } = await t.owner.automation.liveScript({ webinarID: eventId });
    expect(success.items.map((i) => [i.action, i.at, i.offsetSeconds, i.model])).toEqual([
      ["livechat", "2026-05-10T17:05:00.000Z", 300, { message: "Welcome!" }],
      ["cta", "2026-05-10T17:20:00.000Z", 1200, { headline: "Buy", subheadline: "Now" }],
    ]);
    const { success: jobs } = await t.owner.automation.scheduled({ uuid: ann });
    expect(jobs.map((j) => j.nodeKey).sort()).toEqual(["attendees", "mail", "sms"]);
    expect((await failure(t.stranger.automation.liveScript({ webinarID: eventId }))).status).toBe(404);
  });
});
