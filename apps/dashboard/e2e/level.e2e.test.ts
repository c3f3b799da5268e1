import { createMasterSetting, type Client } from "@cuepoint/sdk";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, loggedInApi, loggedInPage, screenshot, useBrowser, visit } from "./harness.js";
import { E2E_USERS } from "./users.js";

/*
 * Experience level (spec §6, src/lib/level/README.md): a beginner sees the essentials, raises the
 * level in Settings and sees more; what was hidden kept its values all along.
 */

const browser = useBrowser();
let page: Page;
let api: Client;
let editor = "";
const pages: Page[] = [];

beforeAll(async () => {
  api = await loggedInApi(E2E_USERS.leveller);
  const setting = createMasterSetting({
    general: {
      timelineName: `E2E levels ${Date.now().toString(36)}`,
      webinarType: "manual",
      manualControl: { enabled: true, duration: 45 },
      highDefinition: true,
    },
  });
  editor = `/timelines/${(await api.timelines.setMaster({ blocks: setting })).success.id}`;
  page = await loggedInPage(browser(), E2E_USERS.leveller);
});
afterEach(() => expectNoConsoleErrors(page));
afterAll(() => Promise.all(pages.map((p) => p.context().close())));

const menu = () => page.getByRole("navigation", { name: "Timeline editor" });
const account = () => page.getByRole("navigation", { name: "Account" });
const general = async () => (await api.timelines.listMasters()).success.find((m) => editor.endsWith(`/${m.id}`))!.setting.general;

async function chooseLevel(level: string) {
  await visit(page, "/settings?tab=profile");
  await page.getByLabel("Experience level").selectOption(level);
  await page.getByText("Experience level saved").first().waitFor();
  await expect.poll(async () => (await api.session.validate()).success.profile.userSkillLevel).toBe(level);
}

describe("experience level", () => {
  it("shows a beginner the essentials, and a hidden screen says which level shows it", async () => {
    await visit(page, editor);
    await menu().getByRole("link", { name: "Calendar", exact: true }).waitFor();
    for (const hidden of ["Advanced", "Audience", "Templates", "Version History", "Integrations"]) {
      expect(await menu().getByRole("link", { name: hidden, exact: true }).count(), hidden).toBe(0);
    }
    expect(await account().getByRole("link", { name: "Developer" }).count()).toBe(0);

    await visit(page, `${editor}?section=advanced`);
    await page.getByRole("heading", { name: "Shown from the Advanced level" }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "level-hidden-section");
    await visit(page, "/developer");
    await page.getByRole("heading", { name: "Shown from the Expert level" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Developer sections" }).getByRole("link", { name: "Access tokens" }).count()).toBe(0);
  });

  it("saves a section without touching the settings it hides", async () => {
    await visit(page, `${editor}?section=calendar`);
    await page.getByLabel("Length (hours)").waitFor();
    expect(await page.getByLabel("Webinar type").count()).toBe(0);
    await page.getByLabel("Length (hours)").fill("2");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Calendar saved").first().waitFor();
    const saved = await general();
    expect(saved.scheduleLength).toBe(2);
    expect(saved.webinarType).toBe("manual");
    expect(saved.manualControl).toEqual({ enabled: true, duration: 45 });
    expect(saved.highDefinition).toBe(true);
  });

  it("raises the level in Settings: advanced shows the editor's advanced sections, expert the rest", async () => {
    await chooseLevel("advanced");
    await expectNoAxeViolations(page);
    await visit(page, `${editor}?section=calendar`);
    expect(await page.getByLabel("Webinar type").inputValue()).toBe("manual");
    await menu().getByRole("link", { name: "Advanced", exact: true }).click();
    await page.getByRole("group", { name: "Countdown" }).waitFor();
    expect(await page.getByRole("group", { name: "Manual control" }).count()).toBe(0);
    expect(await page.getByLabel("High definition").count()).toBe(0);
    expect(await menu().getByRole("link", { name: "Version History", exact: true }).count()).toBe(1);
    expect(await account().getByRole("link", { name: "Developer" }).count()).toBe(0);

    await chooseLevel("expert");
    await visit(page, `${editor}?section=advanced`);
    await page.getByRole("group", { name: "Manual control" }).waitFor();
    // hidden until now, still as they were set
    expect(await page.getByLabel("The host starts the event").isChecked()).toBe(true);
    expect(await page.getByLabel("Duration (minutes)").inputValue()).toBe("45");
    expect(await page.getByLabel("High definition").isChecked()).toBe(true);
    await account().getByRole("link", { name: "Developer" }).click();
    await page.getByRole("navigation", { name: "Developer sections" }).getByRole("link", { name: "Access tokens" }).waitFor();
  });

  it("reads at 375 px and in dark mode", async () => {
    await api.account.setLevel("beginner");
    const small = await loggedInPage(browser(), { ...E2E_USERS.leveller, viewport: { width: 375, height: 800 }, colorScheme: "dark" });
    pages.push(small);
    await visit(small, `${editor}?section=history`);
    await small.getByRole("heading", { name: "Shown from the Advanced level" }).waitFor();
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(small);
    await screenshot(small, "level-hidden-375-dark");
    await visit(small, "/settings?tab=profile");
    await small.getByLabel("Experience level").waitFor();
    await expectNoAxeViolations(small);
    await screenshot(small, "level-settings-375-dark");
    expectNoConsoleErrors(small);
  });
});
