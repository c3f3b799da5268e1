import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, loggedInPage, openPage, screenshot, url, useBrowser, visit } from "./harness.js";

const browser = useBrowser();
let page: Page;
beforeAll(async () => {
  page = await loggedInPage(browser());
});
afterEach(() => expectNoConsoleErrors(page));

const colorMode = () => page.evaluate(() => document.documentElement.dataset.colorMode);

describe("developer tokens", () => {
  it("creates a token with scopes, shows it once, and revokes it after asking", async () => {
    await visit(page, "/developer/tokens");
    await page.getByRole("link", { name: "New token" }).click();
    await page.getByLabel("Token name").waitFor();
    await page.getByRole("button", { name: "Create token" }).click();
    // The server's SDK rule comes back inline on the name.
    await expect.poll(() => page.getByLabel("Token name").getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel("Token name").fill("Nightly export");
    await page.getByRole("checkbox", { name: /leads:read/ }).check();
    await page.getByRole("checkbox", { name: /webinars:read/ }).check();
    // GitHub-style expiries: 30 days unless chosen; none is allowed, with a warning.
    expect(await page.getByLabel("Expiration").inputValue()).toBe("30");
    await page.getByLabel("Expiration").selectOption("never");
    await page.getByRole("alert").filter({ hasText: "works until you revoke it" }).waitFor();
    await page.getByLabel("Expiration").selectOption("7");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Create token" }).click();
    await page.getByRole("heading", { name: 'Token "Nightly export" created' }).waitFor();
    const secret = await page.getByLabel("Your new token").inputValue();
    expect(secret).toMatch(/^cpat_/);
    await screenshot(page, "developer-token-created");

    // The token works against the API with its scopes.
    const status = await page.evaluate(
      async (token) => (await fetch("/api/registrants?page=1", { headers: { authorization: `Bearer ${token}` } })).status,
      secret,
    );
    expect(status).toBe(200);

    await page.getByRole("link", { name: "Done" }).click();
    const row = page.getByRole("row", { name: /Nightly export/ });
    await expect.poll(async () => (await row.getByRole("cell").nth(1).textContent())?.split(", ").sort()).toEqual([
      "leads:read",
      "webinars:read",
    ]);
    // Used once above (the registrants call), expiring in 7 days.
    expect(await row.getByRole("cell").nth(3).textContent()).not.toBe("never");
    const expires = Date.parse((await row.getByRole("cell").nth(4).textContent()) ?? "");
    expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(7);
    await screenshot(page, "developer-tokens");

    await row.getByRole("button", { name: "Revoke Nightly export" }).click();
    const dialog = page.getByRole("alertdialog", { name: 'Revoke the token "Nightly export"?' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await row.count()).toBe(1);

    await row.getByRole("button", { name: "Revoke Nightly export" }).click();
    await dialog.getByRole("button", { name: "Revoke" }).click();
    await page.getByText("Token revoked").waitFor();
    await row.waitFor({ state: "detached" });
    const after = await page.evaluate(
      async (token) => (await fetch("/api/registrants?page=1", { headers: { authorization: `Bearer ${token}` } })).status,
      secret,
    );
    expect(after).toBe(401);
  });

  it("lists the endpoints of the server's OpenAPI document", async () => {
    await visit(page, "/developer/endpoints");
    await page.getByRole("heading", { name: "Tokens" }).click();
    await page.getByText("/oauth/personal-access-tokens/{id}", { exact: true }).waitFor();
    expect(await page.locator("tbody tr").count()).toBeGreaterThan(40);
    await expectNoAxeViolations(page);
    await screenshot(page, "developer-endpoints");
  });
});

describe("settings", () => {
  it("switches the colour mode, stores it under nuxt-color-mode and follows the OS in system mode", async () => {
    await visit(page, "/settings?tab=appearance");
    await page.getByRole("radio", { name: "Dark" }).check();
    await expect.poll(colorMode).toBe("dark");
    expect(await page.evaluate(() => localStorage.getItem("nuxt-color-mode"))).toBe("dark");
    await expectNoAxeViolations(page);
    await screenshot(page, "settings-dark");

    await page.getByRole("radio", { name: "System" }).check();
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(colorMode).toBe("dark");
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(colorMode).toBe("light");

    // The choice reached the server too.
    await page.reload();
    await page.getByRole("radio", { name: "System" }).waitFor();
    expect(await page.getByRole("radio", { name: "System" }).isChecked()).toBe(true);
  });

  it("refuses a weak new password with the SDK's rule and changes the plan", async () => {
    await visit(page, "/settings?tab=password");
    await page.getByLabel("Current password").fill("Cuepoint-demo-1");
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Repeat the new password").fill("short");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => page.getByLabel("New password", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await expectNoAxeViolations(page);

    await page.getByRole("tab", { name: "Plan and billing" }).click();
    await page.getByLabel("Plan", { exact: true }).selectOption("professional");
    await page.getByRole("button", { name: "Change plan" }).click();
    await page.getByText("Plan changed").waitFor();
    await page.getByText(/^Professional — unlimited timelines/).first().waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "settings-plan");
  });
});

describe("forgot password", () => {
  it("sends a reset link without telling whether the account exists, and rejects a bad link", async () => {
    const visitor = await openPage(browser());
    await visitor.goto(url("/forgotPassword"));
    await visitor.getByLabel("Email").fill("nobody@example.com");
    await visitor.getByRole("button", { name: "Send the reset link" }).click();
    await visitor.getByRole("heading", { name: "Check your email" }).waitFor();
    await visitor.goto(url("/forgotPassword?token=not-a-real-token"));
    await visitor.getByRole("heading", { name: "This reset link does not work" }).waitFor();
    await expectNoAxeViolations(visitor);
    expectNoConsoleErrors(visitor);
    await visitor.context().close();
  });
});
