import { createServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AutoresponderSetting, Client } from "@cuepoint/sdk";
import { createTestApp, type TestApp } from "../../../test-support/testApp.js";
import { autoresponderNode, executeAction, PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { actionContext, makeJob } from "../../test-support/jobs.js";
import { startSmtpPeer, type SmtpPeer } from "../../test-support/smtpPeer.js";

const LOGIN = { username: "mailer@example.com", password: "smtp-pass-0001" };
const MAIL = {
  emailFrom: "events@example.com",
  nameFrom: "Cuepoint Events",
  emailSubject: "{event_subject} starts {event_day} at {event_time}",
  message: "Hi {first_name},\n\nwe start {event_date} at {event_time} ({event_timezone}). Join: {join_link}\n{custom.company}",
};

let t: TestApp;
let owner: Client;
let accountId: string;
let peer: SmtpPeer;
let smtpId: string;
const saved = { ...process.env };

beforeAll(async () => {
  process.env.CUEPOINT_ALLOW_PRIVATE_TARGETS = "true";
  process.env.CUEPOINT_INTEGRATION_TIMEOUT_MS = "5000";
  peer = await startSmtpPeer(LOGIN);
  t = await createTestApp();
  const user = await t.user();
  accountId = user.accountId;
  owner = t.client(await t.login(user.email));
  smtpId = await createSmtp(peer.port);
});
afterAll(async () => {
  process.env = saved;
  await Promise.all([t.close(), peer.close()]);
});
beforeEach(() => {
  peer.mails.length = 0;
});

async function createSmtp(port: number, password = LOGIN.password): Promise<string> {
  const { success } = await owner.integrations.create({ type: "SMTP", address: "127.0.0.1", port, username: LOGIN.username, password });
  return success.integrationid;
}

const mailJob = (integrationID = smtpId, model: Record<string, unknown> = MAIL) =>
  makeJob({ accountId, integrationType: "SMTP", action: "sendMail", integrationID, model });

/** A header of a raw message, unfolded. */
const header = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*(?:\\r\\n[ \\t].*)*)`, "im").exec(raw)?.[1]?.replace(/\r\n[ \t]/g, " ");

describe("sendMail", () => {
  it("sends through the integration's server with its login, personalised, with a stable Message-ID", async () => {
    const outcome = await executeAction(actionContext(t), mailJob());
    expect(outcome).toMatchObject({ status: "sent", detail: expect.stringMatching(/^250 /) });
    const [mail] = peer.mails;
    if (!mail) throw new Error("no mail arrived");
    expect(mail.login).toEqual(LOGIN);
    expect(mail.from).toBe("events@example.com");
    expect(mail.to).toEqual(["ada@example.com"]);
    expect(header(mail.raw, "From")).toBe("Cuepoint Events <events@example.com>");
    expect(header(mail.raw, "To")).toBe("Ada Lovelace <ada@example.com>");
    // 14:00 UTC is 9:00 AM for Ada in New York.
    expect(header(mail.raw, "Subject")).toBe("Scaling Webinars starts Tuesday at 9:00 AM");
    const body = mail.raw.slice(mail.raw.indexOf("\r\n\r\n") + 4).replace(/=\r\n/g, "");
    expect(body).toContain("Hi Ada,");
    expect(body).toContain("we start March 5, 2024 at 9:00 AM (EST). Join: https://join.example.com/evt-3?r=3Dreg-7");
    expect(body).toContain("Analytical Engines");
    const messageId = header(mail.raw, "Message-ID");
    expect(messageId).toMatch(/^<[0-9a-f]{40}@example\.com>$/);

    await executeAction(actionContext(t), { ...mailJob(), attempt: 2 });
    expect(header(peer.mails[1]?.raw ?? "", "Message-ID")).toBe(messageId);
  });

  it("gives up on a server that refuses the recipient (5xx) or the login, retries on 4xx", async () => {
    const refusing = await startSmtpPeer(LOGIN, {
      onRcptTo(address, _session, callback) {
        const temporary = address.address.startsWith("later");
        const error = new Error(temporary ? "Mailbox busy, try later" : "No such user here");
        callback(Object.assign(error, { responseCode: temporary ? 451 : 550 }));
      },
    });
    try {
      const id = await createSmtp(refusing.port);
      const ctx = actionContext(t);
      await expect(executeAction(ctx, mailJob(id))).rejects.toThrow(
        new PermanentActionError(`The SMTP server 127.0.0.1:${refusing.port} refused: 550 No such user here`),
      );
      const later = { ...mailJob(id), registrant: { ...mailJob(id).registrant, email: "later@example.com" } };
      await expect(executeAction(ctx, later)).rejects.toBeInstanceOf(RetryableActionError);
      const wrongLogin = await createSmtp(refusing.port, "not-the-password");
      const failure = await executeAction(ctx, mailJob(wrongLogin)).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(PermanentActionError);
      expect(failure).toMatchObject({ message: expect.stringMatching(/refused: 535 Invalid username or password/) });
    } finally {
      await refusing.close();
    }
  });

  it("retries when the server cannot be reached", async () => {
    const gone = await startSmtpPeer(LOGIN);
    await gone.close();
    const id = await createSmtp(gone.port);
    await expect(executeAction(actionContext(t), mailJob(id))).rejects.toThrow(
      new RetryableActionError(
        `Could not talk to the SMTP server 127.0.0.1:${gone.port}: connect ECONNREFUSED 127.0.0.1:${gone.port}`,
      ),
    );
  });

  it("retries when the server does not greet in time", async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as AddressInfo).port;
    process.env.CUEPOINT_INTEGRATION_TIMEOUT_MS = "300";
    try {
      const id = await createSmtp(port);
      await expect(executeAction(actionContext(t), mailJob(id))).rejects.toBeInstanceOf(RetryableActionError);
    } finally {
      process.env.CUEPOINT_INTEGRATION_TIMEOUT_MS = "5000";
      silent.close();
    }
  });

  it("refuses a node missing a required field, and skips a registrant without email", async () => {
    const ctx = actionContext(t);
    await expect(executeAction(ctx, mailJob(smtpId, { ...MAIL, emailSubject: "" }))).rejects.toThrow(
      new PermanentActionError("SMTP server: Enter the email subject (emailSubject)."),
    );
    const job = mailJob();
    await expect(executeAction(ctx, { ...job, registrant: { ...job.registrant, email: "" } })).resolves.toEqual({
      status: "skipped",
      reason: "the registrant has no email address",
    });
    expect(peer.mails).toHaveLength(0);
  });
});

describe("autoresponder mails", () => {
  const setting = (changes: Partial<AutoresponderSetting> = {}): AutoresponderSetting => ({
    integrations: [smtpId],
    webinar: "false",
    confirmation: "true",
    reminder: "false",
    nonattendee: "false",
    attendee: "true",
    multiEvents: [],
    confirmationTitle: "You're registered for {event_subject}",
    confirmationBody: "Hi {first_name}, see you {event_day} at {event_time}. {join_link}",
    nonattendeeTitle: "",
    nonattendeeBody: "",
    reminderTitle: "",
    reminderBody: "",
    attendeeTitle: "Thanks, {first_name}",
    attendeeBody: "Replay: {replay_link}",
    reminderMinutes: 60,
    reminders: [],
    confirmationIntegrationID: "",
    reminderIntegrationID: "",
    attendeeIntegrationID: "",
    nonattendeeIntegrationID: "",
    ...changes,
  });

  it("builds a sendMail node from the setting and sends it from the SMTP login", async () => {
    const ctx = actionContext(t);
    const made = await autoresponderNode(ctx, accountId, setting(), "confirmation", "Ada's Team");
    if (!made.ok) throw new Error(made.reason);
    expect(made.node).toMatchObject({ action: "sendMail", integrationType: "SMTP", integrationID: smtpId });
    await expect(executeAction(ctx, { ...mailJob(), node: made.node })).resolves.toMatchObject({ status: "sent" });
    const [mail] = peer.mails;
    expect(mail?.from).toBe(LOGIN.username);
    expect(header(mail?.raw ?? "", "Subject")).toBe("You're registered for Scaling Webinars");
    expect(mail?.raw).toContain("Hi Ada, see you Tuesday at 9:00 AM.");
  });

  it("says why a message cannot be sent", async () => {
    const ctx = actionContext(t);
    expect(await autoresponderNode(ctx, accountId, setting(), "reminder")).toEqual({ ok: false, reason: "the reminder email is off" });
    expect(await autoresponderNode(ctx, accountId, setting({ attendeeBody: " " }), "attendee")).toMatchObject({ ok: false });
    const stranger = await t.user();
    expect(await autoresponderNode(ctx, stranger.accountId, setting(), "confirmation")).toEqual({
      ok: false,
      reason: "the autoresponder has no SMTP integration of this account",
    });
  });

  it("naming no integration, uses the account's SMTP integration when it has exactly one", async () => {
    const ctx = actionContext(t);
    const unnamed = setting({ integrations: [] });
    const solo = await t.user();
    expect(await autoresponderNode(ctx, solo.accountId, unnamed, "confirmation")).toEqual({
      ok: false,
      reason: "the autoresponder names no integration and the account has no SMTP integration",
    });
    const soloClient = t.client(await t.login(solo.email));
    const { success } = await soloClient.integrations.create({ type: "SMTP", address: "127.0.0.1", port: peer.port, ...LOGIN });
    expect(await autoresponderNode(ctx, solo.accountId, unnamed, "confirmation")).toMatchObject({
      ok: true,
      node: { integrationID: success.integrationid, groupID: "3", model: { emailFrom: LOGIN.username } },
    });
    // This account has several (the tests above made more): which one is not guessed.
    expect(await autoresponderNode(ctx, accountId, unnamed, "confirmation")).toEqual({
      ok: false,
      reason: expect.stringMatching(/^the autoresponder names no integration and the account has \d+ SMTP integrations: pick one/),
    });
  });
});
