import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REGISTRATION_HONEYPOT_FIELD, REGISTRATION_RENDERED_FIELD } from "@cuepoint/sdk";
import { registrants, timelines } from "../../db/schema/index.js";
import { insertEvent, insertTimeline } from "../../leads/test-support/testFixtures.js";
import { setPublicRateLimits } from "../rateLimits.js";
import { createTestApp, type TestApp } from "../../test-support/testApp.js";

let t: TestApp;
let accountId: string;
const HOUR = 3_600_000;
const OWN = "https://cuepoint.test";
let ipCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  setPublicRateLimits(t.db, { perIp: { max: 3, windowMs: 60_000 }, perTimeline: { max: 1000, windowMs: 60_000 } });
  accountId = (await t.user()).accountId;
});
afterAll(() => t.close());

/** A timeline with two upcoming sessions (and one past). */
async function webinar(setting: { registration?: object; general?: object; page?: object } = {}) {
  const timelineId = await insertTimeline(t.db.orm, accountId, {
    registration: setting.registration ?? {},
    general: { timeZone: "Europe/Paris", timelineName: "Launch", description: "Learn the launch.", organizer: "Acme", ...setting.general },
    ...(setting.page && { page: setting.page }),
  });
  const now = Date.now();
  await insertEvent(t.db.orm, { accountId, timelineId, startsAt: new Date(now - 2 * HOUR) });
  const next = await insertEvent(t.db.orm, { accountId, timelineId, startsAt: new Date(now + HOUR), name: "Tuesday" });
  const later = await insertEvent(t.db.orm, { accountId, timelineId, startsAt: new Date(now + 25 * HOUR), name: "Wednesday" });
  return { timelineId, next, later };
}

const get = (path: string) => t.app.request(`http://localhost${path}`);

/** The page's signed render time, as a browser would post it. */
async function renderedOf(path: string): Promise<string> {
  const html = await (await get(path)).text();
  return /name="cp_rendered" value="([^"]+)"/.exec(html)![1]!;
}

/** Posts the form as a browser on `origin` does; `wait` moves the clock past the timing check first. */
async function post(path: string, fields: Record<string, string>, options: { origin?: string | null; ip?: string; rendered?: boolean } = {}) {
  const body = new URLSearchParams(fields);
  if (options.rendered !== false && !(REGISTRATION_RENDERED_FIELD in fields)) {
    body.set(REGISTRATION_RENDERED_FIELD, await renderedOf(path));
    t.clock.advance(3_000);
  }
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    "x-forwarded-for": options.ip ?? `198.51.100.${++ipCounter}`,
  };
  if (options.origin !== null) headers.origin = options.origin ?? OWN;
  return t.app.request(`http://localhost${path}`, { method: "POST", body: body.toString(), headers });
}

const registrantsOf = (timelineId: string) => t.db.orm.select().from(registrants).where(eq(registrants.timelineId, timelineId));

