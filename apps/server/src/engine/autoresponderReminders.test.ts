import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMasterSetting } from "@cuepoint/sdk";
import { executeAction } from "./actions/index.js";
import { mailBodies, mailHeader } from "../integrations/test-support/mailParts.js";
import { startSmtpPeer, type SmtpPeer } from "../integrations/test-support/smtpPeer.js";
import { planAutoresponders } from "./autoresponders.js";
import { createEngineTestApp, type EngineTestApp } from "./test-support/testSupport.js";

/**
 * Several reminders, each at its own time before the event (`reminderMinutes` for the spec's
 * reminder, `reminders[]` for more), and the mails' HTML part, sent through the real SMTP executor
 * to an smtp-server peer on 127.0.0.1, on the engine's clock.
 */

const LOGIN = { username: "mailer@example.com", password: "smtp-pass-0001" };
// Event: 2026-05-10 10:00 in Los Angeles (17:00 UTC).
const DAY_BEFORE = "2026-05-09T17:00:00.000Z";
const HALF_HOUR = "2026-05-10T16:30:00.000Z";
const TEN_MINUTES = "2026-05-10T16:50:00.000Z";
const saved = { ...process.env };

let t: EngineTestApp;
let smtp: SmtpPeer;
let chosen: string;

const setAutoresponder = (key: string, value: unknown) =>
  t.owner.timelines.setItem({ webinarTimeline: t.timeline.id, setting: "autoresponder", key, value });
const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));
const subjectsTo = (address: string) => mailsTo(address).map((m) => mailHeader(m.raw, "Subject"));
const reminder = (id: string, minutes: number, title: string) => ({
  id,
  enabled: "true" as "true" | "false",
  minutes,
  title,
  body: `${title}, {first_name}: {join_link}`,
});

beforeAll(async () => {
  process.env.CUEPOINT_ALLOW_PRIVATE_TARGETS = "true";
  process.env.CUEPOINT_INTEGRATION_TIMEOUT_MS = "5000";
  smtp = await startSmtpPeer(LOGIN);
  t = await createEngineTestApp("2026-05-01T12:00:00Z", { execute: executeAction });
  await t.addEvent("2026-05-10T10:00");
  // Two SMTP integrations: each mail names the one that sends it.
  await t.owner.integrations.create({ type: "SMTP", address: "127.0.0.1", port: smtp.port, ...LOGIN });
  const { success } = await t.owner.integrations.create({ type: "SMTP", name: "Chosen", address: "127.0.0.1", port: smtp.port, ...LOGIN, fromEmail: "events@acme.example" });
  chosen = String(success.integrationid);
  await setAutoresponder("confirmation", "true");
  await setAutoresponder("confirmationTitle", "You're in, {first_name}");
  await setAutoresponder("confirmationBody", "Hi {name},\n\nJoin here: {join_link}\nSee <you> soon & bye.");
  await setAutoresponder("confirmationIntegrationID", chosen);
  await setAutoresponder("reminder", "true");
  await setAutoresponder("reminderTitle", "Half an hour");
  await setAutoresponder("reminderBody", "Soon, {first_name}: {join_link}");
  await setAutoresponder("reminderMinutes", 30);
  await setAutoresponder("reminderIntegrationID", chosen);
  await setAutoresponder("reminders", [{ ...reminder("day", 1440, "Tomorrow"), integrationID: chosen }, { ...reminder("ten", 10, "Ten minutes"), integrationID: chosen }]);
});
afterAll(async () => {
  process.env = saved;
  await t.stop();
  await smtp.close();
});

