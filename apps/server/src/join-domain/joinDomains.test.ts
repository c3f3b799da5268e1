import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMasterSetting, isCuepointError, registrationSnippets, type Client } from "@cuepoint/sdk";
import { runtimeSettings } from "../config/serverConfig.js";
import { insertEvent, insertTimeline } from "../leads/test-support/testFixtures.js";
import { setPublicRateLimits } from "../registration/rateLimits.js";
import { createTestApp, type TestApp } from "../test-support/testApp.js";
import { linkBase, parseJoinDomains } from "../config/joinDomains.js";

const OWN = "https://cuepoint.test";
const JOIN_DOMAINS = parseJoinDomains("events.example.com, http://events.localhost:4100", OWN);
const EVENTS = "https://events.example.com";

describe("CUEPOINT_JOIN_DOMAINS", () => {
  it("reads host names as https and http:// entries as written, lower case, in order", () => {
    expect(parseJoinDomains(" Events.Example.com ,http://events.localhost:4100,https://go.example.org:8443", OWN)).toEqual([
      { domain: "events.example.com", url: "https://events.example.com" },
      { domain: "events.localhost:4100", url: "http://events.localhost:4100" },
      { domain: "go.example.org:8443", url: "https://go.example.org:8443" },
    ]);
    expect(parseJoinDomains(undefined, OWN)).toEqual([]);
    expect(parseJoinDomains(" , ", OWN)).toEqual([]);
  });

  it.each([
    ["events.example.com/webinars", /"events.example.com\/webinars" has a path: a join domain is a host name only/],
    ["https://events.example.com/?x=1", /has a path/],
    ["ftp://events.example.com", /has a scheme other than https:\/\/ or http:\/\//],
    ["https://user:pw@events.example.com", /carries a user name or password/],
    ["203.0.113.7", /is an IP address, not a host name/],
    ["localhost", /"localhost" is not a host name/],
    ["-bad-.example.com", /is not a host name/],
    ["ev ents.example.com", /is not a host name/],
  ])("refuses %s at start-up with what is wrong and how to write it", (entry, message) => {
    expect(() => parseJoinDomains(entry, OWN)).toThrow(message);
    expect(() => parseJoinDomains(entry, OWN)).toThrow(/Write host names such as events\.example\.com/);
  });

  it("refuses more than six, the same domain twice and the server's own address", () => {
    const seven = Array.from({ length: 7 }, (_, i) => `e${i}.example.com`).join(",");
    expect(() => parseJoinDomains(seven, OWN)).toThrow("CUEPOINT_JOIN_DOMAINS lists 7 domains: a server has at most 6.");
    expect(parseJoinDomains(seven.split(",").slice(0, 6).join(","), OWN)).toHaveLength(6);
    expect(() => parseJoinDomains("a.example.com, A.example.com", OWN)).toThrow('CUEPOINT_JOIN_DOMAINS lists "a.example.com" twice.');
    expect(() => parseJoinDomains("cuepoint.test", OWN)).toThrow(/is the server's own address \(PUBLIC_URL\)/);
  });

  it("is read with the rest of the environment, so a bad entry stops the start", () => {
    const env = { PUBLIC_URL: "https://app.example.com", CUEPOINT_JOIN_DOMAINS: "events.example.com" };
    expect(runtimeSettings(env).config.joinDomains).toEqual([{ domain: "events.example.com", url: EVENTS }]);
    expect(runtimeSettings({}).config.joinDomains).toEqual([]);
    expect(() => runtimeSettings({ ...env, CUEPOINT_JOIN_DOMAINS: "events.example.com/x" })).toThrow(/has a path/);
  });

  it("links go to a listed join domain, else to PUBLIC_URL (also for a domain no longer listed)", () => {
    const config = { publicURL: `${OWN}/`, joinDomains: JOIN_DOMAINS };
    expect(linkBase(config, { joinDomain: "events.example.com" })).toBe(EVENTS);
    expect(linkBase(config, { joinDomain: "events.localhost:4100" })).toBe("http://events.localhost:4100");
    expect(linkBase(config, { joinDomain: "" })).toBe(OWN);
    expect(linkBase(config, { joinDomain: "gone.example.com" })).toBe(OWN);
    expect(linkBase(config, undefined)).toBe(OWN);
  });
});

describe("a server with join domains", () => {
  let t: TestApp;
  let bare: TestApp;
  let owner: Client;
  let accountId: string;
  let ipCounter = 0;

  beforeAll(async () => {
    [t, bare] = await Promise.all([createTestApp({ joinDomains: JOIN_DOMAINS }), createTestApp()]);
    setPublicRateLimits(t.db, { perIp: { max: 100, windowMs: 60_000 }, perTimeline: { max: 1000, windowMs: 60_000 } });
    const user = await t.user();
    accountId = user.accountId;
    owner = t.client(await t.login(user.email, user.password));
  });
  afterAll(() => Promise.all([t.close(), bare.close()]));

  /** A timeline with an upcoming session. */
  async function webinar(general: object = {}, registration: object = {}) {
    const timelineId = await insertTimeline(t.db.orm, accountId, {
      registration,
      general: { timeZone: "Europe/Paris", timelineName: "Launch", description: "Learn the launch.", ...general },
    });
    await insertEvent(t.db.orm, { accountId, timelineId, startsAt: new Date(Date.now() + 3_600_000) });
    return timelineId;
  }

  /** A request as a browser sends it to `host`. */
  const on = (host: string, path: string, init: RequestInit = {}) =>
    t.app.request(`http://${host}${path}`, { ...init, headers: { host, "x-forwarded-for": `198.51.100.${++ipCounter}`, ...init.headers } });

  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(() => undefined, (e: unknown) => e);
    if (!isCuepointError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
    return { status: error.status, field: error.field, message: error.message };
  };

  it("GET /joindomains answers the operator's list to a signed-in user, and nothing without a session", async () => {
    expect((await owner.timelines.joinDomains()).success).toEqual(JOIN_DOMAINS);
    expect((await t.app.request("/api/joindomains")).status).toBe(401);
    const someone = await bare.user();
    const client = bare.client(await bare.login(someone.email, someone.password));
    expect((await client.timelines.joinDomains()).success).toEqual([]);
  });

  it("a save takes a listed domain or none, and refuses any other with 400 on general.joinDomain", async () => {
    const created = await owner.timelines.setMaster({ blocks: createMasterSetting({ general: { timelineName: "Domains", joinDomain: "events.example.com" } }) });
    const id = String(created.success.id);
    expect(created.success.setting.general.joinDomain).toBe("events.example.com");
    expect(
      await failure(owner.timelines.setMaster({ blocks: createMasterSetting({ general: { timelineName: "Evil", joinDomain: "evil.example.net" } }) })),
    ).toEqual({
      status: 400,
      field: "blocks.general.joinDomain",
      message:
        '"evil.example.net" is not a join domain of this server: pick one of events.example.com, events.localhost:4100, ' +
        "or leave it empty for Cuepoint's own address.",
    });
    const setting = createMasterSetting({ general: { timelineName: "Domains", joinDomain: "https://evil.example.net" } });
    expect(await failure(owner.timelines.setMaster({ webinarTimeline: id, blocks: setting }))).toMatchObject({ status: 400, field: "blocks.general.joinDomain" });
    expect(await failure(owner.timelines.setItem({ webinarTimeline: id, setting: "general", key: "joinDomain", value: "evil.example.net" }))).toMatchObject({
      status: 400,
      field: "value",
      message: expect.stringContaining('"evil.example.net" is not a join domain of this server'),
    });
    expect(
      await failure(owner.timelines.createGeneralSetting({ webinarTimeline: id, nodeID: "n1", general: { timelineName: "Day 2", joinDomain: "evil.example.net" } })),
    ).toMatchObject({ status: 400, field: "blocks.general.joinDomain" });
    await owner.timelines.setItem({ webinarTimeline: id, setting: "general", key: "joinDomain", value: "events.localhost:4100" });
    await owner.timelines.setItem({ webinarTimeline: id, setting: "general", key: "joinDomain", value: "" });
    const [saved] = (await owner.timelines.listMasters()).success.filter((m) => String(m.id) === id);
    expect(saved?.setting.general.joinDomain).toBe("");
  });

  it("on a server that lists none, says so", async () => {
    const someone = await bare.user();
    const client = bare.client(await bare.login(someone.email, someone.password));
    const refused = await failure(client.timelines.setMaster({ blocks: createMasterSetting({ general: { timelineName: "X", joinDomain: "events.example.com" } }) }));
    expect(refused).toMatchObject({ status: 400, field: "blocks.general.joinDomain", message: expect.stringContaining("it lists none") });
  });

  it("the hosted page on the join domain: served there, canonical and preview URL there, the registrant sent to their link there", async () => {
    const id = await webinar({ joinDomain: "events.example.com" });
    const page = await on("events.example.com", `/register/${id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<link rel="canonical" href="${EVENTS}/register/${id}">`);
    expect(html).toContain(`<meta property="og:url" content="${EVENTS}/register/${id}">`);
    expect(html).toContain(`data-join="${EVENTS}/join/"`);
    expect(page.headers.get("content-security-policy")).toContain(`form-action 'self' ${OWN} ${EVENTS}`);
    // The same page on the server's own address names the join domain as its canonical URL too.
    expect(await (await on("cuepoint.test", `/register/${id}`)).text()).toContain(`<link rel="canonical" href="${EVENTS}/register/${id}">`);

    // The no-script post from the page on the join domain (the whitelist on: the join domain is the server's own page).
    const whitelisted = await webinar({ joinDomain: "events.example.com" }, { whitelist: { enabled: true, domains: ["partner.example.org"] } });
    const rendered = /name="cp_rendered" value="([^"]+)"/.exec(await (await on("events.example.com", `/register/${whitelisted}`)).text())![1]!;
    t.clock.advance(3_000);
    const posted = await on("events.example.com", `/register/${whitelisted}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: EVENTS },
      body: new URLSearchParams({ name: "Ada", email: "ada@example.com", cp_rendered: rendered }).toString(),
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toMatch(new RegExp(`^${EVENTS}/join/[0-9a-f-]{36}$`));
  });

  it("the widget's registration answers the personal links on the join domain; the room is served there", async () => {
    const id = await webinar({ joinDomain: "events.localhost:4100" });
    const response = await on("events.localhost:4100", `/api/public/timelines/${id}/registrations`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://events.localhost:4100" },
      body: JSON.stringify({ name: "Bo", email: "bo@example.com" }),
    });
    expect(response.status).toBe(201);
    const { success } = (await response.json()) as { success: { registrantId: string; joinUrl: string; replayUrl: string } };
    expect(success.joinUrl).toBe(`http://events.localhost:4100/join/${success.registrantId}`);
    expect(success.replayUrl).toBe(`http://events.localhost:4100/replay/${success.registrantId}`);

    const room = await on("events.localhost:4100", `/join/${success.registrantId}`);
    expect(room.status).toBe(200);
    expect(await room.text()).toContain('<script src="/room.js" defer></script>');
    expect((await on("events.localhost:4100", "/room.js")).status).toBe(200);
    const snapshot = await on("events.localhost:4100", `/api/public/room/${success.registrantId}`);
    expect(snapshot.status).toBe(200);
    const calendar = await on("events.localhost:4100", `/join/${success.registrantId}/calendar.ics`);
    expect((await calendar.text()).replace(/\r\n[ \t]/g, "")).toContain(`URL;VALUE=URI:http://events.localhost:4100/join/${success.registrantId}`);
  });

  it("the page check looks for the snippets on the timeline's join domain", async () => {
    const id = await webinar({ joinDomain: "events.example.com" });
    const pages: Record<string, string> = {
      "/joined": registrationSnippets(EVENTS, id).script,
      "/own": registrationSnippets(OWN, id).script,
    };
    const site = createServer((request, response) => {
      response.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><title>Webinar</title>${pages[request.url ?? ""] ?? ""}`);
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    vi.stubEnv("CUEPOINT_ALLOW_PRIVATE_TARGETS", "true");
    try {
      const url = (path: string) => `http://127.0.0.1:${(site.address() as AddressInfo).port}${path}`;
      expect((await owner.timelines.pageCheck(id, { url: url("/joined") })).success.found).toBe("script");
      const own = (await owner.timelines.pageCheck(id, { url: url("/own") })).success;
      expect(own.found).toBeNull();
      expect(own.checks.map((c) => c.message).join(" ")).toContain(`its script comes from ${OWN}, not ${EVENTS}. Copy the script tag again.`);
    } finally {
      vi.unstubAllEnvs();
      await new Promise<void>((resolve) => site.close(() => resolve()));
    }
  });

  it("keeps the dashboard and the API off the join domains; other hosts are untouched", async () => {
    const page = await on("events.example.com", "/timelines?x=1");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(`${OWN}/timelines?x=1`);
    const api = await on("events.example.com", "/api/joindomains");
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ message: `events.example.com serves only the public event pages: the API is at ${OWN}/api.` });
    const post = await on("events.example.com", "/api/login", { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(post.status).toBe(404);
    // The same calls on the own address (or any other host) reach the API as before.
    expect((await on("cuepoint.test", "/api/joindomains")).status).toBe(401);
    expect((await on("127.0.0.1:3000", "/api/health")).status).toBe(200);
  });
});
