import { createMasterSetting } from "@cuepoint/sdk";
import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { baseURL, expectNoAxeViolations, expectNoConsoleErrors, loggedInApi, loggedInPage, screenshot, useBrowser, visit } from "./harness.js";

/*
 * Connecting an OAuth integration end to end: the dashboard asks the server for the consent page,
 * the browser goes to the loopback provider (oauthProvider.ts, configured through the server's
 * environment in globalSetup), comes back to the server's /mailchimpcallback, which forwards to
 * the dashboard's callback route, which finishes the connection.
 */

const browser = useBrowser();
let page: Page;
beforeAll(async () => {
  page = await loggedInPage(browser());
});
afterEach(() => expectNoConsoleErrors(page));

describe("OAuth connection", () => {
  it("connects Mailchimp through its sign-in and shows it connected", async () => {
    await visit(page, "/integrations/add-integration?kind=MAILCHIMP");
    await page.getByLabel("Name").fill("E2E Mailchimp");
    await expectNoAxeViolations(page);

    const callback = page.waitForURL(/\/mailchimpcallback\?code=e2e-code/);
    await page.getByRole("button", { name: "Connect with Mailchimp" }).click();
    await callback;
    // The provider sent the browser back to the server's callback address, forwarded into the hash.
    await page.getByRole("heading", { level: 1, name: "E2E Mailchimp" }).waitFor();
    expect(page.url()).toMatch(new RegExp(`^${baseURL()}/#/integration\\?id=`));
    await page.getByText("Connected", { exact: true }).waitFor();
    await page.getByText("E2E Mailchimp is connected").first().waitFor();
    // The stored token reaches the provider's API: the integration page lists its audiences.
    await page.getByRole("listitem").filter({ hasText: "Newsletter" }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "oauth-connected");

    await visit(page, "/integrations");
    await page.getByRole("row", { name: /E2E Mailchimp/ }).getByText("Connected", { exact: true }).waitFor();
    await expectNoAxeViolations(page);
  });

  it("offers the connected service's audiences and tags in the action form, and refuses a tag not in the list", async () => {
    const api = await loggedInApi();
    const { success: timeline } = await api.timelines.setMaster({ blocks: createMasterSetting({ general: { timelineName: "OAuth lists" } }) });
    await visit(page, `/timelines/${timeline.id}`);
    await page.getByRole("button", { name: "Add action" }).click();
    const add = page.getByRole("dialog", { name: "Add an action" });
    // A day after: outside the live event, where only live-event actions may run.
    await add.getByLabel("Day", { exact: true }).selectOption({ label: "1 day after" });
    await add.getByLabel("Runs through").selectOption({ label: "E2E Mailchimp (Mailchimp)" });
    await add.getByLabel("Action", { exact: true }).selectOption({ label: "Add tag" });
    const audience = add.getByRole("combobox", { name: "Mailchimp audience", exact: true });
    await audience.locator("option", { hasText: "Newsletter" }).waitFor({ state: "attached" });
    await audience.selectOption({ label: "Newsletter" });
    const tag = add.getByRole("combobox", { name: "Mailchimp tag", exact: true });
    await tag.selectOption({ label: "webinar-lead" });
    // The Buyers audience has no such tag: the choice stays, marked, and the SDK rule refuses it.
    await audience.selectOption({ label: "Buyers" });
    expect(await tag.locator("option:checked").textContent()).toBe("webinar-lead (not in the list)");
    await add.getByRole("button", { name: "Add action" }).click();
    await add.getByText("Pick a tag that exists in this Mailchimp account").waitFor();
    expect(await tag.getAttribute("aria-invalid")).toBe("true");
    await expectNoAxeViolations(page);
    await screenshot(page, "action-form-service-lists");

    await add.getByRole("button", { name: "Refresh tag from Mailchimp" }).click();
    await audience.selectOption({ label: "Newsletter" });
    await tag.selectOption({ label: "webinar-lead" });
    await add.getByRole("button", { name: "Add action" }).click();
    await add.waitFor({ state: "detached" });
    await page.getByText("Add tag", { exact: true }).first().waitFor();
  });
});
