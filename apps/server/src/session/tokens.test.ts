import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UnauthorizedError, type ApiError, type Client } from "@cuepoint/sdk";
import { hashToken } from "../auth/tokens.js";
import { SCOPE_IDS } from "../auth/scopes.js";
import { personalAccessTokens } from "../db/schema/index.js";
import { createTestApp, type TestApp } from "../test-support/testApp.js";

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let owner: Client;
beforeAll(async () => {
  t = await createTestApp();
  owner = t.client(await t.login((await t.user()).email));
});
afterAll(() => t.close());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as ApiError,
  );

describe("personal access tokens", () => {
  it("shows the secret once and stores only its hash", async () => {
    const created = await owner.tokens.create({ name: "Zapier", scopes: ["webinars:read", "leads:write"] });
    expect(created.accessToken).toMatch(/^cpat_[\w-]{43}$/);
    expect(created.token).toMatchObject({
      name: "Zapier",
      scopes: ["webinars:read", "leads:write"],
      last_used_at: null,
    });

    const listed = await owner.tokens.list();
    expect(listed.find((token) => token.id === created.token.id)).toEqual(created.token);
    expect(JSON.stringify(listed)).not.toContain(created.accessToken);

    const rows = await t.db.orm.select().from(personalAccessTokens);
    const secret = created.accessToken.slice("cpat_".length);
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(rows.find((row) => row.id === created.token.id)?.tokenHash).toBe(hashToken(created.accessToken));
  });

  it("records when a token was last used", async () => {
    const { accessToken, token } = await owner.tokens.create({ name: "reader", scopes: ["account:read"] });
    await t.client(accessToken).account.resourceStatus();
    const [row] = await t.db.orm.select().from(personalAccessTokens).where(eq(personalAccessTokens.id, token.id));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
  });

  it("expires when asked at creation (30 days when not said, never when null), and stops working then", async () => {
    const now = t.clock.now().getTime();
    const inSeven = new Date(now + 7 * DAY).toISOString();
    const week = await owner.tokens.create({ name: "week", scopes: ["account:read"], expires_at: inSeven });
    expect(week.token.expires_at).toBe(inSeven);
    const unsaid = await owner.tokens.create({ name: "default", scopes: ["account:read"] });
    // The test clock runs: 30 days from the call, give or take the call's own time.
    expect(Math.abs(Date.parse(unsaid.token.expires_at ?? "") - now - 30 * DAY)).toBeLessThan(60_000);
    const never = await owner.tokens.create({ name: "forever", scopes: ["account:read"], expires_at: null });
    expect(never.token.expires_at).toBeNull();

    await expect(t.client(week.accessToken).account.purchases()).resolves.toBeTruthy();
    const used = (await owner.tokens.list()).find((token) => token.id === week.token.id);
    expect(Date.parse(used?.last_used_at ?? "")).toBeGreaterThanOrEqual(now);
    t.clock.advance(7 * DAY);
    try {
      await expect(t.client(week.accessToken).account.purchases()).rejects.toBeInstanceOf(UnauthorizedError);
      await expect(t.client(never.accessToken).account.purchases()).resolves.toBeTruthy();
    } finally {
      t.clock.advance(-7 * DAY);
    }
  });

  it("refuses an expiry in the past, too far ahead or not a date, on expires_at", async () => {
    const now = t.clock.now().getTime();
    for (const expires_at of [new Date(now - 1000).toISOString(), new Date(now + 400 * DAY).toISOString(), "soon"]) {
      const refused = await failure(owner.tokens.create({ name: "x", scopes: ["account:read"], expires_at }));
      expect([refused?.status, refused?.field]).toEqual([400, "expires_at"]);
    }
  });

  it("refuses unknown and missing scopes, naming the bad entry", async () => {
    const unknown = await failure(owner.tokens.create({ name: "x", scopes: ["account:read", "everything"] }));
    expect([unknown?.status, unknown?.field]).toEqual([400, "scopes.1"]);
    expect(unknown?.message).toMatch(/"everything" is not a scope/);
    await expect(owner.tokens.create({ name: "x", scopes: [] })).rejects.toMatchObject({
      status: 400,
      field: "scopes",
    });
    await expect(owner.tokens.create({ name: " ", scopes: ["account:read"] })).rejects.toMatchObject({
      status: 400,
      field: "name",
    });
  });

  it("lists the scopes", async () => {
    const scopes = await t.client().tokens.scopes();
    expect(scopes.map((scope) => scope.id)).toEqual(SCOPE_IDS);
    expect(scopes.every((scope) => scope.description.length > 0)).toBe(true);
  });

  it("revokes a token: it stops working at once", async () => {
    const { accessToken, token } = await owner.tokens.create({ name: "short-lived", scopes: ["account:read"] });
    await expect(t.client(accessToken).account.purchases()).resolves.toBeTruthy();
    await owner.tokens.delete(token.id);
    await expect(t.client(accessToken).account.purchases()).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(owner.tokens.delete(token.id)).rejects.toMatchObject({ status: 404 });
    await expect(owner.tokens.delete("not-a-uuid")).rejects.toMatchObject({ status: 404 });
  });
});

describe("scopes", () => {
  it("lets a token make the calls of its scopes and answers 403 for the rest", async () => {
    const { accessToken } = await owner.tokens.create({ name: "read only", scopes: ["account:read"] });
    const reader = t.client(accessToken);
    await expect(reader.account.resourceStatus()).resolves.toBeTruthy();
    await expect(reader.account.getPlan()).resolves.toBeTruthy();
    const denied = await failure(reader.account.updateUser({ name: "Mallory" }));
    expect([denied?.status, denied?.message]).toEqual([
      403,
      'This access token lacks the "account:write" scope. Create a token with that scope to make this call.',
    ]);
    const { accessToken: other } = await owner.tokens.create({ name: "webinars", scopes: ["webinars:read"] });
    await expect(t.client(other).account.purchases()).rejects.toMatchObject({ status: 403 });
    await expect(t.client(other).session.validate()).resolves.toBeTruthy();
  });

  it("never lets a token manage tokens or passwords, whatever its scopes", async () => {
    const { accessToken } = await owner.tokens.create({ name: "everything", scopes: [...SCOPE_IDS] });
    const token = t.client(accessToken);
    await expect(token.tokens.list()).rejects.toMatchObject({ status: 403 });
    await expect(token.tokens.create({ name: "child", scopes: ["account:read"] })).rejects.toMatchObject({
      status: 403,
    });
    await expect(token.account.changePassword({ password: "Taken-over#2024" })).rejects.toMatchObject({ status: 403 });
  });
});

describe("isolation between accounts", () => {
  it("keeps each account's tokens to itself", async () => {
    const other = t.client(await t.login((await t.user()).email));
    const { accessToken, token } = await owner.tokens.create({ name: "owner's", scopes: ["account:read"] });
    expect((await other.tokens.list()).map((listed) => listed.id)).not.toContain(token.id);
    await expect(other.tokens.delete(token.id)).rejects.toMatchObject({ status: 404 });
    await expect(t.client(accessToken).account.purchases()).resolves.toBeTruthy();
    expect((await owner.tokens.list()).map((listed) => listed.id)).toContain(token.id);
  });
});