describe("GET /register/{timelineID}", () => {
  it("renders the event, its sessions in the timeline's zone, the form with custom fields, meta tags and a CSP", async () => {
    const { timelineId } = await webinar({
      registration: { customeEnable: true, customForms: [{ name: "company", label: "Company", required: true }, { name: "role", type: "select", options: ["Dev", "PM"] }] },
    });
    const response = await get(`/register/${timelineId}`);
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self' 'sha256-");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("form-action 'self' https://cuepoint.test");
    const html = await response.text();
    expect(html).toContain("<h1>Launch</h1>");
    expect(html).toContain('<meta property="og:title" content="Launch">');
    expect(html).toContain('<meta property="og:description" content="Learn the launch.">');
    expect(html).toContain(`<meta property="og:url" content="${OWN}/register/${timelineId}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toContain("Times are in the event's time zone (Europe/Paris).");
    expect(html).toMatch(/<time datetime="[^"]+" data-start>[A-Z][a-z]+day, [A-Z][a-z]+ \d+ at \d+:\d\d [AP]M GMT\+\d<\/time>/);
    expect(html).toContain(`<form method="post" action="/register/${timelineId}"`);
    expect(html).toContain('name="field_company" required');
    expect(html).toContain('<select id="f-field_role" name="field_role">');
    expect(html).toContain(`name="${REGISTRATION_HONEYPOT_FIELD}"`);
    expect(html).toContain(`data-cuepoint-registration="${timelineId}"`);
    expect(html).toContain('<script async src="/embed.js"></script>');
  });

  it("answers a friendly 404 page for an unknown, malformed or trashed timeline", async () => {
    const { timelineId } = await webinar();
    await t.db.orm.update(timelines).set({ status: "trash" }).where(eq(timelines.id, timelineId));
    for (const id of [timelineId, "7d4f8a9e-0000-4000-8000-000000000000", "nope"]) {
      for (const path of [`/register/${id}`, `/register/${id}/frame`]) {
        const response = await get(path);
        expect(response.status, path).toBe(404);
        expect(response.headers.get("content-type")).toContain("text/html");
        expect(await response.text()).toContain("This registration page is not available");
      }
    }
    expect((await post(`/register/${timelineId}`, { name: "Ann", email: "ann@example.com" }, { rendered: false })).status).toBe(404);
  });

  it("says so, without a form, when registration is closed", async () => {
    const { timelineId } = await webinar({ registration: { block: true } });
    const html = await (await get(`/register/${timelineId}`)).text();
    expect(html).toContain("Registration for this webinar is closed.");
    expect(html).not.toContain("<form");
  });
});

describe("POST /register/{timelineID} (the no-script form)", () => {
  it("registers and answers 303 to the registrant's personal link; a double submit lands on the same link", async () => {
    const { timelineId, next } = await webinar();
    const first = await post(`/register/${timelineId}`, { name: "Ann Lee", email: "ann@example.com", timeZone: "America/New_York" });
    expect(first.status).toBe(303);
    const [row] = await registrantsOf(timelineId);
    expect(row).toMatchObject({ email: "ann@example.com", name: "Ann Lee", eventId: next, timeZone: "America/New_York" });
    expect(first.headers.get("location")).toBe(`${OWN}/join/${row!.uuid}`);
    const again = await post(`/register/${timelineId}`, { name: "Ann Lee", email: "ANN@example.com" });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(await registrantsOf(timelineId)).toHaveLength(1);
  });

  it("goes to the host's thank-you page when the page settings name one", async () => {
    const { timelineId } = await webinar({ page: { confirmation: { type: "custom", url: "https://www.example.com/thanks" } } });
    const response = await post(`/register/${timelineId}`, { name: "Bo", email: "bo@example.com" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("https://www.example.com/thanks");
    expect(await registrantsOf(timelineId)).toHaveLength(1);
  });

  it("takes a static pasted form (no render time) from the host's site, and the session chosen on a multi-option form", async () => {
    const { timelineId, later } = await webinar({ registration: { type: "multi-option" } });
    const response = await post(`/register/${timelineId}`, { name: "Cy", email: "cy@example.com", eventId: later }, { origin: "https://www.example.com", rendered: false });
    expect(response.status).toBe(303);
    expect((await registrantsOf(timelineId))[0]).toMatchObject({ eventId: later });
  });

  it("shows every error beside its field and keeps what was typed (400), storing nothing", async () => {
    const { timelineId } = await webinar({
      registration: { type: "multi-option", customeEnable: true, customForms: [{ name: "company", label: "Company", required: true }, { name: "phone", label: "Mobile", type: "phone" }] },
    });
    const response = await post(`/register/${timelineId}`, { name: "Dee", email: "not-an-email", phone: "12", field_company: "", eventId: "x" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("<title>Error: Register: Launch</title>");
    expect(html).toContain('role="alert"');
    expect(html).toMatch(/id="f-email" name="email" required aria-invalid="true" aria-describedby="e-email" value="not-an-email"/);
    expect(html).toMatch(/<p class="err" id="e-email">[^<]+<\/p>/);
    expect(html).toMatch(/<p class="err" id="e-field_company">[^<]*Company[^<]*<\/p>/);
    expect(html).toMatch(/<p class="err" id="e-phone">[^<]+<\/p>/);
    expect(html).toContain('<p class="err" id="e-eventId">Choose a session to register for.</p>');
    expect(html).toContain('value="Dee"');
    expect(html).not.toContain("data-cuepoint-registration"); // the page keeps its own form, with the errors
    expect(await registrantsOf(timelineId)).toHaveLength(0);
  });

  it("refuses a filled honeypot, a post faster than a person, a forged or expired render time — keeping what was typed", async () => {
    const { timelineId } = await webinar();
    const path = `/register/${timelineId}`;
    const honeypot = await post(path, { name: "Bot", email: "bot@example.com", [REGISTRATION_HONEYPOT_FIELD]: "http://spam.example" });
    expect(honeypot.status).toBe(422);
    const honeypotHtml = await honeypot.text();
    expect(honeypotHtml).toContain("Leave this empty");
    expect(honeypotHtml).not.toContain("http://spam.example");
    expect(honeypotHtml).toContain('value="bot@example.com"');

    const rendered = await renderedOf(path); // posted at once: no wait
    const fast = await post(path, { name: "Fast", email: "fast@example.com", [REGISTRATION_RENDERED_FIELD]: rendered });
    expect(fast.status).toBe(422);
    const fastHtml = await fast.text();
    expect(fastHtml).toContain("quicker than a person");
    expect(/name="cp_rendered" value="([^"]+)"/.exec(fastHtml)![1]).not.toBe(rendered); // a fresh render time to send again with

    const [at, mac] = rendered.split(".");
    const forged = await post(path, { name: "F", email: "f@example.com", [REGISTRATION_RENDERED_FIELD]: `${Number(at) - 60_000}.${mac}` });
    expect(forged.status).toBe(400);
    const otherTimeline = await webinar();
    const elsewhere = await post(path, { name: "F", email: "f@example.com", [REGISTRATION_RENDERED_FIELD]: await renderedOf(`/register/${otherTimeline.timelineId}`) });
    expect(elsewhere.status).toBe(400);

    const old = await renderedOf(path);
    t.clock.advance(25 * HOUR);
    const expired = await post(path, { name: "Old", email: "old@example.com", [REGISTRATION_RENDERED_FIELD]: old });
    expect(expired.status).toBe(422);
    t.clock.advance(-25 * HOUR);
    expect(await registrantsOf(timelineId)).toHaveLength(0);
  });

  it("keeps the whitelist: another site is refused (403), a whitelisted one and the hosted page itself are taken", async () => {
    const { timelineId } = await webinar({ registration: { whitelist: { enabled: true, domains: ["example.com"] } } });
    const path = `/register/${timelineId}`;
    const refused = await post(path, { name: "E", email: "e@example.com" }, { origin: "https://evil.example.net" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Origin domain is not on this timeline&#39;s whitelist");
    const noOrigin = await post(path, { name: "E", email: "e@example.com" }, { origin: null });
    expect(noOrigin.status).toBe(403);
    expect((await post(path, { name: "E", email: "e@example.com" }, { origin: "https://www.example.com" })).status).toBe(303);
    expect((await post(path, { name: "G", email: "g@example.com" }, { origin: OWN })).status).toBe(303);
    expect(await registrantsOf(timelineId)).toHaveLength(2);
    // The frame may be shown only on the whitelisted sites.
    expect((await get(`${path}/frame`)).headers.get("content-security-policy")).toContain("frame-ancestors 'self' example.com *.example.com;");
  });

  it("counts valid attempts against the per-address limit: the one past it gets a 429 page with Retry-After", async () => {
    const { timelineId } = await webinar();
    const path = `/register/${timelineId}`;
    const ip = "203.0.113.77";
    for (const n of [1, 2, 3]) expect((await post(path, { name: "H", email: `h${n}@example.com` }, { ip })).status).toBe(303);
    const limited = await post(path, { name: "H", email: "h4@example.com" }, { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("Too many registrations from your network.");
    expect(await registrantsOf(timelineId)).toHaveLength(3);
  });

  it("escapes the host's texts and what was typed: no payload runs", async () => {
    const xss = `"><script>alert(1)</script><img src=x onerror=alert(1)>`;
    const { timelineId } = await webinar({
      general: { timelineName: xss, description: xss, organizer: xss },
      registration: { customeEnable: true, customForms: [{ name: "q", label: xss, required: true }, { name: "s", type: "select", options: [xss] }] },
    });
    for (const response of [await get(`/register/${timelineId}`), await get(`/register/${timelineId}/frame`), await post(`/register/${timelineId}`, { name: xss, email: xss })]) {
      const html = await response.text();
      expect(html).not.toContain("<script>alert(1)");
      expect(html).not.toContain("<img src=x");
      expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    }
  });
});

describe("the frame /register/{timelineID}/frame", () => {
  it("is the form without chrome, frameable anywhere, posting to itself; once registered it opens the personal link in the top window", async () => {
    const { timelineId } = await webinar();
    const path = `/register/${timelineId}/frame`;
    const response = await get(path);
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors *;");
    const html = await response.text();
    expect(html).toContain(`<form method="post" action="${path}"`);
    expect(html).not.toContain("og:title");
    expect(html).toContain(`data-timeline="${timelineId}"`);
    const invalid = await post(path, { name: "", email: "" });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain(`action="${path}"`);
    const registered = await post(path, { name: "Ivy", email: "ivy@example.com" });
    expect(registered.status).toBe(200);
    const [row] = await t.db.orm.select().from(registrants).where(and(eq(registrants.timelineId, timelineId), eq(registrants.email, "ivy@example.com")));
    const done = await registered.text();
    expect(done).toContain(`data-next="${OWN}/join/${row!.uuid}"`);
    expect(done).toContain(`href="${OWN}/join/${row!.uuid}" target="_top"`);
  });
});
