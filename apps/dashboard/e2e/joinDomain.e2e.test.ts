import { createMasterSetting, registrationSnippets, type Client } from "@cuepoint/sdk";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { baseURL, expectNoAxeViolations, expectNoConsoleErrors, loggedInApi, loggedInPage, screenshot, useBrowser, visit } from "./harness.js";

/*
 * The timeline's join domain (issue 15) in the Code section: the e2e server lists one join domain,
 * http://events.localhost:PORT (globalSetup.ts; Chromium sends *.localhost to loopback), so the
 * host picks it, the snippets and the hosted page's address follow, and the page opens there.
 */

const browser = useBrowser();
let api: Client;
let page: Page;
let timelineID = "";

const NAME = "Join domain launch";
const joinDomain = () => `events.localhost:${new URL(baseURL()).port}`;
const joinOrigin = () => `http://${joinDomain()}`;

beforeAll(async () => {
  api = await loggedInApi();
  const { success } = await api.timelines.setMaster({ blocks: createMasterSetting({ general: { timelineName: NAME, description: "On our own address." } }) });
  timelineID = String(success.id);
  page = await loggedInPage(browser());
});
afterAll(async () => {
  if (timelineID) await api.timelines.delete(timelineID);
});
afterEach(() => expectNoConsoleErrors(page));

async function openCode(p: Page): Promise<void> {
  await visit(p, `/timelines/${timelineID}?section=code`);
  await p.getByRole("heading", { name: "Join domain", level: 2, exact: true }).waitFor();
}

describe("the join domain in the Code section", () => {
  it("offers the server's join domains; picking one moves the snippets and the hosted page there", async () => {
    await openCode(page);
    const ways = page.getByRole("region", { name: "Ways to add the form" });
    const address = ways.getByLabel("Hosted page address", { exact: true });
    expect(await address.inputValue()).toBe(registrationSnippets(baseURL(), timelineID).page);

    const picker = page.getByLabel("Links use");
    // The domains arrive with their own request after the section: wait for them, not just the heading.
    await expect.poll(() => picker.locator("option").allTextContents()).toEqual(["Cuepoint's own address", joinDomain()]);
    await picker.selectOption({ label: joinDomain() });
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Join domain saved").waitFor();

    const moved = registrationSnippets(joinOrigin(), timelineID);
    await expect.poll(() => address.inputValue()).toBe(`${joinOrigin()}/register/${timelineID}`);
    expect(await ways.getByLabel("Script tag code", { exact: true }).inputValue()).toBe(moved.script);
    expect(await ways.getByLabel("HTML form (no script) code", { exact: true }).inputValue()).toBe(moved.form);
    expect(await ways.getByLabel("iframe code", { exact: true }).inputValue()).toBe(moved.iframe);
    const saved = (await api.timelines.listMasters()).success.find((m) => String(m.id) === timelineID);
    expect(saved?.setting.general.joinDomain).toBe(joinDomain());
    await expectNoAxeViolations(page);
    await screenshot(page, "join-domain-picked");

    // Kept after a reload: the choice is the timeline's.
    await page.reload();
    await page.getByRole("heading", { name: "Join domain", level: 2, exact: true }).waitFor();
    expect(await page.getByLabel("Links use").inputValue()).toBe(joinDomain());
    expect(await page.getByLabel("Hosted page address", { exact: true }).inputValue()).toBe(moved.page);
  });

  it("the hosted page opens on the join domain and names it as its address", async () => {
    const hosted = await browser().newPage();
    try {
      await hosted.goto(`${joinOrigin()}/register/${timelineID}`);
      await hosted.getByRole("heading", { name: NAME, level: 1 }).waitFor();
      expect(await hosted.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${joinOrigin()}/register/${timelineID}`);
      expect(await hosted.locator('meta[property="og:url"]').getAttribute("content")).toBe(`${joinOrigin()}/register/${timelineID}`);
      // The dashboard is not served on the join domain: its root goes to the server's own address.
      await hosted.goto(`${joinOrigin()}/`);
      expect(new URL(hosted.url()).origin).toBe(baseURL());
    } finally {
      await hosted.close();
    }
  });

  it("goes back to Cuepoint's own address, and fits a phone in dark mode", async () => {
    const small = await loggedInPage(browser(), { colorScheme: "dark", viewport: { width: 375, height: 800 } });
    try {
      await openCode(small);
      await small.getByLabel("Links use").selectOption({ value: "" });
      await small.getByRole("button", { name: "Save", exact: true }).click();
      await small.getByText("Join domain saved").waitFor();
      await expect.poll(() => small.getByLabel("Hosted page address", { exact: true }).inputValue()).toBe(`${baseURL()}/register/${timelineID}`);
      const overflow = await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await small.getByRole("heading", { name: "Join domain", level: 2, exact: true }).scrollIntoViewIfNeeded();
      await screenshot(small, "join-domain-375-dark");
      expectNoConsoleErrors(small);
    } finally {
      await small.close();
    }
  });
});
