import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, launchBrowser, login, openPage, screenshot, visit } from "./harness.js";

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser);
  await login(page);
});
afterAll(() => browser?.close());
afterEach(() => expectNoConsoleErrors(page));

describe("home", () => {
  it("shows usage, the attendance chart and the webinar lists", async () => {
    await visit(page, "/");
    await page.getByRole("heading", { name: "Usage this period" }).waitFor();
    await page.getByText(/^Actions$/).waitFor();
    await page.getByRole("heading", { name: "Upcoming webinars" }).waitFor();
    await page.getByRole("table", { name: "Upcoming webinars" }).waitFor();
    await page.getByRole("table", { name: "Past webinars" }).waitFor();
    // chart.js is loaded on demand and draws the breakdown.
    await page.getByRole("img", { name: /^Attendance:/ }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "home");
  });

  it("works 375 px wide in dark mode", async () => {
    const small = await openPage(browser, { colorScheme: "dark" });
    await login(small);
    await small.setViewportSize({ width: 375, height: 800 });
    await visit(small, "/");
    await small.getByRole("img", { name: /^Attendance:/ }).waitFor();
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(small);
    await screenshot(small, "home-375-dark");
    expectNoConsoleErrors(small);
    await small.context().close();
  });
});

describe("webinars", () => {
  it("schedules a webinar, toggles its visibility and adds a host", async () => {
    await visit(page, "/webinar/schedule");
    await page.getByLabel("Timeline").waitFor();
    await page.getByLabel("Event name").fill("E2E launch webinar");
    await page.getByLabel("Starts").fill("2030-05-04T17:30");
    await page.getByLabel("Time zone").selectOption("Europe/Paris");
    await expectNoAxeViolations(page);
    await screenshot(page, "webinar-schedule");
    await page.getByRole("button", { name: "Schedule" }).click();

    await page.getByRole("heading", { level: 1, name: "E2E launch webinar" }).waitFor();
    expect(page.url()).toMatch(/#\/webinar\/[^/]+$/);
    await page.getByText("Webinar scheduled").waitFor();

    const visible = page.getByRole("checkbox", { name: "Visible on registration pages" });
    await expect.poll(() => visible.isChecked()).toBe(true);
    await visible.click();
    await page.getByText("The webinar is hidden").waitFor();
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "E2E launch webinar" }).waitFor();
    await expect.poll(() => page.getByRole("checkbox", { name: "Visible on registration pages" }).isChecked()).toBe(false);

    await page.getByLabel("Host name").fill("Ann Host");
    await page.getByLabel("Host email").fill("not-an-email");
    await page.getByRole("button", { name: "Add host" }).click();
    await expect.poll(() => page.getByLabel("Host email").getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Host email").fill("ann.host@example.com");
    await page.getByRole("button", { name: "Add host" }).click();
    await page.getByText("ann.host@example.com").waitFor();

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    expect((await download).suggestedFilename()).toMatch(/registrants\.csv$/);

    await expectNoAxeViolations(page);
    await screenshot(page, "webinar");
  });

  it("schedules a recurring webinar and refuses one without days", async () => {
    await visit(page, "/webinar/schedule_backup");
    await page.getByLabel("Timeline").waitFor();
    await page.getByLabel("Event name").fill("E2E weekly");
    await page.getByLabel("Starts").fill("2030-06-03T10:00");
    await page.getByRole("checkbox", { name: "Repeat this event" }).check();
    await page.getByRole("button", { name: "Schedule" }).click();
    await page.getByText("Choose at least one day.").waitFor();
    await page.getByRole("checkbox", { name: "Monday" }).check();
    await page.getByRole("checkbox", { name: "Thursday" }).check();
    await page.getByLabel("Number of events").fill("3");
    await page.getByRole("button", { name: "Schedule" }).click();
    await page.getByRole("heading", { level: 1, name: "E2E weekly" }).waitFor();
    await page.getByText("Recurring webinar scheduled").waitFor();
  });
});
