import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { baseURL, expectNoAxeViolations, expectNoConsoleErrors, login, openPage, screenshot, url, useBrowser, visit } from "./harness.js";
import { E2E_USERS } from "./users.js";

/*
 * Password reset through the mailed link. The e2e server uses its default console mailer, so the
 * mail is read from the server's log (globalSetup captures it); the user is a throwaway one made
 * for this file (users.ts), never the demo user other files log in as.
 */

const user = E2E_USERS.resetter;
const NEW_PASSWORD = "Renewed-e2e-22";

const browser = useBrowser();
let page: Page;

/** The newest reset link mailed to `email`, waiting for the mail to reach the log. */
async function mailedLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const log = await readFile(inject("serverLog"), "utf8");
      const mails = log.split(`--- mail to ${email}:`).slice(1);
      link = /(https?:\/\/\S+#\/forgotPassword\?token=\S+)/.exec(mails.at(-1) ?? "")?.[1];
      return link;
    }, { timeout: 10_000 })
    .toBeDefined();
  return link ?? "";
}

beforeAll(async () => {
  page = await openPage(browser());
});
afterEach(() => expectNoConsoleErrors(page));

describe("password reset", () => {
  it("mails a link that sets a new password, which then logs in", async () => {
    await visit(page, "/forgotPassword");
    await page.getByLabel("Email").fill(user.email);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Send the reset link" }).click();
    await page.getByRole("heading", { level: 1, name: "Check your email" }).waitFor();
    await expectNoAxeViolations(page);

    const link = await mailedLink(user.email);
    expect(link.startsWith(`${baseURL()}/#/forgotPassword?token=`)).toBe(true);
    await page.goto(link);
    await page.getByRole("heading", { level: 1, name: "Choose a new password" }).waitFor();
    await page.getByRole("textbox", { name: "New password" }).fill(NEW_PASSWORD);
    await expectNoAxeViolations(page);
    await screenshot(page, "password-reset");
    await page.getByRole("button", { name: "Set the new password" }).click();
    await page.getByRole("heading", { level: 1, name: "Password changed" }).waitFor();
    await expectNoAxeViolations(page);

    // The link works once.
    await page.goto(url("/login"));
    await page.goto(link);
    await page.getByRole("heading", { level: 1, name: "This reset link does not work" }).waitFor();

    await login(page, user.email, NEW_PASSWORD);
    await page.getByRole("navigation", { name: "Main" }).waitFor();
  });

  it("no longer takes the old password", async () => {
    await page.context().clearCookies();
    await page.goto(url("/login"));
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("alert").first().waitFor();
    expect(page.url()).toContain("#/login");
  });
});
