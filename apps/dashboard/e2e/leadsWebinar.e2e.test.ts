import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, loggedInApi, loggedInPage, screenshot, useBrowser, visit } from "./harness.js";

/* The leads list names the webinar each lead registered for (with its time and zone) and filters by it. */

const browser = useBrowser();
let page: Page;
const pages: Page[] = [];

beforeAll(async () => {
  page = await loggedInPage(browser());
});
afterEach(() => expectNoConsoleErrors(page));
afterAll(() => Promise.all(pages.map((p) => p.context().close())));

const rows = () => page.getByRole("table", { name: "Leads" }).locator("tbody tr");
const webinarColumn = async () => {
  const headers = await page.getByRole("table", { name: "Leads" }).locator("thead th").allTextContents();
  return headers.indexOf("Webinar");
};

describe("leads by webinar", () => {
  it("shows which webinar each lead registered for, with its time and zone", async () => {
    const api = await loggedInApi();
    const [first] = (await api.leads.list({ page: 1 })).success;
    if (!first?.webinar) throw new Error("the demo's newest lead names no webinar");
    await visit(page, "/leads");
    await rows().first().waitFor();
    const column = await webinarColumn();
    expect(column).toBeGreaterThan(0);
    const cell = rows().first().locator("td").nth(column);
    expect(await cell.textContent()).toContain(first.webinar.name);
    if (first.webinar.start) expect(await cell.locator(".muted").textContent()).toMatch(/\d{4}, \d{1,2}:\d\d [AP]M \S+/);
    await expectNoAxeViolations(page);
    await screenshot(page, "leads-webinar");
  });

  it("filters by webinar, in the address, with the count to match", async () => {
    const api = await loggedInApi();
    const { success: masters } = await api.timelines.listMasters();
    const counts = await Promise.all(masters.map(async (m) => (await api.leads.list({ webinarTimeline: m.id })).total ?? 0));
    const withLeads = masters[counts.findIndex((n) => n > 0)];
    const without = masters[counts.findIndex((n) => n === 0)];
    if (!withLeads) throw new Error("no timeline has leads");
    const total = counts[masters.indexOf(withLeads)]!;

    await visit(page, "/leads");
    await page.getByLabel("Webinar", { exact: true }).selectOption(String(withLeads.id));
    await expect.poll(() => page.url()).toContain(`webinar=${withLeads.id}`);
    await page.getByText(`${total} leads`, { exact: true }).waitFor();
    await expect.poll(() => rows().count()).toBe(Math.min(total, 20));
    if (without) {
      await page.getByLabel("Webinar", { exact: true }).selectOption(String(without.id));
      await page.getByText("No leads registered for this webinar.").waitFor();
    }
    await page.getByLabel("Webinar", { exact: true }).selectOption("");
    await expect.poll(() => page.url()).not.toContain("webinar=");
  });

  it("reads at 375 px in dark mode", async () => {
    const small = await loggedInPage(browser(), { viewport: { width: 375, height: 800 }, colorScheme: "dark" });
    pages.push(small);
    await visit(small, "/leads");
    await small.getByRole("table", { name: "Leads" }).waitFor();
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(small);
    await screenshot(small, "leads-webinar-375-dark");
    expectNoConsoleErrors(small);
  });
});
