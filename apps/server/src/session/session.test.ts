import { eq } from "drizzle-orm";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, ROLE_CODES, UnauthorizedError, UserSchema, type ApiError } from "@cuepoint/sdk";
import { hashToken } from "../auth/tokens.js";
import { sessions, users } from "../db/schema/index.js";
import { createTestApp, PASSWORD, type TestApp } from "../test-support/testApp.js";

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginBackoff: { free: 3, firstWaitMs: 60_000, maxWaitMs: 15 * 60_000, memoryMs: DAY } });
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

  it("answers a disabled account's login like a wrong password, right password or not, and refuses its live tokens", async () => {
    const user = await t.user();
    const token = await t.login(user.email);
    await t.db.orm.update(users).set({ role: ROLE_CODES.disabled }).where(eq(users.id, user.id));
    const right = (await t.client().session.login(user.email, PASSWORD).catch((e: unknown) => e)) as ApiError;
    const wrong = (await t.client().session.login(user.email, "Wrong#2024x").catch((e: unknown) => e)) as ApiError;
    expect([right.status, right.message]).toEqual([401, "The email or password is not correct."]);
    expect([wrong.status, wrong.message]).toEqual([right.status, right.message]);
    await expect(t.client(token).session.validate()).rejects.toMatchObject({ status: 403 });
  });

  /** A password login from `ip` (the test app reads the client address from X-Forwarded-For). */
  const loginFrom = (ip: string, email: string, password: string) =>
    t.app.request("/api/login", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ email, password }),
    });

  it("makes a guesser's address wait, longer each time, while the owner elsewhere logs in", async () => {
    const user = await t.user();
    for (let i = 0; i < 3; i++) expect((await loginFrom("198.51.100.7", user.email, "Wrong#2024x")).status).toBe(401);
    const limited = await loginFrom("198.51.100.7", user.email, PASSWORD);
    expect(limited.status).toBe(429);
    // The test clock runs with real time: a wait of about 60 seconds.
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(50);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(((await limited.json()) as { message: string }).message).toMatch(/^Too many failed logins/);
    // The owner, from another address, is not locked out.
    expect((await loginFrom("203.0.113.9", user.email, PASSWORD)).status).toBe(200);

    t.clock.advance(60_000);
    expect((await loginFrom("198.51.100.7", user.email, "Wrong#2024x")).status).toBe(401);
    const longer = await loginFrom("198.51.100.7", user.email, PASSWORD);
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get("retry-after"))).toBeGreaterThan(110);
    t.clock.advance(120_000);
    expect((await loginFrom("198.51.100.7", user.email, PASSWORD)).status).toBe(200);
    // A success forgets the address's tries.
    for (let i = 0; i < 3; i++) expect((await loginFrom("198.51.100.7", user.email, "Wrong#2024x")).status).toBe(401);
  });

  it("lets exactly the free tries of many simultaneous guesses through", async () => {
    const user = await t.user();
    const answers = await Promise.all(
      Array.from({ length: 10 }, async () => (await loginFrom("198.51.100.8", user.email, "Wrong#2024x")).status),
    );
    expect(answers.filter((status) => status === 401)).toHaveLength(3);
    expect(answers.filter((status) => status === 429)).toHaveLength(7);
  });

  it("lifts every address's wait when the password is reset", async () => {
    const user = await t.user();
    for (const ip of ["198.51.100.10", "198.51.100.11"]) {
      for (let i = 0; i < 4; i++) await loginFrom(ip, user.email, "Wrong#2024x");
      expect((await loginFrom(ip, user.email, PASSWORD)).status).toBe(429);
    }
    await t.client().request("POST", "/forgotpassword", { email: user.email });
    await new Promise((resolve) => setTimeout(resolve, 10)); // the mail is sent after the answer
    const token = t.mailer.sent.at(-1)?.text.match(/#\/forgotPassword\?token=([\w-]+)/)?.[1] ?? "";
    await t.client().account.changePassword({ token, password: "Brand-new#2025" });
    for (const ip of ["198.51.100.10", "198.51.100.11"]) {
      expect((await loginFrom(ip, user.email, "Brand-new#2025")).status).toBe(200);
    }
  });
});

describe("POST /validate and /logout", () => {
  it("answers 401 without a token, and after logout", async () => {
    await expect(t.client().session.validate()).rejects.toMatchObject({
      status: 401,
      message: "Log in to continue: this call needs an Authorization: Bearer token or the session cookie.",
    });
    const user = await t.user();
    const token = await t.login(user.email);
    await t.client(token).request("POST", "/logout");
    await expect(t.client(token).session.validate()).rejects.toBeInstanceOf(UnauthorizedError);
  });
});

