import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, loggedInApi, loggedInPage, screenshot, useBrowser, visit } from "./harness.js";
import { E2E_USERS } from "./users.js";

/*
 * The demo banner says what is true: "nothing here sends real messages" until the account connects
 * an integration, then that its connected integrations send for real (the seed's connected headings).
 */

const browser = useBrowser();
let page: Page;
const pages: Page[] = [];

beforeAll(async () => {
  page = await loggedInPage(browser(), E2E_USERS.connector);
});
afterEach(() => expectNoConsoleErrors(page));
afterAll(() => Promise.all(pages.map((p) => p.context().close())));

const banner = () => page.getByRole("complementary", { name: "Announcement" });

describe("the demo banner", () => {
  it("says nothing here sends real messages while no integration is connected", async () => {
    await visit(page, "/");
    await banner().waitFor();
    expect(await banner().locator(".banner-full").textContent()).toContain("nothing here sends real messages");
    await expectNoAxeViolations(page);
  });

  it("says the integrations are live once one is connected", async () => {
    const api = await loggedInApi(E2E_USERS.connector);
    const { success } = await api.integrations.create({ type: "WEBHOOK", name: "Orders hook" });
    // Saved, not yet connected: the banner does not change for an integration that cannot send yet.
    await page.reload();
    await banner().waitFor();
    expect(await banner().locator(".banner-full").textContent()).toContain("nothing here sends real messages");
    // A webhook has no address to try, so its check passes and it is connected.
    await api.integrations.test(success.integrationid);
    expect(Object.values((await api.integrations.list()).success).some((i) => i.connected)).toBe(true);
    await page.reload();
    await banner().waitFor();
    await expect.poll(() => banner().locator(".banner-full").textContent()).toContain("your connected integrations are live");
    expect(await banner().textContent()).not.toContain("nothing here sends");
    await expectNoAxeViolations(page);
    await screenshot(page, "banner-connected");

    const small = await loggedInPage(browser(), { ...E2E_USERS.connector, viewport: { width: 375, height: 800 }, colorScheme: "dark" });
    pages.push(small);
    const short = small.getByRole("complementary", { name: "Announcement" }).locator(".banner-short");
    await short.waitFor();
    expect(await short.textContent()).toBe("Cuepoint demo: integrations are live");
    await screenshot(small, "banner-connected-375-dark");
    expectNoConsoleErrors(small);
  });
});
