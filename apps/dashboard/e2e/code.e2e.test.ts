import { execFileSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { registrationSnippets, type RegistrationSnippets } from "@cuepoint/sdk";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { baseURL, expectNoAxeViolations, expectNoConsoleErrors, loggedInPage, openPage, screenshot, useBrowser, visit } from "./harness.js";

/*
 * The timeline editor's Code section (issue 15): the four ways with their snippets and copy
 * buttons, the builders' steps, and "Test this page" against pages served on loopback (the e2e
 * server runs with CUEPOINT_ALLOW_PRIVATE_TARGETS, see globalSetup.ts).
 */

const browser = useBrowser();
let page: Page;
let timelineID = "";
let snippets: RegistrationSnippets;
let host: Server;
let hostURL = "";

const DEMO = "Live webinar with reminders";
const section = (p: Page, name: string) => p.getByRole("navigation", { name: "Timeline editor" }).getByRole("link", { name, exact: true });

async function openCode(p: Page): Promise<void> {
  await visit(p, "/timelines");
  await p.getByRole("link", { name: DEMO, exact: true }).first().click();
  await p.getByRole("heading", { name: DEMO, level: 1 }).waitFor();
  await section(p, "Code").click();
  await p.getByRole("heading", { name: "Code", level: 2, exact: true }).waitFor();
}

/** A host's pages on another origin: one with the script tag pasted, one without any Cuepoint code. */
function hostPage(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Webinar</title></head><body><main><h1>Join the webinar</h1>${body}</main></body></html>`;
}

beforeAll(async () => {
  page = await loggedInPage(browser());
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL() });
  await openCode(page);
  timelineID = new URL(page.url()).hash.split("?")[0]!.split("/").pop()!;
  snippets = registrationSnippets(baseURL(), timelineID);
  const pages: Record<string, string> = {
    "/with-script": hostPage(snippets.script),
    "/plain": hostPage("<p>Sign up soon.</p>"),
    "/way/script": hostPage(snippets.script),
    "/way/form": hostPage(snippets.form),
    "/way/iframe": hostPage(snippets.iframe),
    "/way/page": hostPage(`<p><a href="${snippets.page}">Register for the webinar</a></p>`),
  };
  host = createServer((request, response) => {
    const html = pages[request.url ?? ""];
    if (!html) return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  hostURL = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => (host ? host.close(() => resolve()) : resolve())));
afterEach(() => expectNoConsoleErrors(page));

const clipboard = (p: Page) => p.evaluate(() => navigator.clipboard.readText());

describe("the Code section", () => {
  it("copies each of the four ways, script tag first", async () => {
    const ways = page.getByRole("region", { name: "Ways to add the form" });
    const headings = await ways.getByRole("heading", { level: 3 }).allTextContents();
    expect(headings).toEqual(["Script tag", "HTML form (no script)", "iframe", "Hosted page link"]);
    for (const [button, expected, field] of [
      ["Copy script tag", snippets.script, "Script tag code"],
      ["Copy HTML form", snippets.form, "HTML form (no script) code"],
      ["Copy iframe", snippets.iframe, "iframe code"],
      ["Copy link", snippets.page, "Hosted page address"],
    ] as const) {
      expect(await ways.getByLabel(field, { exact: true }).inputValue()).toBe(expected);
      await ways.getByRole("button", { name: button, exact: true }).click();
      await expect.poll(() => clipboard(page)).toBe(expected);
    }
    await expect.poll(() => page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: "copied" }).count()).toBeGreaterThan(0);
    expect(await ways.getByRole("link", { name: /Open the hosted page/ }).getAttribute("href")).toBe(snippets.page);
  });

  it("says which way to use in the picked builder and where to paste it, and remembers the pick", async () => {
    const picker = page.getByLabel("Your page builder");
    await picker.selectOption({ label: "Kajabi" });
    await page.getByText("In Kajabi, use the Script tag.").waitFor();
    await page.getByRole("listitem").filter({ hasText: "choose Custom Code" }).waitFor();
    const ways = page.getByRole("region", { name: "Ways to add the form" });
    await ways.getByRole("region", { name: "Script tag" }).getByText("Use this for Kajabi").waitFor();

    await picker.selectOption({ label: "WordPress" });
    await page.getByRole("listitem").filter({ hasText: "Custom HTML" }).first().waitFor();
    await page.getByText("unfiltered_html").waitFor();

    await picker.selectOption({ label: "Converti" });
    await page.getByText("In Converti, use the Hosted page link.").waitFor();
    await ways.getByRole("region", { name: "Hosted page link" }).getByText("Use this for Converti").waitFor();

    await page.reload();
    await page.getByRole("heading", { name: "Code", level: 2, exact: true }).waitFor();
    expect(await page.getByLabel("Your page builder").inputValue()).toBe("converti");
    await expectNoAxeViolations(page);
  });

  it("tests a published page: finds the script tag, and says what is missing on a page without it", async () => {
    const check = page.getByRole("region", { name: "Test this page" });
    const address = check.getByLabel("Your published page's address");
    const run = check.getByRole("button", { name: "Test this page" });

    await address.fill("not a web address");
    await run.click();
    expect(await address.getAttribute("aria-invalid")).toBe("true");

    await address.fill(`${hostURL}/with-script`);
    await run.click();
    await check.getByText("Found a working Cuepoint form on this page: the Script tag.").waitFor();
    expect(await check.getByRole("list", { name: "What was checked" }).getByText("Failed:").count()).toBe(0);
    await screenshot(page, "code-page-check-found");

    await address.fill(`${hostURL}/plain`);
    await run.click();
    await check.getByText("No working Cuepoint form found on this page.").waitFor();
    const failing = check.getByRole("list", { name: "What was checked" }).getByRole("listitem").filter({ hasText: "Failed:" });
    expect(await failing.count()).toBeGreaterThan(0);
    expect((await failing.first().textContent())?.replace("Failed:", "").trim()).not.toBe("");
    await expectNoAxeViolations(page);
    await screenshot(page, "code-page-check-missing");
  });

  it("fits a phone in dark mode", async () => {
    const small = await loggedInPage(browser(), { colorScheme: "dark", viewport: { width: 375, height: 800 } });
    await openCode(small);
    await small.getByLabel("Your page builder").selectOption({ label: "Leadpages" });
    await small.getByText("In Leadpages, use the Script tag.").waitFor();
    const check = small.getByRole("region", { name: "Test this page" });
    await check.getByLabel("Your published page's address").fill(`${hostURL}/plain`);
    await check.getByRole("button", { name: "Test this page" }).click();
    await check.getByText("No working Cuepoint form found on this page.").waitFor();
    const widths = await small.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    await expectNoAxeViolations(small);
    await screenshot(small, "code-375-dark");
    expectNoConsoleErrors(small);
    await small.context().close();
  });
});

/*
 * Each of the four ways on a plain page of another origin (the loopback host above), as a visitor
 * uses it in Chromium: the script tag's widget, the no-script form's post and its 303, the iframe
 * (the top window goes on to the personal link), and a link to the hosted page.
 */
describe("the four ways on a plain page of another origin", () => {
  const RUN = Date.now().toString(36);
  const widgets = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "packages", "widgets");
  // The server serves the widgets' built embed.js (as `pnpm start` builds it).
  beforeAll(() => execFileSync(process.execPath, ["scripts/build-embed.mjs"], { cwd: widgets, stdio: "ignore" }), 120_000);

  async function visitor(path: string): Promise<Page> {
    const p = await openPage(browser());
    await p.goto(`${hostURL}${path}`);
    return p;
  }
  const personalLink = (p: Page) => p.waitForURL((url) => url.origin === baseURL() && url.pathname.startsWith("/join/"));

  it("the script tag: the widget registers the visitor on the host's page", async () => {
    const p = await visitor("/way/script");
    const form = p.locator("[data-cuepoint-registration]");
    await form.getByLabel(/^Name/).fill("Sam Script");
    await form.getByLabel(/^Email/).fill(`script-${RUN}@example.com`);
    await form.getByRole("button", { name: "Register" }).click();
    await form.locator("strong", { hasText: "You are registered." }).waitFor();
    expectNoConsoleErrors(p);
    await p.context().close();
  });

  it("the HTML form: posts without script and lands on the registrant's personal link", async () => {
    const p = await visitor("/way/form");
    await p.getByLabel("Name", { exact: true }).fill("Fay Form");
    await p.getByLabel("Email", { exact: true }).fill(`form-${RUN}@example.com`);
    await Promise.all([personalLink(p), p.getByRole("button", { name: "Register" }).click()]);
    expectNoConsoleErrors(p);
    await p.context().close();
  });

  it("the iframe: registers inside the frame, then the page goes on to the personal link", async () => {
    const p = await visitor("/way/iframe");
    const frame = p.frameLocator("iframe[data-cuepoint-frame]");
    await frame.getByLabel(/^Name/).fill("Ida Iframe");
    await frame.getByLabel(/^Email/).fill(`iframe-${RUN}@example.com`);
    // The framed form carries its render time and refuses a post sooner than a person could type (2.5 s).
    await p.waitForTimeout(2600);
    await Promise.all([personalLink(p), frame.getByRole("button", { name: "Register" }).click()]);
    expectNoConsoleErrors(p);
    await p.context().close();
  });

  it("the hosted page link: the visitor follows it, registers there and lands on the personal link", async () => {
    const p = await visitor("/way/page");
    await Promise.all([p.waitForURL(snippets.page), p.getByRole("link", { name: "Register for the webinar" }).click()]);
    // With script on, the widget takes the form's place: let it, so nothing typed is replaced.
    await p.waitForLoadState("networkidle");
    const form = p.locator("form").filter({ has: p.getByRole("button", { name: "Register" }) });
    await form.getByLabel(/^Name/).fill("Pia Page");
    await form.getByLabel(/^Email/).fill(`page-${RUN}@example.com`);
    await Promise.all([personalLink(p), form.getByRole("button", { name: "Register" }).click()]);
    expectNoConsoleErrors(p);
    await p.context().close();
  });
});
