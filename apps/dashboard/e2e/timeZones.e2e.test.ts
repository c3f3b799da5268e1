import { createMasterSetting, TIME_ZONE_LIST, type Client } from "@cuepoint/sdk";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, loggedInApi, loggedInPage, screenshot, useBrowser, visit } from "./harness.js";

/* The time-zone pickers: the spec's list of about 60 zones with search; a zone saved earlier stays. */

const browser = useBrowser();
let page: Page;
let api: Client;
let id = "";
const pages: Page[] = [];

beforeAll(async () => {
  api = await loggedInApi();
  const setting = createMasterSetting({ general: { timelineName: `E2E zones ${Date.now().toString(36)}`, timeZone: "America/Boise" } });
  id = String((await api.timelines.setMaster({ blocks: setting })).success.id);
  page = await loggedInPage(browser());
});
afterEach(() => expectNoConsoleErrors(page));
afterAll(() => Promise.all(pages.map((p) => p.context().close())));

const savedZone = async () => (await api.timelines.listMasters()).success.find((m) => String(m.id) === id)!.setting.general.timeZone;
const optionValues = (select: ReturnType<Page["getByLabel"]>) => select.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));

describe("time-zone pickers", () => {
  it("show the spec's list with offsets, and a zone saved earlier that it lacks", async () => {
    await visit(page, `/timelines/${id}?section=calendar`);
    const zone = page.getByLabel("Time zone", { exact: true });
    await zone.waitFor();
    expect(await zone.inputValue()).toBe("America/Boise");
    const values = await optionValues(zone);
    expect(values[0]).toBe("America/Boise");
    expect(values.slice(1)).toEqual(TIME_ZONE_LIST.map((z) => z.zone));
    expect(await zone.locator("option", { hasText: "Eastern Time (US & Canada)" }).textContent()).toMatch(/^\(UTC−0[45]:00\) Eastern Time/);
    await expectNoAxeViolations(page);
  });

  it("search narrows the list, keeps the chosen zone, and the pick is saved", async () => {
    const zone = page.getByLabel("Time zone", { exact: true });
    await page.getByRole("searchbox", { name: "Search time zones" }).fill("tokyo");
    await page.getByText("1 zone matches").waitFor();
    expect(await optionValues(zone)).toEqual(["America/Boise", "Asia/Tokyo"]);
    await zone.selectOption("Asia/Tokyo");
    await page.getByRole("searchbox", { name: "Search time zones" }).fill("utc+5:30");
    // the chosen zone stays, in its place in the list
    expect(await optionValues(zone)).toEqual(["Asia/Kolkata", "Asia/Tokyo"]);
    await page.getByRole("searchbox", { name: "Search time zones" }).fill("");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Calendar saved").first().waitFor();
    expect(await savedZone()).toBe("Asia/Tokyo");
    // America/Boise was only shown because it was saved; now it is not
    expect(await optionValues(zone)).toEqual(TIME_ZONE_LIST.map((z) => z.zone));
  });

  it("scheduling a webinar offers the same list", async () => {
    await visit(page, "/webinar/schedule");
    const zone = page.getByLabel("Time zone", { exact: true });
    await zone.waitFor();
    expect((await optionValues(zone)).length).toBeLessThanOrEqual(TIME_ZONE_LIST.length + 1);
    await page.getByRole("searchbox", { name: "Search time zones" }).fill("paris");
    await expect.poll(() => optionValues(zone)).toContain("Europe/Paris");
    await expectNoAxeViolations(page);
  });

  it("read at 375 px in dark mode", async () => {
    const small = await loggedInPage(browser(), { viewport: { width: 375, height: 800 }, colorScheme: "dark" });
    pages.push(small);
    await visit(small, `/timelines/${id}?section=calendar`);
    await small.getByRole("searchbox", { name: "Search time zones" }).fill("new");
    await small.getByText(/zones? match/).waitFor();
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(small);
    await screenshot(small, "time-zones-375-dark");
    expectNoConsoleErrors(small);
  });
});
