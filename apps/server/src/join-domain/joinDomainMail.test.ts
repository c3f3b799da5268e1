import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeAction } from "../engine/actions/index.js";
import { mailBodies } from "../integrations/test-support/mailParts.js";
import { startSmtpPeer, type SmtpPeer } from "../integrations/test-support/smtpPeer.js";
import { createEngineTestApp, type EngineTestApp } from "../engine/test-support/testSupport.js";
import { parseJoinDomains } from "../config/joinDomains.js";

/**
 * The personal links in a mail follow the timeline's join domain: the autoresponder's
 * confirmation, its merge tags filled by the engine and sent through the real SMTP executor to a
 * peer on 127.0.0.1.
 */

const LOGIN = { username: "mailer@example.com", password: "smtp-pass-0001" };
const saved = { ...process.env };
let t: EngineTestApp;
let smtp: SmtpPeer;

const setItem = (setting: "general" | "autoresponder", key: string, value: unknown) =>
  t.owner.timelines.setItem({ webinarTimeline: t.timeline.id, setting, key, value });

beforeAll(async () => {
  process.env.CUEPOINT_ALLOW_PRIVATE_TARGETS = "true";
  process.env.CUEPOINT_INTEGRATION_TIMEOUT_MS = "5000";
  smtp = await startSmtpPeer(LOGIN);
  t = await createEngineTestApp("2026-05-01T12:00:00Z", { execute: executeAction }, {
    joinDomains: parseJoinDomains("events.example.com", "https://cuepoint.test"),
  });
  await t.addEvent("2026-05-10T10:00");
  await t.owner.integrations.create({ type: "SMTP", address: "127.0.0.1", port: smtp.port, ...LOGIN });
  await setItem("autoresponder", "confirmation", "true");
  await setItem("autoresponder", "confirmationTitle", "You're in, {first_name}");
  await setItem("autoresponder", "confirmationBody", "Join: {join_link}\nReplay: {replay_link}");
});
afterAll(async () => {
  process.env = saved;
  await t.stop();
  await smtp.close();
});

const bodyTo = (address: string) => {
  const mail = smtp.mails.find((m) => m.to.includes(address));
  if (!mail) throw new Error(`no mail to ${address}`);
  return mailBodies(mail.raw);
};

describe("links in mails", () => {
  it("use the server's own address while the timeline has no join domain", async () => {
    const ada = await t.register("ada@example.com");
    await t.engine.drain();
    expect(bodyTo("ada@example.com").text).toContain(`Join: https://cuepoint.test/join/${ada}\nReplay: https://cuepoint.test/replay/${ada}`);
  });

  it("use the join domain once the timeline names one, in the text and the HTML part", async () => {
    await setItem("general", "joinDomain", "events.example.com");
    const bob = await t.register("bob@example.com");
    await t.engine.drain();
    const { text, html } = bodyTo("bob@example.com");
    expect(text).toContain(`Join: https://events.example.com/join/${bob}\nReplay: https://events.example.com/replay/${bob}`);
    expect(html).toContain(`href="https://events.example.com/join/${bob}"`);
    expect(text).not.toContain("cuepoint.test");
  });
});
