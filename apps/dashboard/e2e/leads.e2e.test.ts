import { createClient, createMasterSetting } from "@cuepoint/sdk";
import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { baseURL, expectNoAxeViolations, expectNoConsoleErrors, loggedInApi, loggedInPage, screenshot, useBrowser, visit } from "./harness.js";

const browser = useBrowser();
let page: Page;

/**
 * Registers `count` people through the public registration API (as a visitor would), spreading addresses, on a
 * timeline of this file's own: other files' timelines may ask for fields of their own (registration fields).
 */
async function registerLeads(count: number): Promise<void> {
  const api = await loggedInApi();
  const setting = createMasterSetting({ general: { timelineName: `E2E leads ${Date.now()}` } });
  const timelineId = String((await api.timelines.setMaster({ blocks: setting })).success.id);
  await api.webinars.create({ webinarTimeline: timelineId, start: "2030-06-01T10:00", name: "Leads launch" });
  for (let i = 0; i < count; i++) {
    const visitor = createClient({ apiURL: `${baseURL()}/api`, xsrf: false, headers: { "x-forwarded-for": `203.0.113.${i + 1}` } });
    await visitor.registration.register(timelineId, { name: `Paging Person ${String(i).padStart(2, "0")}`, email: `paging.person${i}@example.com` });
  }
}

beforeAll(async () => {
  await registerLeads(20);
  page = await loggedInPage(browser());
});
afterEach(() => expectNoConsoleErrors(page));

describe("leads", () => {
  it("pages 20 at a time", async () => {
    await visit(page, "/leads");
    const rows = page.getByRole("table", { name: "Leads" }).locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(20);
    const pages = page.getByRole("navigation", { name: "Leads pages" });
    await pages.getByText(/^Page 1 of \d+$/).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "leads");
    await pages.getByRole("button", { name: "Next" }).click();
    await pages.getByText(/^Page 2 of \d+$/).waitFor();
    expect(page.url()).toContain("page=2");
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
  });

  it("searches, bans after asking, and lists the banned", async () => {
    await visit(page, "/leads");
    await page.getByRole("searchbox", { name: "Search leads" }).fill("Paging Person 07");
    await page.getByRole("button", { name: "Search" }).click();
    const rows = page.getByRole("table", { name: "Leads" }).locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole("cell", { name: "paging.person7@example.com" }).waitFor();

    await page.getByRole("button", { name: "Ban Paging Person 07" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Ban Paging Person 07?" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => rows.first().getByText("Active").count()).toBe(1);
    await page.getByRole("button", { name: "Ban Paging Person 07" }).click();
    await dialog.getByRole("button", { name: "Ban" }).click();
    await rows.first().getByText("Banned").waitFor();

    await page.getByRole("button", { name: "Banned", exact: true }).click();
    await page.getByRole("cell", { name: "paging.person7@example.com" }).waitFor();
    await page.getByRole("button", { name: "Unban Paging Person 07" }).click();
    await page.getByText("No banned leads.").or(page.getByRole("table", { name: "Leads" })).first().waitFor();
  });

  it("deletes a lead after asking, and the search says when nothing matches", async () => {
    await visit(page, "/leads?filter=Paging%20Person%2019");
    await page.getByRole("cell", { name: "paging.person19@example.com" }).waitFor();
    await page.getByRole("button", { name: "Delete Paging Person 19" }).click();
    await page.getByRole("alertdialog", { name: "Delete Paging Person 19?" }).getByRole("button", { name: "Delete" }).click();
    await page.getByText('No leads match "Paging Person 19".').waitFor();
  });

  it("is usable 375 px wide", async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await visit(page, "/leads");
    await page.getByRole("table", { name: "Leads" }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "leads-375");
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
