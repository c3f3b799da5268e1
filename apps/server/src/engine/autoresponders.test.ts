import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMasterSetting } from "@cuepoint/sdk";
import { actionDeliveries } from "../db/schema/index.js";
import { executeAction } from "./actions/index.js";
import { planAutoresponders } from "./autoresponders.js";
import { mailBodies } from "../integrations/test-support/mailParts.js";
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from "../integrations/test-support/smtpPeer.js";
import { createEngineTestApp, type EngineTestApp } from "./test-support/testSupport.js";

/**
 * The timeline's autoresponder mails, scheduled beside its nodes and sent through the real SMTP
 * executor to an smtp-server peer on 127.0.0.1, on the engine's clock.
 */

const LOGIN = { username: "mailer@example.com", password: "smtp-pass-0001" };
// Event: 2026-05-10 10:00 in Los Angeles (17:00 UTC), one hour long (scheduleLength 1).
const REMINDER_AT = "2026-05-10T16:00:00.000Z"; // an hour before the start
const AFTER_AT = "2026-05-10T18:15:00.000Z"; // the end (18:00) plus 15 minutes
const saved = { ...process.env };

let t: EngineTestApp;
let smtp: SmtpPeer;
let eventId: string;

const MESSAGES = {
  confirmation: ["You're in, {first_name}", "Hi {name}, we start {event_day}, {event_date} at {event_time} ({event_timezone}). Join: {join_link}"],
  reminder: ["Starting soon: {event_subject}", "In an hour, {first_name}: {join_link}"],
  attendee: ["Thanks for coming, {first_name}", "Replay: {replay_link}"],
  nonattendee: ["Sorry we missed you, {first_name}", "Watch the replay: {replay_link}"],
} as const;

const setAutoresponder = (key: string, value: unknown) =>
  t.owner.timelines.setItem({ webinarTimeline: t.timeline.id, setting: "autoresponder", key, value });

beforeAll(async () => {
  process.env.CUEPOINT_ALLOW_PRIVATE_TARGETS = "true";
  process.env.CUEPOINT_INTEGRATION_TIMEOUT_MS = "5000";
  smtp = await startSmtpPeer(LOGIN);
  t = await createEngineTestApp("2026-05-01T12:00:00Z", { execute: executeAction });
  eventId = await t.addEvent("2026-05-10T10:00");
  // The account's only SMTP integration; the autoresponder names none, so it is the one used.
  await t.owner.integrations.create({ type: "SMTP", address: "127.0.0.1", port: smtp.port, ...LOGIN });
  for (const [message, [title, body]] of Object.entries(MESSAGES)) {
    await setAutoresponder(message, "true");
    await setAutoresponder(`${message}Title`, title);
    await setAutoresponder(`${message}Body`, body);
  }
});
afterAll(async () => {
  process.env = saved;
  await t.stop();
  await smtp.close();
});

const jobsOf = (registrantId: string) => t.jobsOf(registrantId);

/** A header of a raw message, unfolded. */
const header = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, "im").exec(raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " "))?.[1];
/** The plain-text part. */
const bodyOf = (mail: ReceivedMail) => mailBodies(mail.raw).text;
/** The mails to one address, as [subject, body]. */
const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address)).map((m) => [header(m.raw, "Subject"), bodyOf(m)]);

