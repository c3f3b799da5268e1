import { eq } from "drizzle-orm";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_CODES, UnauthorizedError, UserSchema, type ApiError } from "@cuepoint/sdk";
import { hashToken } from "../auth/tokens.js";
import { sessions, users } from "../db/schema/index.js";
import { createTestApp, PASSWORD, type TestApp } from "../test-support/testApp.js";

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: { max: 3, windowMs: 15 * 60_000 } });
});
afterAll(() => t.close());

describe("POST /login", () => {
  it("answers the SDK's User with a working session token", async () => {
    const user = await t.user({ name: "Ada", role: "professional" });
    const { success } = await t.client().session.login(user.email.toUpperCase(), PASSWORD);
    const parsed = v.parse(UserSchema, success);
    expect(parsed).toMatchObject({ email: user.email, name: "Ada", role: ROLE_CODES.professional, user_uid: user.id });
    expect(success).not.toHaveProperty("password_hash");
    const again = await t.client(success.api_token).session.validate();
    expect(again.success.user_uid).toBe(user.id);
    expect(again.success.api_token).toBeUndefined();
  });

  it("stores only the token's hash", async () => {
    const user = await t.user();
    const token = await t.login(user.email);
    const rows = await t.db.orm.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("refuses a wrong password and an unknown email with the same 401", async () => {
    const user = await t.user();
    const wrong = await t
      .client()
      .session.login(user.email, "Wrong#2024x")
      .catch((e: unknown) => e);
    const unknown = await t
      .client()
      .session.login("nobody@example.com", PASSWORD)
      .catch((e: unknown) => e);
    for (const error of [wrong, unknown]) {
      expect(error).toBeInstanceOf(UnauthorizedError);
      expect((error as ApiError).message).toBe("The email or password is not correct.");
    }
  });

  it("names the missing field on bad input", async () => {
    const error = (await t
      .client()
      .session.login("a@b.co", "")
      .catch((e: unknown) => e)) as ApiError;
    expect([error.status, error.field, error.message]).toEqual([400, "password", "Enter your password."]);
    const empty = (await t
      .client()
      .request("POST", "/login", {})
      .catch((e: unknown) => e)) as ApiError;
    expect([empty.status, empty.field]).toEqual([400, "email"]);
  });

  it("expires a plain session after 1 day and a remembered one after 30", async () => {
    const user = await t.user();
    const day = await t.login(user.email);
    const month = await t.login(user.email, PASSWORD, true);
    const rows = await t.db.orm.select().from(sessions).where(eq(sessions.userId, user.id));
    const lifetime = (token: string) => {
      const row = rows.find((r) => r.tokenHash === hashToken(token));
      return row ? row.expiresAt.getTime() - row.createdAt.getTime() : 0;
    };
    expect([lifetime(day), lifetime(month)]).toEqual([DAY, 30 * DAY]);

    t.clock.advance(DAY + 1000);
    const expired = await t
      .client(day)
      .session.validate()
      .catch((e: unknown) => e);
    expect(expired).toBeInstanceOf(UnauthorizedError);
    expect((expired as ApiError).message).toBe("Your session has ended. Log in again.");
    await expect(t.client(month).session.validate()).resolves.toBeTruthy();
    t.clock.advance(29 * DAY);
    await expect(t.client(month).session.validate()).rejects.toBeInstanceOf(UnauthorizedError);
    t.clock.advance(-30 * DAY - 1000);
  });

  it("logs in with an access token without minting a new credential", async () => {
    const user = await t.user();
    const session = await t.login(user.email);
    const { accessToken } = await t.client(session).tokens.create({ name: "ci", scopes: ["account:read"] });
    const before = await t.db.orm.select().from(sessions).where(eq(sessions.userId, user.id));
    const { success } = await t.client().session.login({ accessToken });
    expect([success.user_uid, success.api_token]).toEqual([user.id, accessToken]);
    const after = await t.db.orm.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(after).toHaveLength(before.length);
    await expect(t.client().session.login({ accessToken: "cpat_nope" })).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it("refuses a disabled account, at login and for its live tokens", async () => {
    const user = await t.user();
    const token = await t.login(user.email);
    await t.db.orm.update(users).set({ role: ROLE_CODES.disabled }).where(eq(users.id, user.id));
    await expect(t.client().session.login(user.email, PASSWORD)).rejects.toMatchObject({ status: 403 });
    await expect(t.client(token).session.validate()).rejects.toMatchObject({ status: 403 });
  });

  it("limits failed logins per email, then lets a correct password through after the window", async () => {
    const user = await t.user();
    for (let i = 0; i < 3; i++)
      await t
        .client()
        .session.login(user.email, "Wrong#2024x")
        .catch(() => {});
    const limited = (await t
      .client()
      .session.login(user.email, PASSWORD)
      .catch((e: unknown) => e)) as ApiError;
    expect(limited.status).toBe(429);
    expect(limited.message).toMatch(/Too many failed logins/);
    t.clock.advance(15 * 60_000 + 1);
    await expect(t.login(user.email)).resolves.toMatch(/^cps_/);
  });
});

describe("POST /validate and /logout", () => {
  it("answers 401 without a token, and after logout", async () => {
    await expect(t.client().session.validate()).rejects.toMatchObject({
      status: 401,
      message: "Log in to continue: this call needs an Authorization: Bearer token.",
    });
    const user = await t.user();
    const token = await t.login(user.email);
    await t.client(token).request("POST", "/logout");
    await expect(t.client(token).session.validate()).rejects.toBeInstanceOf(UnauthorizedError);
  });
});
