import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionDeliveries } from "../db/schema/index.js";
import { executeAction } from "./actions/index.js";
import { startSmtpPeer, type SmtpPeer } from "../integrations/test-support/smtpPeer.js";
import { createEngineTestApp, type EngineTestApp } from "./test-support/testSupport.js";

/**
 * An SMTP integration whose login is no email address (SendGrid's `apikey`, an access key) sends
 * the autoresponder from its own From address and name, through smtp-server on 127.0.0.1.
 */

const LOGIN = { username: "apikey", password: "SG.secret-0001" };
const saved = { ...process.env };

let t: EngineTestApp;
let smtp: SmtpPeer;
let integrationID: string;

const setAutoresponder = (key: string, value: unknown) =>
  t.owner.timelines.setItem({ webinarTimeline: t.timeline.id, setting: "autoresponder", key, value });

beforeAll(async () => {
  process.env.CUEPOINT_ALLOW_PRIVATE_TARGETS = "true";
  process.env.CUEPOINT_INTEGRATION_TIMEOUT_MS = "5000";
  smtp = await startSmtpPeer(LOGIN);
  t = await createEngineTestApp("2026-05-01T12:00:00Z", { execute: executeAction });
  await t.addEvent("2026-05-10T10:00");
  const { success } = await t.owner.integrations.create({ type: "SMTP", address: "127.0.0.1", port: smtp.port, ...LOGIN });
  integrationID = String(success.integrationid);
  await setAutoresponder("confirmation", "true");
  await setAutoresponder("confirmationTitle", "You're in");
  await setAutoresponder("confirmationBody", "See you soon, {first_name}.");
});
afterAll(async () => {
  process.env = saved;
  await t.stop();
  await smtp.close();
});

const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, "im").exec(raw.slice(0, raw.indexOf("\r\n\r\n")))?.[1];

describe("the SMTP integration's own sender", () => {
  it("without a From address, a login that is no email address skips the mail, saying what to set", async () => {
    const ann = await t.register("ann@example.com");
    await t.engine.drain();
    const log = await t.db.orm
      .select({ outcome: actionDeliveries.outcome, detail: actionDeliveries.detail })
      .from(actionDeliveries)
      .where(and(eq(actionDeliveries.registrantId, ann), eq(actionDeliveries.nodeKey, "autoresponder:confirmation")));
    expect(log).toEqual([
      {
        outcome: "skipped",
        detail: "Skipped: the SMTP integration has no From address (and its login is not an email address): set one in the integration.",
      },
    ]);
    expect(smtp.mails).toHaveLength(0);
  });

  it("with a From address and name, logs in as apikey and sends from them", async () => {
    await t.owner.integrations.update(integrationID, {
      address: "127.0.0.1",
      port: smtp.port,
      ...LOGIN,
      fromEmail: "events@acme.example",
      fromName: "Acme Events",
    });
    await t.register("bob@example.com");
    await t.engine.drain();
    const [mail, ...others] = smtp.mails;
    expect(others).toHaveLength(0);
    expect(mail?.login).toEqual(LOGIN);
    expect(mail?.from).toBe("events@acme.example");
    expect(mail?.to).toEqual(["bob@example.com"]);
    // The timeline names no organizer: the integration's From name.
    expect(header(mail?.raw ?? "", "From")).toBe("Acme Events <events@acme.example>");
  });

  it("refuses a From address that is no email address, naming the field", async () => {
    await expect(
      t.owner.integrations.create({ type: "SMTP", address: "127.0.0.1", port: smtp.port, ...LOGIN, fromEmail: "apikey" }),
    ).rejects.toMatchObject({ status: 400, field: "blocks.fromEmail", message: "From address must be an email address such as events@example.com" });
  });
});
