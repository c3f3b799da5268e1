import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@cuepoint/sdk";
import { registrants } from "../db/schema/index.js";
import { insertTimeline } from "../leads/test-support/testFixtures.js";
import { setPublicRateLimits } from "./rateLimits.js";
import { failure, insertWebinar, registerOn, visitorOn } from "./test-support/publicForm.js";
import { createTestApp, type TestApp } from "../test-support/testApp.js";

let t: TestApp;
let owner: Client;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  setPublicRateLimits(t.db, {
    perIp: { max: 5, windowMs: 60_000 },
    perTimeline: { max: 8, windowMs: 60_000 },
  });
  const user = await t.user();
  accountId = user.accountId;
  owner = t.client(await t.login(user.email));
});
afterAll(() => t.close());

const visitor = (page?: string, ip?: string) => visitorOn(t, page, ip);
const register = (timelineId: string, body: object, page?: string) => registerOn(t, timelineId, body, page);
const webinar = (registration?: object, general?: object) => insertWebinar(t, accountId, registration, general);

describe("GET /public/timelines/{id}/registration", () => {
  it("gives the fields, the sessions and the whitelist state, without a token", async () => {
    const { timelineId, next, later } = await webinar({
      type: "multi-option",
      customeEnable: true,
      customForms: [
        { name: "company", label: "Company", required: true },
        { name: "phone", label: "Mobile", required: true },
      ],
      whitelist: { enabled: true, domains: ["example.com"] },
    });
    const { success } = await visitor("https://events.example.com")<{ success: Record<string, unknown> }>(
      "GET",
      `/public/timelines/${timelineId}/registration`,
    );
    expect(success).toEqual({
      timelineId,
      name: "Launch",
      type: "multi-option",
      open: true,
      timeZone: "Europe/Paris",
      fields: [
        { name: "name", label: "Name", type: "text", required: true },
        { name: "email", label: "Email", type: "email", required: true },
        { name: "phone", label: "Mobile", type: "phone", required: true },
        { name: "company", label: "Company", type: "text", required: true },
      ],
      sessions: [
        {
          eventId: next,
          name: "Tuesday",
          startTime: expect.stringMatching(/Z$/) as string,
          timeZone: "America/New_York",
        },
        {
          eventId: later,
          name: "Wednesday",
          startTime: expect.stringMatching(/Z$/) as string,
          timeZone: "America/New_York",
        },
      ],
      whitelist: { enabled: true, allowed: true },
    });
    expect(JSON.stringify(success)).not.toContain("example.com");
    const elsewhere = await visitor("https://other.test")<{ success: { whitelist: unknown } }>(
      "GET",
      `/public/timelines/${timelineId}/registration`,
    );
    expect(elsewhere.success.whitelist).toEqual({ enabled: true, allowed: false });
  });

  it("offers only the next session on a one-time form, and says when registration is closed", async () => {
    const { timelineId, next } = await webinar();
    const open = await visitor()<{ success: { type: string; sessions: { eventId: string }[]; open: boolean } }>(
      "GET",
      `/public/timelines/${timelineId}/registration`,
    );
    expect(open.success).toMatchObject({ type: "one-time", open: true, sessions: [{ eventId: next }] });
    const blocked = await webinar({ block: true });
    const closed = await visitor()<{ success: { open: boolean } }>(
      "GET",
      `/public/timelines/${blocked.timelineId}/registration`,
    );
    expect(closed.success.open).toBe(false);
  });

  it("answers 404 for unknown, malformed and trashed timelines", async () => {
    const trashed = await insertTimeline(t.db.orm, accountId, {}, "trash");
    for (const id of [trashed, "00000000-0000-4000-8000-000000000000", "nope"]) {
      await expect(visitor()("GET", `/public/timelines/${id}/registration`)).rejects.toMatchObject({ status: 404 });
      await expect(register(id, { name: "Ann", email: "ann@example.com" })).rejects.toMatchObject({ status: 404 });
    }
  });
});

