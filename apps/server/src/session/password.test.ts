import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPassword, type ApiError } from "@cuepoint/sdk";
import { passwordResetTokens } from "../db/schema/index.js";
import { createTestApp, PASSWORD, type TestApp } from "../test-support/testApp.js";

const NEW_PASSWORD = "Brand-new#2025";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as ApiError,
  );

/** Asks for a reset link through the API and reads the token out of the mail. */
async function resetToken(email: string): Promise<string> {
  const before = t.mailer.sent.length;
  await t.client().request("POST", "/forgotpassword", { email });
  await new Promise((resolve) => setTimeout(resolve, 10)); // the mail is sent after the answer
  const mail = t.mailer.sent[before];
  const token = mail?.text.match(/#\/forgotPassword\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error("no reset link mailed");
  return token;
}

describe("POST /checkpassword", () => {
  it("checks the current password (422 on the password field when wrong)", async () => {
    const user = await t.user();
    const client = t.client(await t.login(user.email));
    await expect(client.account.checkPassword({ password: PASSWORD })).resolves.toMatchObject({ success: true });
    const wrong = await failure(client.account.checkPassword({ password: "Nope#2024x" }));
    expect([wrong?.status, wrong?.field, wrong?.message]).toEqual([
      422,
      "password",
      "The current password is not correct.",
    ]);
  });

  it("refuses a new password that breaks the SDK's rule, with the rule's own message", async () => {
    const user = await t.user();
    const client = t.client(await t.login(user.email));
    const weak = await failure(client.account.checkPassword({ password: PASSWORD, newpass: "weakpass" }));
    const rule = checkPassword("weakpass");
    expect([weak?.status, weak?.field, weak?.message]).toEqual([400, "newpass", rule.ok ? "" : rule.message]);
  });

  it("changes the password, keeps this session and ends the others", async () => {
    const user = await t.user();
    const mine = await t.login(user.email);
    const other = await t.login(user.email);
    await t.client(mine).account.checkPassword({ password: PASSWORD, newpass: NEW_PASSWORD });
    await expect(t.client(mine).session.validate()).resolves.toBeTruthy();
    await expect(t.client(other).session.validate()).rejects.toMatchObject({ status: 401 });
    await expect(t.login(user.email)).rejects.toMatchObject({ status: 401 });
    await expect(t.login(user.email, NEW_PASSWORD)).resolves.toMatch(/^cps_/);
  });

  it("is refused to personal access tokens", async () => {
    const user = await t.user();
    const { accessToken } = await t
      .client(await t.login(user.email))
      .tokens.create({ name: "x", scopes: ["account:write"] });
    await expect(t.client(accessToken).account.checkPassword({ password: PASSWORD })).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe("POST /changepassword while logged in", () => {
  it("sets the new password; needs a session and the current password", async () => {
    const user = await t.user();
    const token = await t.login(user.email);
    await expect(t.client().account.changePassword({ password: NEW_PASSWORD })).rejects.toMatchObject({ status: 401 });
    const bad = await failure(t.client(token).account.changePassword({ password: "short", currentPassword: PASSWORD }));
    expect([bad?.status, bad?.field]).toEqual([400, "password"]);
    const missing = await failure(t.client(token).account.changePassword({ password: NEW_PASSWORD }));
    expect([missing?.status, missing?.field]).toEqual([400, "currentPassword"]);
    const wrong = await failure(
      t.client(token).account.changePassword({ password: NEW_PASSWORD, currentPassword: "Wrong#2024x" }),
    );
    expect([wrong?.status, wrong?.field]).toEqual([422, "currentPassword"]);
    await expect(t.login(user.email)).resolves.toMatch(/^cps_/);
    await t.client(token).account.changePassword({ password: NEW_PASSWORD, currentPassword: PASSWORD });
    await expect(t.login(user.email, NEW_PASSWORD)).resolves.toMatch(/^cps_/);
  });

  it("makes wrong current passwords wait, shared with checkpassword", async () => {
    const user = await t.user();
    const client = t.client(await t.login(user.email));
    for (let i = 0; i < 5; i++) {
      await failure(client.account.changePassword({ password: NEW_PASSWORD, currentPassword: "Wrong#2024x" }));
    }
    const limited = await failure(client.account.checkPassword({ password: PASSWORD }));
    expect(limited?.status).toBe(429);
  });
});

describe("forgot password", () => {
  it("answers the same for known and unknown emails, and mails only the known one", async () => {
    const user = await t.user();
    const before = t.mailer.sent.length;
    const known = await t.client().request("POST", "/forgotpassword", { email: user.email });
    const unknown = await t.client().request("POST", "/forgotpassword", { email: "nobody@example.com" });
    expect(known).toEqual(unknown);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(t.mailer.sent.slice(before).map((mail) => mail.to)).toEqual([user.email]);
    const bad = await failure(t.client().request("POST", "/forgotpassword", { email: "not-an-email" }));
    expect([bad?.status, bad?.field]).toEqual([400, "email"]);
  });

  it("gives a one-time token: check it, use it, and it is gone", async () => {
    const user = await t.user();
    const session = await t.login(user.email);
    const token = await resetToken(user.email);
    const stored = await t.db.orm.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(JSON.stringify(stored)).not.toContain(token);

    await expect(t.client().account.checkForgotToken(token)).resolves.toMatchObject({ success: true });
    await t.client().account.changePassword({ token, password: NEW_PASSWORD });
    await expect(t.client(session).session.validate()).rejects.toMatchObject({ status: 401 });
    await expect(t.login(user.email, NEW_PASSWORD)).resolves.toMatch(/^cps_/);

    const reused = await failure(t.client().account.changePassword({ token, password: "Another#2026" }));
    expect([reused?.status, reused?.field]).toEqual([422, "token"]);
    await expect(t.client().account.checkForgotToken(token)).rejects.toMatchObject({ status: 422, field: "token" });
  });

  it("expires the token after one hour, and a used link voids older ones", async () => {
    const user = await t.user();
    const first = await resetToken(user.email);
    const second = await resetToken(user.email);
    await t.client().account.changePassword({ token: second, password: NEW_PASSWORD });
    await expect(t.client().account.checkForgotToken(first)).rejects.toMatchObject({ status: 422 });

    const late = await resetToken(user.email);
    t.clock.advance(60 * 60 * 1000 + 1);
    await expect(t.client().account.changePassword({ token: late, password: "Another#2026" })).rejects.toMatchObject({
      status: 422,
    });
    t.clock.advance(-(60 * 60 * 1000 + 1));
  });

  it("limits requests per email address", async () => {
    const user = await t.user();
    for (let i = 0; i < 5; i++) await t.client().request("POST", "/forgotpassword", { email: user.email });
    await expect(t.client().request("POST", "/forgotpassword", { email: user.email })).rejects.toMatchObject({
      status: 429,
    });
  });
});
