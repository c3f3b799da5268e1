import { createServer, type Server } from "node:http";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type Page } from "playwright-core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registrationSnippets } from "@cuepoint/sdk";
import { registrants } from "../../db/schema/index.js";
import { insertEvent, insertTimeline } from "../../leads/test-support/testFixtures.js";
import { freePort, listenApp } from "../../test-support/listenApp.js";
import { createTestApp, type TestApp } from "../../test-support/testApp.js";

/**
 * The hosted page and the frame in Debian's Chromium, against the real server on 127.0.0.1: the
 * no-script form with JavaScript off (errors round-trip, then the registrant's page), the iframe on
 * a page of another origin (another port) growing when errors appear, axe and 375 px.
 * Screenshots go to CUEPOINT_SCREENSHOT_DIR when it is set.
 */

const SHOTS = process.env.CUEPOINT_SCREENSHOT_DIR;
let t: TestApp;
let server: Awaited<ReturnType<typeof listenApp>>;
let site: Server;
let siteUrl: string;
let browser: Browser;
let timelineId: string;

beforeAll(async () => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  t = await createTestApp({ publicURL: origin });
  server = await listenApp(t.app, port);
  const { accountId } = await t.user();
  timelineId = await insertTimeline(t.db.orm, accountId, {
    general: {
      timelineName: "Growth Webinar: launch in 30 days",
      description: "A live walkthrough of the launch plan we use with every client.\nBring your questions.",
      organizer: "Acme Studio",
      presenters: ["Ann Lee"],
      timeZone: "Europe/Paris",
    },
    registration: { customeEnable: true, customForms: [{ name: "company", label: "Company", required: true }] },
  });
  await insertEvent(t.db.orm, { accountId, timelineId, startsAt: new Date(Date.now() + 26 * 3_600_000) });
  // Plain pages of another origin, one per snippet, as a page builder publishes them.
  const snippets = registrationSnippets(origin, timelineId);
  site = createServer((request, response) => {
    const snippet = request.url === "/form" ? snippets.form : request.url === "/script" ? snippets.script : snippets.iframe;
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="en"><head><title>Host site</title></head><body><h1>Our webinar</h1>${snippet}<p id="after">Below the form</p></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const address = site.address();
  siteUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
  await server?.close();
  await t?.close();
});

const registrantOf = async (email: string) => (await t.db.orm.select().from(registrants).where(eq(registrants.email, email)))[0];

/** Lets the signed render time age past the timing check, as a person's typing would. */
const typingTime = () => t.clock.advance(3_000);

describe("the hosted page in Chromium", () => {
  it("registers with JavaScript disabled: errors come back beside their fields with what was typed, then the registrant's page", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/register/${timelineId}`);
    await page.getByLabel("Name").fill("Ann Lee");
    await page.getByLabel("Email").fill("ann@example"); // the browser's check takes it; the SDK's rule does not
    await page.getByLabel("Company").fill("Acme");
    typingTime();
    await page.getByRole("button", { name: "Register" }).click();
    await page.waitForLoadState();
    expect(await page.title()).toMatch(/^Error: /);
    await expect.poll(() => page.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("#e-email").textContent()).not.toBe("");
    expect(await page.getByLabel("Name").inputValue()).toBe("Ann Lee");
    expect(await page.getByLabel("Company").inputValue()).toBe("Acme");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/register-errors-375.png`, fullPage: true });

    await page.getByLabel("Email").fill("ann@example.com");
    typingTime();
    await page.getByRole("button", { name: "Register" }).click();
    await page.waitForURL(/\/join\//);
    const registrant = await registrantOf("ann@example.com");
    expect(new URL(page.url()).pathname).toBe(`/join/${registrant!.uuid}`);
    expect(registrant).toMatchObject({ name: "Ann Lee", customFields: { company: "Acme" } });
    await context.close();
  });

  it("takes the pasted no-script form from a page of another origin with JavaScript disabled, and lands on the registrant's page", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${siteUrl}/form`);
    await page.getByLabel("Name").fill("Cy Park");
    await page.getByLabel("Email").fill("cy@example.com");
    await page.getByRole("button", { name: "Register" }).click();
    // The snippet has no Company field, which this timeline requires: the hosted form comes back
    // with the error beside it and what was typed, then registers.
    await page.waitForURL(new RegExp(`/register/${timelineId}$`));
    expect(await page.getByLabel("Email").inputValue()).toBe("cy@example.com");
    expect(await page.getByLabel("Company").getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Company").fill("Park Ltd");
    typingTime();
    await page.getByRole("button", { name: "Register" }).click();
    await page.waitForURL(/\/join\//);
    expect(new URL(page.url()).pathname).toBe(`/join/${(await registrantOf("cy@example.com"))!.uuid}`);
    await context.close();
  });

  it("registers through the script tag on a page of another origin (the widget)", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${siteUrl}/script`);
    const form = page.locator("[data-cuepoint-registration]");
    await form.getByLabel("Name").fill("Dee Ray");
    await form.getByLabel("Email").fill("dee@example.com");
    await form.getByLabel("Company").fill("Ray Inc");
    await form.getByRole("button", { name: "Register" }).click();
    await form.locator("strong", { hasText: "You are registered." }).waitFor();
    expect(await registrantOf("dee@example.com")).toMatchObject({ name: "Dee Ray", customFields: { company: "Ray Inc" } });
    await context.close();
  });

  it("passes axe and fits 375 px, with the widget in the form's place and without it (the no-script form)", async () => {
    // axe runs as a script, so "without" blocks embed.js rather than all scripts: the same page a
    // browser without JavaScript gets, plus the zone script.
    const looks = [
      { widget: false, width: 375, dark: false },
      { widget: false, width: 375, dark: true },
      { widget: false, width: 1280, dark: false },
      { widget: true, width: 375, dark: false },
      { widget: true, width: 1280, dark: true },
    ];
    for (const { widget, width, dark } of looks) {
      {
        const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: dark ? "dark" : "light" });
        const page: Page = await context.newPage();
        if (!widget) await page.route("**/embed.js", (route) => route.abort());
        const violations: string[] = [];
        page.on("console", (message) => {
          if (/Content.Security.Policy|Refused to/i.test(message.text())) violations.push(message.text());
        });
        await page.goto(`${server.url}/register/${timelineId}`);
        if (widget) {
          const mount = page.locator("[data-cuepoint-registration]");
          await expect.poll(() => mount.evaluate((element) => element.shadowRoot?.querySelector("form, button") != null)).toBe(true);
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${width} px, widget ${widget}, dark ${dark}`).toBeLessThanOrEqual(0);
        const { violations: found } = await new AxeBuilder({ page }).analyze();
        expect(found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
        expect(violations).toEqual([]);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/register-${widget ? "widget" : "form"}-${width}${dark ? "-dark" : ""}.png`, fullPage: true });
        await context.close();
      }
    }
  }, 120_000);

  it("sizes the iframe on a page of another origin, grows it when errors appear, and opens the registrant's page in the top window", async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
    const page = await context.newPage();
    await page.goto(siteUrl);
    const iframe = page.locator("iframe[data-cuepoint-frame]");
    const height = () => iframe.evaluate((element) => element.getBoundingClientRect().height);
    await expect.poll(() => iframe.evaluate((element) => (element as HTMLElement).style.height)).not.toBe("");
    const first = await height();
    expect(first).not.toBe(640); // no longer the fallback height
    const frame = page.frameLocator("iframe[data-cuepoint-frame]");
    await frame.getByLabel("Name").fill("Bo Diaz");
    await frame.getByLabel("Email").fill("bo@example");
    await frame.getByLabel("Company").fill("Diaz & Co");
    typingTime();
    await frame.getByRole("button", { name: "Register" }).click();
    await expect.poll(height).toBeGreaterThan(first + 20);
    expect(await frame.getByLabel("Company").inputValue()).toBe("Diaz & Co");
    // The whole form is visible: the frame's height is its content's, nothing to scroll inside it.
    const inner = await frame.locator("html").evaluate((element) => element.scrollHeight);
    expect(Math.abs((await height()) - inner)).toBeLessThanOrEqual(2);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/iframe-errors-1024.png`, fullPage: true });

    await frame.getByLabel("Email").fill("bo@example.com");
    typingTime();
    await frame.getByRole("button", { name: "Register" }).click();
    await page.waitForURL(/\/join\//);
    const registrant = await registrantOf("bo@example.com");
    expect(page.url()).toBe(`${server.url}/join/${registrant!.uuid}`);
    await context.close();
  });
});
