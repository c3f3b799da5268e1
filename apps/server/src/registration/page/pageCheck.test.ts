import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { registrationSnippets, type ApiError, type Client } from "@cuepoint/sdk";
import { insertEvent, insertTimeline } from "../../leads/test-support/testFixtures.js";
import { createTestApp, type TestApp } from "../../test-support/testApp.js";
import { inspectPage } from "./pageCheck.js";

const ORIGIN = "https://cuepoint.test";
let t: TestApp;
let owner: Client;
let timelineId: string;
let otherId: string;
let site: Server;
let siteUrl: string;
/** The pages the loopback site serves, by path. */
const pages = new Map<string, { status?: number; html: string; location?: string }>();

beforeAll(async () => {
  t = await createTestApp({ publicURL: ORIGIN });
  const user = await t.user();
  owner = t.client(await t.login(user.email));
  timelineId = await insertTimeline(t.db.orm, user.accountId);
  otherId = await insertTimeline(t.db.orm, user.accountId);
  await insertEvent(t.db.orm, { accountId: user.accountId, timelineId, startsAt: new Date(Date.now() + 86_400_000) });
  site = createServer((request, response) => {
    const page = pages.get(request.url ?? "");
    response.writeHead(page?.status ?? (page ? 200 : 404), { "content-type": "text/html; charset=utf-8", ...(page?.location && { location: page.location }) });
    response.end(page?.html ?? "<h1>Not found</h1>");
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const address = site.address();
  siteUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => site.close(resolve));
  await t.close();
});

const wrap = (body: string) => `<!doctype html><html><head><title>My webinar</title></head><body><h1>Join us</h1>${body}</body></html>`;

/** Serves `html` on the loopback site and runs the check through the SDK client, as the dashboard does. */
async function check(path: string, html: string, options: { status?: number; location?: string } = {}) {
  pages.set(path, { html, ...options });
  vi.stubEnv("CUEPOINT_ALLOW_PRIVATE_TARGETS", "true");
  const { success } = await owner.timelines.pageCheck(timelineId, { url: `${siteUrl}${path}` });
  return success;
}

const failing = (result: { checks: { ok: boolean; name: string }[] }) => result.checks.filter((c) => !c.ok).map((c) => c.name);

describe("POST /webinartimelinemaster/{id}/pagecheck against pages served on 127.0.0.1", () => {
  it("finds each of the ways the snippets give", async () => {
    const snippets = registrationSnippets(ORIGIN, timelineId);
    const script = await check("/script", wrap(snippets.script));
    expect(script).toMatchObject({ url: `${siteUrl}/script`, found: "script" });
    expect(failing(script)).toEqual([]);
    expect(script.checks[0]).toMatchObject({ name: "fetch", ok: true });
    expect((await check("/form", wrap(snippets.form))).found).toBe("form");
    expect((await check("/iframe", wrap(snippets.iframe))).found).toBe("iframe");
    // The hosted page itself holds the widget's element and script, and the no-script form (relative to the server).
    const hosted = await (await t.app.request(`http://localhost/register/${timelineId}`)).text();
    const inspected = inspectPage(hosted, new URL(`${ORIGIN}/register/${timelineId}`), ORIGIN, timelineId);
    expect(inspected.found).toBe("script");
    expect(inspected.checks.map((c) => [c.name, c.ok])).toEqual([["script", true], ["form", true]]);
  });

  it("says what is missing: the script stripped but the element kept, and the other way round", async () => {
    const stripped = await check("/stripped", wrap(`<div data-cuepoint-registration="${timelineId}"></div>`));
    expect(stripped.found).toBeNull();
    expect(stripped.checks.find((c) => c.name === "script")?.message).toMatch(/script that fills it is missing/);
    const noElement = await check("/no-element", wrap(`<script async src="${ORIGIN}/embed.js"></script>`));
    expect(noElement.found).toBeNull();
    expect(noElement.checks.find((c) => c.name === "script")?.message).toContain("not the element it fills");
  });

  it("names another timeline's form, iframe or element, and an iframe sandboxed out of working", async () => {
    const other = registrationSnippets(ORIGIN, otherId);
    const result = await check("/other", wrap(other.form + other.iframe + other.script));
    expect(result.found).toBeNull();
    expect(failing(result).sort()).toEqual(["form", "iframe", "script"]);
    for (const item of result.checks.filter((c) => c.name !== "fetch")) expect(item.message).toContain(otherId);
    const sandboxed = registrationSnippets(ORIGIN, timelineId).iframe.replace("<iframe ", '<iframe sandbox="allow-scripts" ');
    const boxed = await check("/sandboxed", wrap(sandboxed));
    expect(boxed.found).toBeNull();
    expect(boxed.checks.find((c) => c.name === "iframe")?.message).toContain("allow-forms");
  });

  it("finds a form working without its spam trap, and says the trap is missing", async () => {
    const form = registrationSnippets(ORIGIN, timelineId).form.replace(/<div hidden[^\n]*\n/, "");
    const result = await check("/no-trap", wrap(form));
    expect(result.found).toBe("form");
    expect(failing(result)).toEqual(["honeypot"]);
  });

  it("says so when the page holds no form, and when it cannot be read (404, redirect) — a 200 each time", async () => {
    const none = await check("/none", wrap("<p>Sign up below!</p>"));
    expect(none.found).toBeNull();
    expect(none.checks.map((c) => c.name)).toEqual(["fetch", "none"]);
    const missing = await check("/gone", "", { status: 404 });
    expect(missing.checks).toEqual([{ name: "fetch", ok: false, message: expect.stringContaining("HTTP 404") }]);
    const moved = await check("/moved", "", { status: 301, location: `${siteUrl}/script` });
    expect(moved.found).toBeNull();
    expect(moved.checks[0]?.message).toContain(`${siteUrl}/script`);
  });

  it("does not read private addresses unless the server allows them, like webhooks", async () => {
    pages.set("/script", { html: wrap(registrationSnippets(ORIGIN, timelineId).script) });
    vi.stubEnv("CUEPOINT_ALLOW_PRIVATE_TARGETS", "");
    const { success } = await owner.timelines.pageCheck(timelineId, { url: `${siteUrl}/script` });
    expect(success.found).toBeNull();
    expect(success.checks[0]).toMatchObject({ name: "fetch", ok: false, message: expect.stringContaining("private or local network") });
  });

  it("answers 400 on url for an address that is not a web page's, 404 for a timeline not the caller's", async () => {
    for (const url of ["", "ftp://example.com/x", "not a url"]) {
      const error = (await owner.timelines.pageCheck(timelineId, { url }).catch((e: unknown) => e)) as ApiError;
      expect(error.status, url).toBe(400);
      expect(error.field).toBe("url");
    }
    const stranger = t.client(await t.login((await t.user()).email));
    const error = (await stranger.timelines.pageCheck(timelineId, { url: `${siteUrl}/script` }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(404);
  });
});