describe("autoresponder mails", () => {
  let ada: string;
  let bob: string;

  it("a registration schedules every enabled message; the confirmation arrives at once, personalised", async () => {
    ada = await t.register("ada@example.com", { timeZone: "Europe/Berlin" });
    bob = await t.register("bob@example.com");
    expect(await jobsOf(ada)).toEqual({
      "autoresponder:confirmation": { at: "2026-05-01T12:00:00.000Z", status: "pending", detail: "" },
      "autoresponder:reminder": { at: REMINDER_AT, status: "pending", detail: "" },
      "autoresponder:attendee": { at: AFTER_AT, status: "pending", detail: "" },
      "autoresponder:nonattendee": { at: AFTER_AT, status: "pending", detail: "" },
    });
    await t.engine.drain();
    const [mail, ...others] = smtp.mails.filter((m) => m.to.includes("ada@example.com"));
    if (!mail) throw new Error("no confirmation arrived");
    expect(others).toHaveLength(0);
    expect(mail.login).toEqual(LOGIN);
    expect(mail.from).toBe(LOGIN.username); // the autoresponder has no From: the SMTP login
    expect(header(mail.raw, "Subject")).toBe("You're in, ada");
    // 17:00 UTC is 7:00 PM in Berlin, Ada's zone.
    expect(bodyOf(mail)).toContain(`Hi ada, we start Sunday, May 10, 2026 at 7:00 PM (GMT+2). Join: https://cuepoint.test/join/${ada}`);
    expect(header(mail.raw, "X-Cuepoint-Idempotency-Key")).toBe(`autoresponder:confirmation:${ada}:${eventId}`);
    // Bob has no zone of his own: the event's (Los Angeles).
    expect(mailsTo("bob@example.com")[0]?.[1]).toContain("at 10:00 AM (PDT)");
    expect((await jobsOf(ada))["autoresponder:confirmation"]?.status).toBe("sent");
  });

  it("turning a message off cancels its waiting jobs; turning it on again brings them back", async () => {
    await setAutoresponder("reminder", "false");
    expect((await jobsOf(ada))["autoresponder:reminder"]).toMatchObject({
      status: "canceled",
      detail: "Canceled: this autoresponder email was turned off (or has no subject or body).",
    });
    expect((await jobsOf(ada))["autoresponder:confirmation"]?.status).toBe("sent"); // finished: untouched
    await setAutoresponder("reminder", "true");
    expect((await jobsOf(bob))["autoresponder:reminder"]).toMatchObject({ status: "pending", at: REMINDER_AT });
  });

  it("turning the confirmation on later does not mail earlier registrants", async () => {
    await setAutoresponder("confirmation", "false");
    await setAutoresponder("confirmation", "true");
    await t.engine.drain();
    expect(mailsTo("ada@example.com")).toHaveLength(1);
  });

  it("the reminder goes at its offset before the event", async () => {
    t.setNow(new Date(Date.parse(REMINDER_AT) - 1000));
    await t.engine.drain();
    expect(mailsTo("bob@example.com")).toHaveLength(1);
    t.setNow(REMINDER_AT);
    await t.engine.drain();
    expect(mailsTo("bob@example.com")[1]).toEqual(["Starting soon: Launch", `In an hour, bob: https://cuepoint.test/join/${bob}`]);
    expect((await jobsOf(ada))["autoresponder:reminder"]?.status).toBe("sent");
  });

  it("a late registrant still gets the confirmation at once, whatever the catch-up policy", async () => {
    await t.owner.request("PUT", "/automation/settings", { webinarTimeline: t.timeline.id, catchUp: { mode: "skip", windowMinutes: 1440 } });
    t.setNow("2026-05-10T16:30:00Z");
    const lou = await t.register("lou@example.com");
    const jobs = await jobsOf(lou);
    expect(jobs["autoresponder:confirmation"]).toMatchObject({ status: "pending", at: "2026-05-10T16:30:00.000Z" });
    expect(jobs["autoresponder:reminder"]).toMatchObject({ status: "skipped", detail: expect.stringContaining("catch-up policy: skip") });
    await t.engine.drain();
    expect(mailsTo("lou@example.com").map(([subject]) => subject)).toEqual(["You're in, lou"]);
  });

  it("after the event: the attendee mail to those who attended, the non-attendee mail to the others", async () => {
    t.setNow("2026-05-10T18:00:00Z");
    await t.owner.request("POST", "/automation/attendance", { webinarID: eventId, uuid: ada, attendedSeconds: 1800 });
    t.setNow(new Date(Date.parse(AFTER_AT) - 1000));
    await t.engine.drain();
    expect(mailsTo("ada@example.com")).toHaveLength(2);
    t.setNow(AFTER_AT);
    await t.engine.drain();
    expect(mailsTo("ada@example.com")[2]).toEqual(["Thanks for coming, ada", `Replay: https://cuepoint.test/replay/${ada}`]);
    expect(mailsTo("ada@example.com")).toHaveLength(3);
    expect(mailsTo("bob@example.com")[2]).toEqual(["Sorry we missed you, bob", `Watch the replay: https://cuepoint.test/replay/${bob}`]);
    expect(mailsTo("bob@example.com")).toHaveLength(3);
    expect((await jobsOf(ada))["autoresponder:nonattendee"]).toMatchObject({
      status: "skipped",
      detail: "Skipped: Not in the audience Non-Attendee (attendedHour 0.5).",
    });
    expect((await jobsOf(bob))["autoresponder:attendee"]).toMatchObject({
      status: "skipped",
      detail: "Skipped: Not in the audience Attendee (attendedHour 0).",
    });
  });

  it("the dry run lists the autoresponder mails with the engine's decisions", async () => {
    const { success } = await t.owner.automation.simulate({
      webinarTimeline: t.timeline.id,
      webinarID: eventId,
      timeZone: "Europe/Berlin",
      registeredAt: "2026-05-01T12:00:00Z",
      attendedSeconds: 0,
    });
    expect(success.map((a) => [a.nodeKey, a.runAt, a.outcome])).toEqual([
      ["autoresponder:confirmation", "2026-05-01T12:00:00.000Z", "sent"],
      ["autoresponder:reminder", REMINDER_AT, "sent"],
      ["autoresponder:attendee", null, "skipped"],
      ["autoresponder:nonattendee", AFTER_AT, "sent"],
    ]);
    expect(success[1]).toMatchObject({ action: "sendMail", groupName: "Registrants", dueLocal: "2026-05-10 18:00" });
  });

  it("with no integration named and several SMTP integrations, it is skipped with the reason in the log", async () => {
    await t.owner.integrations.create({ type: "SMTP", address: "127.0.0.1", port: smtp.port, ...LOGIN });
    t.setNow("2026-05-20T12:00:00Z");
    const later = await t.addEvent("2026-05-25T10:00");
    const cy = await t.register("cy@example.com", { eventId: later });
    await t.engine.drain();
    const log = await t.db.orm
      .select({ outcome: actionDeliveries.outcome, detail: actionDeliveries.detail })
      .from(actionDeliveries)
      .where(and(eq(actionDeliveries.registrantId, cy), eq(actionDeliveries.nodeKey, "autoresponder:confirmation")));
    expect(log).toEqual([
      {
        outcome: "skipped",
        detail:
          "Skipped: the autoresponder names no integration and the account has 2 SMTP integrations: pick one in the autoresponder settings.",
      },
    ]);
    expect(mailsTo("cy@example.com")).toHaveLength(0);
  });
});