describe("POST /public/timelines/{id}/registrations", () => {
  it("registers for the next session, once per email: 201, then 200 with the same registrant", async () => {
    const { timelineId, next } = await webinar({ customeEnable: true, customForms: [{ name: "company" }] });
    const first = await register(timelineId, {
      name: "Ann Lee",
      email: "ann@example.com",
      phone: "+1 555 0101",
      fields: { company: "ACME", unknown: "dropped" },
      eventId: "ignored on one-time forms",
    });
    expect(first.status).toBe(201);
    const registration = first._data?.success;
    expect(registration).toMatchObject({ eventId: next, timeZone: "America/New_York", created: true });
    expect(registration?.joinUrl).toBe(`https://cuepoint.test/join/${registration?.registrantId}`);
    expect(registration?.replayUrl).toBe(`https://cuepoint.test/replay/${registration?.registrantId}`);

    const again = await register(timelineId, { name: "Someone Else", email: " ANN@example.com " });
    expect(again.status).toBe(200);
    expect(again._data?.success).toEqual({ ...registration, created: false });

    const rows = await t.db.orm.select().from(registrants).where(eq(registrants.timelineId, timelineId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Ann Lee",
      phone: "+1 555 0101",
      customFields: { company: "ACME" },
      source: "form",
      eventId: next,
    });
    // The host sees the lead.
    expect((await owner.leads.list({ filter: "ann lee" })).success.map((lead) => lead.uuid)).toEqual([
      registration?.registrantId,
    ]);
  });

  it("lets the visitor pick the session on a multi-option form", async () => {
    const { timelineId, past, later } = await webinar({ type: "multi-option" });
    const picked = await register(timelineId, { name: "Bo", email: "bo@example.com", eventId: later });
    expect(picked._data?.success.eventId).toBe(later);
    // The same person may take another session too: idempotent per email *and* event.
    await expect(register(timelineId, { name: "Bo", email: "bo@example.com", eventId: later })).resolves.toMatchObject({
      status: 200,
    });
    const missing = await failure(register(timelineId, { name: "Bo", email: "bo@example.com" }));
    expect([missing?.status, missing?.field]).toEqual([400, "eventId"]);
    const gone = await failure(register(timelineId, { name: "Bo", email: "bo@example.com", eventId: past }));
    expect([gone?.status, gone?.field]).toEqual([422, "eventId"]);
  });

  it("checks the body with the SDK's email rule and the form's fields", async () => {
    const { timelineId } = await webinar({
      customeEnable: true,
      customForms: [
        { name: "size", label: "Team size", type: "number", required: true },
        { name: "plan", type: "select", options: ["basic", "pro"] },
      ],
    });
    const cases: [object, string, string?][] = [
      [
        { name: "Ann", email: "ann@example.c", fields: { size: 3 } },
        "email",
        "The email address must end in a 2 to 10 letter suffix, like .com or .co.uk.",
      ],
      [{ email: "ann@example.com", fields: { size: 3 } }, "name", '"Name" is required.'],
      [{ name: "Ann", email: "ann@example.com" }, "fields.size", '"Team size" is required.'],
      [{ name: "Ann", email: "ann@example.com", fields: { size: "many" } }, "fields.size"],
      [{ name: "Ann", email: "ann@example.com", fields: { size: 3, plan: "gold" } }, "fields.plan"],
      [{ name: "Ann", email: "ann@example.com", phone: "call me", fields: { size: 3 } }, "phone"],
    ];
    for (const [body, field, message] of cases) {
      const error = await failure(register(timelineId, body));
      expect([error?.status, error?.field]).toEqual([400, field]);
      if (message) expect(error?.message).toBe(message);
    }
    expect(await t.db.orm.select().from(registrants).where(eq(registrants.timelineId, timelineId))).toEqual([]);
  });

  it("refuses closed forms, forms with no session left, and banned addresses", async () => {
    const closed = await webinar({ block: true });
    await expect(register(closed.timelineId, { name: "A", email: "a@example.com" })).rejects.toMatchObject({
      status: 422,
    });
    const empty = await insertTimeline(t.db.orm, accountId);
    await expect(register(empty, { name: "A", email: "a@example.com" })).rejects.toMatchObject({
      status: 422,
      message: "There is no upcoming session to register for.",
    });
    const { timelineId } = await webinar();
    const ok = await register(timelineId, { name: "Mal", email: "mal@example.com" });
    await owner.leads.ban({ uuid: ok._data?.success.registrantId ?? "" });
    const other = await webinar();
    await expect(register(other.timelineId, { name: "Mal", email: "MAL@example.com" })).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe("whitelist", () => {
  it("admits the listed domains and their subdomains, from Origin or Referer", async () => {
    const { timelineId } = await webinar({ whitelist: { enabled: true, domains: ["example.com"] } });
    let n = 0;
    const body = () => ({ name: "W", email: `w${++n}@example.com` });
    await expect(register(timelineId, body(), "https://example.com")).resolves.toMatchObject({ status: 201 });
    await expect(register(timelineId, body(), "http://www.example.com:8080")).resolves.toMatchObject({ status: 201 });
    const anonymous = await failure(
      visitor(undefined).raw("POST", `/public/timelines/${timelineId}/registrations`, body()),
    );
    expect(anonymous?.status).toBe(403); // neither Origin nor Referer
    const response = await t.app.request(`/api/public/timelines/${timelineId}/registrations`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        referer: "https://landing.example.com/page?x=1",
        "x-forwarded-for": "192.0.2.50",
      },
      body: JSON.stringify(body()),
    });
    expect(response.status).toBe(201);
  });

  it("refuses other sites with the documented message", async () => {
    const { timelineId } = await webinar({ whitelist: { enabled: true, domains: ["example.com"] } });
    for (const page of ["https://badexample.com", "https://example.com.evil.test", "null"]) {
      const error = await failure(register(timelineId, { name: "X", email: "x@example.com" }, page));
      expect([error?.status, error?.message]).toEqual([403, "Origin domain is not on this timeline's whitelist"]);
    }
  });

  it("lets every site in while the whitelist is off", async () => {
    const { timelineId } = await webinar({ whitelist: { enabled: false, domains: ["example.com"] } });
    await expect(
      register(timelineId, { name: "X", email: "x@example.com" }, "https://anywhere.test"),
    ).resolves.toMatchObject({
      status: 201,
    });
  });
});

describe("CORS", () => {
  it("answers preflights and echoes the origin on the public endpoints", async () => {
    const { timelineId } = await webinar();
    const path = `/api/public/timelines/${timelineId}/registrations`;
    const preflight = await t.app.request(path, {
      method: "OPTIONS",
      headers: {
        origin: "https://site.test",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://site.test");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    expect(preflight.headers.get("access-control-allow-headers")).toBe("content-type");
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();

    const config = await t.app.request(`/api/public/timelines/${timelineId}/registration`, {
      headers: { origin: "https://site.test" },
    });
    expect(config.headers.get("access-control-allow-origin")).toBe("https://site.test");
    // Errors too, so the widget can read the message.
    const missing = await t.app.request("/api/public/timelines/nope/registration", {
      headers: { origin: "https://site.test" },
    });
    expect([missing.status, missing.headers.get("access-control-allow-origin")]).toEqual([404, "https://site.test"]);
  });

  it("sends no CORS header on any other route", async () => {
    const token = await t.login((await t.user()).email);
    for (const [method, path] of [
      ["GET", "/api/registrants"],
      ["OPTIONS", "/api/registrants"],
      ["GET", "/api/health"],
      ["POST", "/api/login"],
    ] as const) {
      const response = await t.app.request(path, {
        method,
        headers: {
          origin: "https://site.test",
          authorization: `Bearer ${token}`,
          "access-control-request-method": "GET",
        },
      });
      expect(response.headers.get("access-control-allow-origin"), `${method} ${path}`).toBeNull();
    }
  });
});

describe("OpenAPI", () => {
  it("documents the public endpoints, with no security", async () => {
    const response = await t.app.request("/api/openapi.json");
    const { paths } = (await response.json()) as {
      paths: Record<string, Record<string, { operationId: string; security?: unknown; description?: string }>>;
    };
    const config = paths["/public/timelines/{id}/registration"]?.get;
    const register = paths["/public/timelines/{id}/registrations"]?.post;
    expect([config?.operationId, register?.operationId]).toEqual(["registration.config", "registration.register"]);
    expect([config?.security, register?.security]).toEqual([undefined, undefined]);
    expect(register?.description).toContain("Origin domain is not on this timeline's whitelist");
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });
});
