import { createClient, type Client } from "@cuepoint/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.js";
import { mailSettings } from "../config/serverConfig.js";
import type { Database } from "../db/types.js";
import { startSmtpPeer, type SmtpPeer } from "../integrations/test-support/smtpPeer.js";
import { openTestDatabase } from "../test-support/testDatabase.js";
import { PASSWORD } from "../test-support/testApp.js";
import { createUser } from "../users/users.js";
import { createSmtpMailer } from "./smtpMailer.js";

// A password with the characters a URL must percent-encode, so decoding is checked too.
const ACCOUNT = { username: "mailer@example.com", password: "p@ss:w/rd 1" };
const SMTP_URL = (port: number, password = ACCOUNT.password) =>
  `smtp://${encodeURIComponent(ACCOUNT.username)}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
const FROM = "Cuepoint <no-reply@cuepoint.test>";

let peer: SmtpPeer;
let db: Database;
let client: Client;
beforeAll(async () => {
  peer = await startSmtpPeer(ACCOUNT);
  db = await openTestDatabase();
  // No `mailer` option: createApp picks SMTP because `config.mail` is set.
  const app = createApp({ db, config: { publicURL: "https://cuepoint.test", mail: { url: SMTP_URL(peer.port), from: FROM } } });
  client = createClient({
    apiURL: "http://localhost/api",
    fetch: (input, init) => app.request(input instanceof Request ? input : String(input), init),
    xsrf: false,
  });
});
afterAll(async () => {
  await peer?.close();
  await db?.close();
});

/** The text part of a raw mail, quoted-printable soft breaks and escapes undone. */
const bodyOf = (raw: string) =>
  raw
    .slice(raw.indexOf("\r\n\r\n") + 4)
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe("the SMTP mailer", () => {
  it("mails a working reset link through the SMTP server when createApp has mail settings", async () => {
    const email = `reset.${Date.now()}@example.com`;
    await createUser(db.orm, { email, role: "advanced", name: "Mail User", password: PASSWORD });
    await client.account.forgotPassword(email);
    // The route answers before the mail is sent.
    await expect.poll(() => peer.mails.find((mail) => mail.to.includes(email))).toBeTruthy();
    const mail = peer.mails.find((m) => m.to.includes(email));
    expect(mail?.from).toBe("no-reply@cuepoint.test");
    expect(mail?.login).toEqual(ACCOUNT);
    expect(mail?.raw).toMatch(/^From: Cuepoint <no-reply@cuepoint\.test>\r$/m);
    expect(mail?.raw).toMatch(/^Subject: Reset your Cuepoint password\r$/m);
    const token = bodyOf(mail?.raw ?? "").match(/https:\/\/cuepoint\.test\/#\/forgotPassword\?token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();

    await expect(client.account.checkForgotToken(token ?? "")).resolves.toMatchObject({ success: true });
    await client.account.changePassword({ token: token ?? "", password: "Mailed-reset#2025" });
    await expect(client.session.login(email, "Mailed-reset#2025")).resolves.toMatchObject({
      success: { email },
    });
    await expect(client.account.checkForgotToken(token ?? "")).rejects.toMatchObject({ status: 422 });
  });

  it("rejects a send with the server's reply when the login is refused", async () => {
    const mailer = createSmtpMailer({ url: SMTP_URL(peer.port, "wrong-password"), from: FROM });
    await expect(mailer.send({ to: "ana@example.com", subject: "x", text: "y" })).rejects.toMatchObject({
      responseCode: 535,
    });
  });
});

describe("mailSettings (CUEPOINT_SMTP_URL, CUEPOINT_MAIL_FROM)", () => {
  it("is unset without either variable, so the log mailer stays the default", () => {
    expect(mailSettings({})).toBeUndefined();
  });

  it("reads both", () => {
    const env = { CUEPOINT_SMTP_URL: "smtps://u:p@mail.example.com", CUEPOINT_MAIL_FROM: "no-reply@example.com" };
    expect(mailSettings(env)).toEqual({ url: env.CUEPOINT_SMTP_URL, from: env.CUEPOINT_MAIL_FROM });
  });

  it("stops the start with a clear message on a missing or wrong value, never showing the password", () => {
    const from = "no-reply@example.com";
    const url = "smtp://u:hunter2@mail.example.com:587";
    expect(() => mailSettings({ CUEPOINT_SMTP_URL: url })).toThrow(/needs CUEPOINT_MAIL_FROM/);
    expect(() => mailSettings({ CUEPOINT_MAIL_FROM: from })).toThrow(/CUEPOINT_SMTP_URL is not/);
    expect(() => mailSettings({ CUEPOINT_SMTP_URL: "https://u:hunter2@mail.example.com", CUEPOINT_MAIL_FROM: from })).toThrow(
      "CUEPOINT_SMTP_URL must start with smtp:// or smtps://, not https://.",
    );
    expect(() => mailSettings({ CUEPOINT_SMTP_URL: "mail.example.com:587", CUEPOINT_MAIL_FROM: from })).toThrow(
      /CUEPOINT_SMTP_URL must/,
    );
    expect(() => mailSettings({ CUEPOINT_SMTP_URL: url, CUEPOINT_MAIL_FROM: "Cuepoint <no-reply>" })).toThrow(
      "CUEPOINT_MAIL_FROM is not a usable sender: An email address needs an @, like name@example.com.",
    );
    for (const bad of ["https://u:hunter2@x.example.com", "smtp://u:hunter2@", "smtp://u:hunter2@[::1"]) {
      const message = (() => {
        try {
          mailSettings({ CUEPOINT_SMTP_URL: bad, CUEPOINT_MAIL_FROM: from });
          return "accepted";
        } catch (error) {
          return (error as Error).message;
        }
      })();
      expect(message).toMatch(/^CUEPOINT_SMTP_URL /);
      expect(message).not.toContain("hunter2");
    }
  });
});