describe("several reminders", () => {
  let ada: string;

  it("a registration gets one job per reminder at its own time, and a confirmation in text and HTML", async () => {
    ada = await t.register("ada@example.com", { timeZone: "Europe/Berlin" });
    expect(await t.jobsOf(ada)).toEqual({
      "autoresponder:confirmation": { at: "2026-05-01T12:00:00.000Z", status: "pending", detail: "" },
      "autoresponder:reminder": { at: HALF_HOUR, status: "pending", detail: "" },
      "autoresponder:reminder:day": { at: DAY_BEFORE, status: "pending", detail: "" },
      "autoresponder:reminder:ten": { at: TEN_MINUTES, status: "pending", detail: "" },
    });
    await t.engine.drain();
    const [mail] = mailsTo("ada@example.com");
    if (!mail) throw new Error("no confirmation arrived");
    expect(mail.from).toBe("events@acme.example"); // the chosen integration's sender
    expect(mailHeader(mail.raw, "Content-Type")).toMatch(/^multipart\/alternative;/);
    const { text, html } = mailBodies(mail.raw);
    const join = `https://cuepoint.test/join/${ada}`;
    expect(text).toBe(`Hi ada,\n\nJoin here: ${join}\nSee <you> soon & bye.`);
    expect(html).toContain(`<p>Hi ada,</p>\n<p>Join here: <a href="${join}">${join}</a><br>\nSee &lt;you&gt; soon &amp; bye.</p>`);
    expect(html).toContain("<title>You&#39;re in, ada</title>");
  });

  it("moving a reminder moves its waiting job; removing one cancels it", async () => {
    await setAutoresponder("reminders", [{ ...reminder("day", 120, "Two hours"), integrationID: chosen }]);
    const jobs = await t.jobsOf(ada);
    expect(jobs["autoresponder:reminder:day"]).toMatchObject({ at: "2026-05-10T15:00:00.000Z", status: "pending" });
    expect(jobs["autoresponder:reminder:ten"]).toMatchObject({
      status: "canceled",
      detail: "Canceled: this autoresponder email was turned off (or has no subject or body).",
    });
    await setAutoresponder("reminders", [{ ...reminder("day", 1440, "Tomorrow"), integrationID: chosen }, { ...reminder("ten", 10, "Ten minutes"), integrationID: chosen }]);
    expect(await t.jobsOf(ada)).toMatchObject({
      "autoresponder:reminder:day": { at: DAY_BEFORE, status: "pending" },
      "autoresponder:reminder:ten": { at: TEN_MINUTES, status: "pending" },
    });
  });

  it("each reminder fires at its own time, not before", async () => {
    const steps: [string, string[]][] = [
      [DAY_BEFORE, ["You're in, ada", "Tomorrow"]],
      [HALF_HOUR, ["You're in, ada", "Tomorrow", "Half an hour"]],
      [TEN_MINUTES, ["You're in, ada", "Tomorrow", "Half an hour", "Ten minutes"]],
    ];
    let before = ["You're in, ada"];
    for (const [at, subjects] of steps) {
      t.setNow(new Date(Date.parse(at) - 1000));
      await t.engine.drain();
      expect(subjectsTo("ada@example.com")).toEqual(before);
      t.setNow(at);
      await t.engine.drain();
      expect(subjectsTo("ada@example.com")).toEqual(subjects);
      before = subjects;
    }
    const last = mailsTo("ada@example.com")[3];
    expect(last && mailBodies(last.raw).text).toBe(`Ten minutes, ada: https://cuepoint.test/join/${ada}`);
    expect(mailHeader(last?.raw ?? "", "X-Cuepoint-Idempotency-Key")).toMatch(/^autoresponder:reminder:ten:/);
  });
});

describe("planning several reminders", () => {
  const event = { startsAt: new Date("2026-05-10T17:00:00Z"), timeZone: "America/Los_Angeles" };

  it("places the spec's reminder at reminderMinutes and each extra one at its minutes; off or empty ones as the single one", () => {
    const setting = createMasterSetting({
      autoresponder: {
        reminder: "true",
        reminderTitle: "Soon",
        reminderBody: "Hi",
        reminderMinutes: 0,
        reminders: [reminder("week", 7 * 1440, "Next week"), { ...reminder("off", 5, "Off"), enabled: "false" }, { id: "empty", enabled: "true", minutes: 90 }],
      },
    });
    expect(planAutoresponders(setting, event, null).map((p) => [p.key, p.kind, p.plannedAt?.toISOString()])).toEqual([
      ["autoresponder:reminder", "action", "2026-05-10T17:00:00.000Z"],
      ["autoresponder:reminder:week", "action", "2026-05-03T17:00:00.000Z"],
      ["autoresponder:reminder:empty", "draft", "2026-05-10T15:30:00.000Z"],
    ]);
  });

  it("a timeline saved before reminderMinutes existed keeps its reminder an hour before", () => {
    const setting = createMasterSetting({ autoresponder: { reminder: "true", reminderTitle: "Soon", reminderBody: "Hi" } });
    const { reminderMinutes: _gone, reminders: _none, ...old } = setting.autoresponder;
    const planned = planAutoresponders({ ...setting, autoresponder: old as typeof setting.autoresponder }, event, null);
    expect(planned.map((p) => p.plannedAt?.toISOString())).toEqual(["2026-05-10T16:00:00.000Z"]);
  });
});