describe("cookie sessions", () => {
  const API = "http://localhost/api";
  const cookiesOf = (response: Response) =>
    Object.fromEntries(
      response.headers.getSetCookie().map((line) => {
        const [pair = "", ...attributes] = line.split(/;\s*/);
        const at = pair.indexOf("=");
        return [pair.slice(0, at), { value: decodeURIComponent(pair.slice(at + 1)), attributes }];
      }),
    );
  const loginRaw = (email: string, remember = false) =>
    t.app.request(`${API}/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD, remember }),
    });
  /** A logged-in cookie jar: the Cookie header a browser would send, and the XSRF value its scripts read. */
  async function cookieLogin(remember = false) {
    const user = await t.user({ name: "Cookie Person" });
    const response = await loginRaw(user.email, remember);
    expect(response.status).toBe(200);
    const jar = cookiesOf(response);
    const session = jar.cuepoint_session?.value ?? "";
    const xsrf = jar["XSRF-TOKEN"]?.value ?? "";
    return { user, jar, xsrf, cookie: `cuepoint_session=${session}; XSRF-TOKEN=${encodeURIComponent(xsrf)}` };
  }
  const rename = (headers: Record<string, string>, name: string) =>
    t.app.request(`${API}/updateuser`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ name }),
    });
  const nameOf = async (id: string) =>
    (await t.db.orm.select({ name: users.name }).from(users).where(eq(users.id, id)))[0]?.name;

  it("sets an HttpOnly session cookie and a readable XSRF cookie at login, for as long as the session", async () => {
    const { jar } = await cookieLogin();
    const session = jar.cuepoint_session;
    const xsrf = jar["XSRF-TOKEN"];
    expect(session?.value).toMatch(/^cps_/);
    expect(session?.attributes).toEqual(
      expect.arrayContaining(["Max-Age=86400", "Path=/", "HttpOnly", "Secure", "SameSite=Lax"]),
    );
    expect(xsrf?.value).toMatch(/^[\w-]{43}$/);
    expect(xsrf?.attributes).toEqual(expect.arrayContaining(["Max-Age=86400", "Path=/", "Secure", "SameSite=Lax"]));
    expect(xsrf?.attributes).not.toContain("HttpOnly");
    const remembered = await cookieLogin(true);
    expect(remembered.jar.cuepoint_session?.attributes).toContain(`Max-Age=${30 * 86400}`);
  });

  it("is not Secure when PUBLIC_URL is plain http, and an accessToken login sets no cookie", async () => {
    const plain = await createTestApp({ publicURL: "http://localhost:3000" });
    try {
      const user = await plain.user();
      const response = await plain.app.request(`${API}/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: user.email, password: PASSWORD }),
      });
      expect(cookiesOf(response).cuepoint_session?.attributes).not.toContain("Secure");
      const session = await plain.login(user.email);
      const byToken = await plain.app.request(`${API}/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ accessToken: session }),
      });
      expect(byToken.status).toBe(200);
      expect(byToken.headers.getSetCookie()).toEqual([]);
    } finally {
      await plain.close();
    }
  });

  it("authenticates GET calls by the cookie alone", async () => {
    const { user, cookie } = await cookieLogin();
    const response = await t.app.request(`${API}/user/plan`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const validate = await t.app.request(`${API}/terms_of_service`, { headers: { cookie } });
    expect(validate.status).toBe(200);
    expect(await nameOf(user.id)).toBe("Cookie Person");
  });

  it("refuses a cookie call that changes something without the XSRF header, before any side effect", async () => {
    const { user, cookie, xsrf } = await cookieLogin();
    const missing = await rename({ cookie }, "Forged");
    expect(missing.status).toBe(403);
    expect(await missing.json()).toEqual({
      success: false,
      message:
        "This call is authenticated by the session cookie, so it needs the X-XSRF-TOKEN header with the value of " +
        "the XSRF-TOKEN cookie (or an Authorization: Bearer token instead). Nothing was changed.",
    });
    const other = await cookieLogin();
    expect((await rename({ cookie, "x-xsrf-token": other.xsrf }, "Forged")).status).toBe(403);
    expect((await rename({ cookie, "x-xsrf-token": `${xsrf}x` }, "Forged")).status).toBe(403);
    expect(await nameOf(user.id)).toBe("Cookie Person");

    const echoed = await rename({ cookie, "x-xsrf-token": xsrf }, "Renamed");
    expect(echoed.status).toBe(200);
    expect(await nameOf(user.id)).toBe("Renamed");
  });

  it("works with the SDK client, which echoes the XSRF cookie", async () => {
    const { user, cookie } = await cookieLogin();
    const client = createClient({
      apiURL: API,
      fetch: (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set("cookie", cookie);
        return t.app.request(input instanceof Request ? input : String(input), { ...init, headers });
      },
      xsrf: { cookie: () => cookie },
    });
    await client.account.updateUser({ name: "Through the SDK" });
    expect(await nameOf(user.id)).toBe("Through the SDK");
  });

  it("needs no XSRF header on bearer calls, even with a cookie beside them", async () => {
    const { user, cookie } = await cookieLogin();
    const token = await t.login(user.email);
    expect((await rename({ authorization: `Bearer ${token}` }, "Bearer Name")).status).toBe(200);
    expect((await rename({ authorization: `Bearer ${token}`, cookie }, "Both")).status).toBe(200);
    expect(await nameOf(user.id)).toBe("Both");
  });

  it("clears both cookies at logout, and the cookie stops working", async () => {
    const { cookie, xsrf } = await cookieLogin();
    const out = await t.app.request(`${API}/logout`, { method: "POST", headers: { cookie, "x-xsrf-token": xsrf } });
    expect(out.status).toBe(200);
    const cleared = cookiesOf(out);
    expect([cleared.cuepoint_session?.value, cleared["XSRF-TOKEN"]?.value]).toEqual(["", ""]);
    expect(cleared.cuepoint_session?.attributes).toContain("Max-Age=0");
    expect(cleared["XSRF-TOKEN"]?.attributes).toContain("Max-Age=0");
    const after = await t.app.request(`${API}/user/plan`, { headers: { cookie } });
    expect(after.status).toBe(401);
    expect(cookiesOf(after).cuepoint_session?.attributes).toContain("Max-Age=0");
  });

  it("answers no api_token to a cookieOnly login: the HttpOnly cookie is the only copy of the credential", async () => {
    const user = await t.user();
    const response = await t.app.request(`${API}/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: user.email, password: PASSWORD, cookieOnly: true }),
    });
    const body = (await response.json()) as { success: { api_token?: string; user_uid: string } };
    expect([response.status, body.success.user_uid, body.success.api_token]).toEqual([200, user.id, undefined]);
    const session = cookiesOf(response).cuepoint_session?.value ?? "";
    expect(session).toMatch(/^cps_/);
    expect(JSON.stringify(body)).not.toContain(session);
    expect((await t.app.request(`${API}/user/plan`, { headers: { cookie: `cuepoint_session=${session}` } })).status).toBe(200);
  });

  it("puts an invoker's access token in the cookie on a cookieOnly login, with that token's scopes only", async () => {
    const user = await t.user();
    const { accessToken } = await t.client(await t.login(user.email)).tokens.create({ name: "invoker", scopes: ["account:read"] });
    const response = await t.app.request(`${API}/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ accessToken, cookieOnly: true }),
    });
    const body = (await response.json()) as { success: { api_token?: string } };
    expect([response.status, body.success.api_token]).toEqual([200, undefined]);
    const jar = cookiesOf(response);
    expect(jar.cuepoint_session?.value).toBe(accessToken);
    expect(jar.cuepoint_session?.attributes).toEqual(expect.arrayContaining(["HttpOnly", "Max-Age=86400"]));
    const xsrf = jar["XSRF-TOKEN"]?.value ?? "";
    const cookie = `cuepoint_session=${accessToken}; XSRF-TOKEN=${encodeURIComponent(xsrf)}`;
    expect((await t.app.request(`${API}/user/plan`, { headers: { cookie } })).status).toBe(200);
    expect((await rename({ cookie, "x-xsrf-token": xsrf }, "Not mine")).status).toBe(403); // no account:write
    expect((await rename({ cookie }, "Forged")).status).toBe(403); // and the XSRF check still applies
    const out = await t.app.request(`${API}/logout`, { method: "POST", headers: { cookie, "x-xsrf-token": xsrf } });
    expect([out.status, cookiesOf(out).cuepoint_session?.value]).toEqual([200, ""]);
    await expect(t.client(accessToken).account.getPlan()).resolves.toBeTruthy(); // logout forgets the cookie, not the token
  });

  it("leaves the public registration routes cookie-free", async () => {
    const { cookie } = await cookieLogin();
    const response = await t.app.request(`${API}/public/timelines/${crypto.randomUUID()}/registrations`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: "https://example.com" },
      body: JSON.stringify({ name: "Ann", email: "ann@example.com" }),
    });
    expect(response.status).toBe(404); // the cookie is not read, so there is no XSRF check to fail
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
  });
});
