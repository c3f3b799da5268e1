import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { dashboardDir, expectNoAxeViolations, expectNoConsoleErrors, login, openPage, screenshot, url, useBrowser, visit } from "./harness.js";

const browser = useBrowser();
let page: Page;
beforeAll(async () => {
  page = await openPage(browser());
});
afterEach(() => expectNoConsoleErrors(page));

describe("the shell", () => {
  it("sends a logged-out visitor of / to the login screen", async () => {
    await page.goto(url("/"));
    await page.getByRole("heading", { name: "Log in" }).waitFor();
    expect(new URL(page.url()).hash).toBe("#/login");
    expect(await page.title()).toBe("Log in · Cuepoint");
    await expectNoAxeViolations(page);
    await screenshot(page, "login");
  });

  it("shows the SDK's email rule inline", async () => {
    await page.getByLabel("Email").fill("ana@example.c");
    await page.getByRole("button", { name: "Log in" }).click();
    const field = page.getByLabel("Email");
    await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
      "The email address must end in a 2 to 10 letter suffix, like .com or .co.uk.",
    );
  });

  it("logs in and shows the main navigation; the token cookie lasts 1 day", async () => {
    // Spec §4: the five sets load together, then the background sets.
    const started = new Map<string, number>();
    const finished = new Map<string, number>();
    const key = (u: string) => new URL(u).pathname + new URL(u).search;
    page.on("request", (r) => r.url().includes("/api/") && !started.has(key(r.url())) && started.set(key(r.url()), Date.now()));
    page.on("requestfinished", (r) => r.url().includes("/api/") && finished.set(key(r.url()), Date.now()));
    await login(page);
    const primary = ["/api/webinar/upcoming", "/api/webinartimelinemaster/get", "/api/integration/get", "/api/webinars?type=past&page=1", "/api/media/ajaxGetFiles/image"];
    const background = ["/api/forms", "/api/recurring", "/api/media/ajaxGetFiles/audio", "/api/media/ajaxGetFiles/video"];
    await expect.poll(() => background.every((b) => finished.has(b)), { timeout: 20_000 }).toBe(true);
    const primaryDone = Math.max(...primary.map((p) => finished.get(p) ?? Infinity));
    for (const b of background) expect(started.get(b), b).toBeGreaterThanOrEqual(primaryDone);
    page.removeAllListeners("request");
    page.removeAllListeners("requestfinished");
    // The session lives in the server's HttpOnly cookie for 1 day; no script can read a token.
    const session = (await page.context().cookies()).find((c) => c.name === "cuepoint_session");
    expect(session?.httpOnly).toBe(true);
    expect(Math.round((session!.expires - Date.now() / 1000) / 3600)).toBe(24);
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/cps_|cuepoint_session|cuepoint_token/);
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link").allTextContents()).toEqual(["Cuepoint", "Dashboard", "Timeline", "Media", "Integrations", "Leads"]);
    expect(await page.title()).toBe("Cuepoint");
  });

  it("shows the announcement banner until its heading is dismissed (stored under bannerClose)", async () => {
    const banner = page.getByRole("complementary", { name: "Announcement" });
    await banner.waitFor();
    const heading = (await banner.locator(".banner-full").textContent()) ?? "";
    expect(heading.length).toBeGreaterThan(0);
    await banner.getByRole("button", { name: "Dismiss announcement" }).click();
    await banner.waitFor({ state: "detached" });
    expect(await page.evaluate(() => localStorage.getItem("bannerClose"))).toBe(heading);
    await page.reload();
    await page.getByRole("navigation", { name: "Main" }).waitFor();
    expect(await banner.count()).toBe(0);
    await page.evaluate(() => localStorage.removeItem("bannerClose"));
  });

  it("answers an unknown path with 404 'Page not found: {path}'", async () => {
    await visit(page, "/no/such/page");
    await page.getByText("Page not found: /no/such/page").waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "404");
  });

  it("redirects /upcoming to /", async () => {
    await page.goto(url("/upcoming"));
    await page.waitForFunction(() => location.hash === "#/");
  });

  it("offers Refresh or Maybe later when a newer build is served", async () => {
    const file = join(dashboardDir(), "version.json");
    const original = await readFile(file, "utf8");
    try {
      await writeFile(file, JSON.stringify({ build: "a-newer-build" }));
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      const toast = page.getByRole("status").filter({ hasText: "A new deployment is available" });
      await toast.getByRole("button", { name: "Refresh" }).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, "deployment-toast");
      await toast.getByRole("button", { name: "Maybe later" }).click();
      await page.getByText("A new deployment is available").waitFor({ state: "detached" });
    } finally {
      await writeFile(file, original);
    }
  });

  it("logs out and empties the session", async () => {
    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByRole("heading", { name: "Log in" }).waitFor();
    expect((await page.context().cookies()).some((c) => c.name === "cuepoint_session" || c.name === "XSRF-TOKEN")).toBe(false);
    await page.goto(url("/settings"));
    await page.waitForFunction(() => location.hash === "#/login");
  });

  it("keeps the token 30 days with remember-me", async () => {
    await page.getByLabel("Email").fill("demo@cuepoint.local");
    await page.getByLabel("Password", { exact: true }).fill("Cuepoint-demo-1");
    await page.getByLabel("Remember me for 30 days").check();
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("navigation", { name: "Main" }).waitFor();
    const session = (await page.context().cookies()).find((c) => c.name === "cuepoint_session");
    expect(Math.round((session!.expires - Date.now() / 1000) / 86400)).toBe(30);
  });
});
