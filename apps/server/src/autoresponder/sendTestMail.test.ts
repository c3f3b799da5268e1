import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMasterSetting, isCuepointError, type Client } from "@cuepoint/sdk";
import { mailBodies, mailHeader } from "../integrations/test-support/mailParts.js";
import { startSmtpPeer, type SmtpPeer } from "../integrations/test-support/smtpPeer.js";
import { createTestApp, type TestApp } from "../test-support/testApp.js";

/** "Send me a test" through the real route, the SDK client and an smtp-server peer on 127.0.0.1. */

const LOGIN = { username: "mailer@example.com", password: "smtp-pass-0001" };
const saved = { ...process.env };

let t: TestApp;
let owner: Client;
let hostEmail: string;
let peer: SmtpPeer;
let timeline: string;
let connected: string;
let untested: string;

/** The server's refusal as [status, field, message]. */
async function refusal(call: Promise<unknown>): Promise<[number, string | undefined, string]> {
  const error = await call.then(() => undefined, (e: unknown) => e);
  if (!isCuepointError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return [error.status ?? 0, error.field, error.message];
}

beforeAll(async () => {
  process.env.CUEPOINT_ALLOW_PRIVATE_TARGETS = "true";
  process.env.CUEPOINT_INTEGRATION_TIMEOUT_MS = "5000";
  peer = await startSmtpPeer(LOGIN);
  t = await createTestApp();
  const user = await t.user({ name: "Grace Host" });
  hostEmail = user.email;
  owner = t.client(await t.login(user.email));
  const setting = createMasterSetting({ general: { timelineName: "Scaling Webinars", timeZone: "America/New_York", organizer: "Acme Events" } });
  timeline = (await owner.timelines.setMaster({ blocks: setting })).success.id;
  const create = (name: string) =>
    owner.integrations.create({ type: "SMTP", name, address: "127.0.0.1", port: peer.port, ...LOGIN, fromEmail: "events@acme.example" }).then((r) => r.success.integrationid);
  connected = await create("Main mail");
  await owner.integrations.test(connected);
  untested = await create("Never tested");
});
afterAll(async () => {
  process.env = saved;
  await Promise.all([t.close(), peer.close()]);
});
beforeEach(() => {
  peer.mails.length = 0;
});

describe("POST /automation/autoresponder/test", () => {
  it("mails the editor's text to the host, filled for the sample registrant in their zone, as text and HTML", async () => {
    const { success } = await owner.automation.testAutoresponder({
      webinarTimeline: timeline,
      subject: "See you {event_day}, {first_name}",
      body: "Hi {name} <3,\n\nwe start at {event_time} {event_timezone}: {join_link}",
      integrationID: connected,
    });
    expect(success).toEqual({ to: hostEmail, integrationID: connected });
    const [mail] = peer.mails;
    if (!mail) throw new Error("no test mail arrived");
    expect(mail.to).toEqual([hostEmail]);
    expect(mail.from).toBe("events@acme.example");
    expect(mailHeader(mail.raw, "Subject")).toMatch(/^\[Test\] See you \w+day, Ada$/);
    const { text, html } = mailBodies(mail.raw);
    // The sample registrant reads times in London (GMT or BST), not the timeline's New York.
    expect(text).toMatch(/^Hi Ada Lovelace <3,\n\nwe start at \d{1,2}:\d\d [AP]M (GMT|BST|GMT\+1): https:\/\/example\.com\/join\/sample$/);
    expect(html).toContain("<p>Hi Ada Lovelace &lt;3,</p>");
    expect(html).toContain('<a href="https://example.com/join/sample">https://example.com/join/sample</a>');
  });

  it("refuses, on integrationID, an integration that is not connected, not SMTP, or none at all", async () => {
    const base = { webinarTimeline: timeline, subject: "Hi", body: "Test" };
    expect(await refusal(owner.automation.testAutoresponder({ ...base, integrationID: untested }))).toEqual([
      400,
      "integrationID",
      'The SMTP integration "Never tested" is not connected: test it on the Integrations screen first.',
    ]);
    const webhook = (await owner.integrations.create({ type: "WEBHOOK" })).success.integrationid;
    expect(await refusal(owner.automation.testAutoresponder({ ...base, integrationID: webhook }))).toEqual([
      400,
      "integrationID",
      "This is not an SMTP integration of your account: pick one in the list.",
    ]);
    // None chosen and the account has two SMTP integrations: the autoresponder could not pick.
    expect(await refusal(owner.automation.testAutoresponder(base))).toEqual([
      400,
      "integrationID",
      "No SMTP integration to send the test: the autoresponder names no integration and the account has 2 SMTP integrations: pick one in the autoresponder settings.",
    ]);
    expect(peer.mails).toHaveLength(0);
  });

  it("refuses an empty subject or body, naming the field", async () => {
    expect((await refusal(owner.automation.testAutoresponder({ webinarTimeline: timeline, subject: " ", body: "x", integrationID: connected }))).slice(0, 2)).toEqual([400, "subject"]);
    expect((await refusal(owner.automation.testAutoresponder({ webinarTimeline: timeline, subject: "x", body: "\n", integrationID: connected }))).slice(0, 2)).toEqual([400, "body"]);
  });
});