describe("planning", () => {
  const event = { startsAt: new Date("2026-05-10T17:00:00Z"), timeZone: "America/Los_Angeles" };

  it("lists enabled messages only; one without its texts is a draft with the reason; after-event mails follow the event's length", () => {
    const setting = createMasterSetting({
      general: { scheduleLength: 1.5 },
      autoresponder: { reminder: "true", reminderTitle: "Soon", reminderBody: "Hi", attendee: "true", attendeeTitle: "Thanks", confirmation: "false" },
    });
    const planned = planAutoresponders(setting, event, new Date("2026-05-01T12:00:00Z"));
    expect(planned.map((p) => [p.key, p.kind, p.plannedAt?.toISOString(), p.reason])).toEqual([
      ["autoresponder:reminder", "action", "2026-05-10T16:00:00.000Z", undefined],
      // Without a video the event lasts scheduleLength, 90 minutes: it ends 18:30, the mail goes 15 minutes later.
      ["autoresponder:attendee", "draft", "2026-05-10T18:45:00.000Z", "Not ready: the attendee email has no subject or body."],
    ]);
    // With the room's live length (a 91-minute program, from media.hls) it ends with the program.
    const withProgram = planAutoresponders(setting, event, null, 5430);
    expect(withProgram.find((p) => p.key === "autoresponder:attendee")?.plannedAt?.toISOString()).toBe("2026-05-10T18:45:30.000Z");
  });

  it("the confirmation has no instant outside a registration (a reschedule never moves or adds it)", () => {
    const setting = createMasterSetting({ autoresponder: { confirmation: "true", confirmationTitle: "In", confirmationBody: "Hi" } });
    expect(planAutoresponders(setting, event, null)).toMatchObject([{ key: "autoresponder:confirmation", kind: "action", plannedAt: null }]);
  });
});
