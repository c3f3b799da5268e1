import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PUBLIC_RATE_LIMITS, setPublicRateLimits } from "./rateLimits.js";
import { failure, insertWebinar, registerOn, visitorOn } from "./test-support/publicForm.js";
import { createTestApp, type TestApp } from "../test-support/testApp.js";

/** The public registration's rate limits (rateLimits.ts): per address, per timeline, only valid attempts counted. */

let t: TestApp;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  setPublicRateLimits(t.db, {
    perIp: { max: 5, windowMs: 60_000 },
    perTimeline: { max: 8, windowMs: 60_000 },
  });
  accountId = (await t.user()).accountId;
});
afterAll(() => t.close());

const visitor = (page?: string, ip?: string) => visitorOn(t, page, ip);
const register = (timelineId: string, body: object, page?: string) => registerOn(t, timelineId, body, page);
const webinar = (registration?: object, general?: object) => insertWebinar(t, accountId, registration, general);

describe("rate limits", () => {
  it("limits registrations per address (429 with Retry-After)", async () => {
    const { timelineId } = await webinar();
    const from = visitor(undefined, "203.0.113.9");
    const send = (i: number) =>
      from.raw("POST", `/public/timelines/${timelineId}/registrations`, { name: "R", email: `r${i}@example.com` });
    for (let i = 0; i < 5; i++) await send(i);
    const error = await failure(send(5));
    expect(error?.status).toBe(429);
    expect(error?.message).toMatch(/^Too many registrations from your network\. Try again in \d+ seconds\.$/);
    const response = await t.app.request(`/api/public/timelines/${timelineId}/registrations`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9", origin: "https://site.test" },
      body: JSON.stringify({ name: "R", email: "r9@example.com" }),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(response.headers.get("access-control-expose-headers")).toContain("Retry-After");
    // Another address still gets in; after the window, this one does too.
    await expect(send(10)).rejects.toMatchObject({ status: 429 });
    await expect(register(timelineId, { name: "R", email: "other@example.com" })).resolves.toMatchObject({
      status: 201,
    });
    t.clock.advance(61_000);
    await expect(send(11)).resolves.toMatchObject({ status: 201 });
  });

  it("counts only valid attempts: refused ones use up neither the address's nor the form's allowance", async () => {
    const { timelineId } = await webinar();
    const from = visitor(undefined, "203.0.113.44");
    const send = (body: object) => from.raw("POST", `/public/timelines/${timelineId}/registrations`, body);
    for (let i = 0; i < 12; i++) {
      await expect(send({ name: "", email: `typo${i}@example.com` })).rejects.toMatchObject({ status: 400, field: "name" });
    }
    for (let i = 0; i < 5; i++) await expect(send({ name: "V", email: `v${i}@example.com` })).resolves.toMatchObject({ status: 201 });
    await expect(send({ name: "V", email: "v5@example.com" })).rejects.toMatchObject({ status: 429 });
  });

  it("lets a mailing's crowd in by default: the form's ceiling is far above 100 registrations a second", () => {
    const { perTimeline } = DEFAULT_PUBLIC_RATE_LIMITS;
    expect(perTimeline.max / (perTimeline.windowMs / 1000)).toBeGreaterThanOrEqual(200);
  });

  it("limits registrations per timeline, whoever sends them", async () => {
    const { timelineId } = await webinar();
    for (let i = 0; i < 8; i++) await register(timelineId, { name: "T", email: `t${i}@example.com` });
    await expect(register(timelineId, { name: "T", email: "t8@example.com" })).rejects.toMatchObject({ status: 429 });
    const other = await webinar();
    await expect(register(other.timelineId, { name: "T", email: "t8@example.com" })).resolves.toMatchObject({
      status: 201,
    });
  });
});
