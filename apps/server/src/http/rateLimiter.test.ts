import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.js";
import { rateLimits } from "../db/schema/index.js";
import { createTestApp, PASSWORD, type TestApp } from "../test-support/testApp.js";
import { createRateLimiter, hitInOrder, limitSteps } from "./rateLimiter.js";

const MINUTE = 60_000;
const BACKOFF = { free: 3, firstWaitMs: 15 * MINUTE, maxWaitMs: 15 * MINUTE, memoryMs: 24 * 60 * MINUTE };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginBackoff: BACKOFF });
});
afterAll(() => t.close());

const limiter = (name: string, max = 2, windowMs = 10 * MINUTE) =>
  createRateLimiter({ orm: t.db.orm, name, max, windowMs, now: t.clock.now });

describe("createRateLimiter", () => {
  it("allows `max` hits a window, answers the wait after that, and starts again when the window ends", async () => {
    const limits = limiter("window");
    expect([await limits.hit("ann"), await limits.hit("ann")]).toEqual([0, 0]);
    const wait = await limits.hit("ann");
    expect(wait).toBeGreaterThan(9 * MINUTE);
    expect(wait).toBeLessThanOrEqual(10 * MINUTE);
    expect(await limits.hit("bob")).toBe(0); // keys count apart
    t.clock.advance(10 * MINUTE);
    expect(await limits.hit("ann")).toBe(0);
    const [row] = await t.db.orm.select().from(rateLimits).where(eq(rateLimits.key, "window:ann"));
    expect(row?.count).toBe(1);
  });

  it("forgets a key on reset", async () => {
    const limits = limiter("reset", 1);
    await limits.hit("ann");
    expect(await limits.hit("ann")).toBeGreaterThan(0);
    await limits.reset("ann");
    expect(await limits.hit("ann")).toBe(0);
  });

  it("lets exactly `max` of many simultaneous hits through", async () => {
    const limits = limiter("burst", 5);
    const waits = await Promise.all(Array.from({ length: 12 }, () => limits.hit("ann")));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
  });

  it("deletes windows that have ended, at most once a minute", async () => {
    const limits = limiter("sweep", 2, MINUTE);
    await limits.hit("old");
    t.clock.advance(2 * MINUTE);
    await limits.hit("new");
    const keys = (await t.db.orm.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).toContain("sweep:new");
    expect(keys).not.toContain("sweep:old");
  });
});

describe("hitInOrder", () => {
  it("counts an attempt on each limiter in turn, in one statement: a refused step stops the ones after it", async () => {
    const perIp = limiter("chain-ip", 2);
    const perForm = limiter("chain-form", 3);
    const hit = (ip: string) => hitInOrder([{ limiter: perIp, key: ip }, { limiter: perForm, key: "form" }]);
    expect([await hit("a"), await hit("a")]).toEqual([null, null]);
    // The address is over its limit: the form's allowance is not used up by it.
    expect(await hit("a")).toMatchObject({ index: 0, waitMs: expect.any(Number) });
    expect(await hit("b")).toBeNull();
    const refused = await hit("c");
    expect(refused?.index).toBe(1);
    expect(refused?.waitMs).toBeGreaterThan(9 * MINUTE);
    const rows = await t.db.orm.select().from(rateLimits).where(like(rateLimits.key, "chain-%"));
    expect(Object.fromEntries(rows.map((row) => [row.key, row.count]))).toEqual({
      "chain-ip:a": 3,
      "chain-ip:b": 1,
      "chain-ip:c": 1,
      "chain-form:form": 4,
    });
  });

  it("counts nothing when the statement's condition is false", async () => {
    const steps = limitSteps([{ limiter: limiter("gated"), key: "ann" }], t.clock.now(), sql`false`);
    await t.db.orm.execute(sql`with ${sql.join(steps.ctes, sql`, `)} select ${steps.columns}`);
    expect(await t.db.orm.select().from(rateLimits).where(eq(rateLimits.key, "gated:ann"))).toEqual([]);
  });
});

describe("limits shared by every instance on one database", () => {
  it("counts failed logins sent to two apps together", async () => {
    const other = createApp({ db: t.db, config: { now: t.clock.now, loginBackoff: BACKOFF } });
    const user = await t.user();
    const login = (app: typeof other, password: string) =>
      app.request("/api/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: user.email, password }),
      });
    expect((await login(t.app, "Wrong#2024x")).status).toBe(401);
    expect((await login(other, "Wrong#2024x")).status).toBe(401);
    expect((await login(t.app, "Wrong#2024x")).status).toBe(401);
    const limited = await login(other, PASSWORD);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ message: expect.stringMatching(/^Too many failed logins/) });
    expect((await login(t.app, PASSWORD)).status).toBe(429);
    t.clock.advance(15 * MINUTE);
    expect((await login(other, PASSWORD)).status).toBe(200);
  });
});
