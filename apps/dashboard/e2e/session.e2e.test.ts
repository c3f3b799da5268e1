import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { baseURL, expectNoConsoleErrors, loggedInPage, openPage, takeConsoleErrors, url, useBrowser } from "./harness.js";

const browser = useBrowser();
let page: Page;
afterEach(async () => {
  if (!page) return;
  expectNoConsoleErrors(page);
  await page.context().close();
});

const hash = () => new URL(page.url()).hash;
const hasToken = async () => (await page.context().cookies()).some((c) => c.name === "cuepoint_session" && c.value);
/** An ended session's cookies: the HttpOnly token the server set, and the readable XSRF value beside it. */
const badToken = () => [
  { name: "cuepoint_session", value: "cps_not-a-real-session", url: baseURL(), httpOnly: true },
  { name: "XSRF-TOKEN", value: "not-a-real-session", url: baseURL() },
];

describe("session validation (spec §4, §6)", () => {
  it("logs out to /login when the stored token fails validation", async () => {
    page = await openPage(browser());
    await page.context().addCookies(badToken());
    await page.goto(url("/settings"));
    await page.getByRole("heading", { name: "Log in" }).waitFor();
    expect(hash()).toBe("#/login");
    expect(await hasToken()).toBe(false);
  });

  it("stays on /landing when the validation fails there", async () => {
    page = await openPage(browser());
    await page.context().addCookies(badToken());
    await page.goto(url("/landing"));
    await page.getByRole("heading", { name: "Webinars that run themselves" }).waitFor();
    await expect.poll(hasToken).toBe(false);
    expect(hash()).toBe("#/landing");
    await page.getByRole("link", { name: "Log in" }).waitFor();
  });
});

describe("the invoker (401 never redirects there)", () => {
  it("shows the error of a bad access token and stays", async () => {
    page = await openPage(browser());
    await page.goto(url("/invoker?accessToken=cpat_wrong&redirect=/leads"));
    await page.getByRole("alert").filter({ hasText: "The link did not work" }).waitFor();
    expect(hash()).toBe("#/invoker?accessToken=cpat_wrong&redirect=/leads");
  });

  it("logs in with a personal access token and opens the redirect path", async () => {
    page = await loggedInPage(browser());
    const token = await page.evaluate(async () => {
      // The page holds no token: the session cookie goes along, and the XSRF value is echoed.
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? "");
      const response = await fetch("/api/oauth/personal-access-tokens", {
        method: "POST",
        headers: { "x-xsrf-token": xsrf, "content-type": "application/json" },
        body: JSON.stringify({ name: "Invoker", scopes: ["account:read"] }),
      });
      return ((await response.json()) as { accessToken: string }).accessToken;
    });
    await page.context().clearCookies();
    await page.goto(url(`/invoker?accessToken=${token}&redirect=/settings`));
    await page.getByRole("heading", { name: "Settings" }).waitFor();
    expect(hash()).toBe("#/settings");
    // The token moved into the HttpOnly cookie: no script on the page can read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain("cpat_");
    expect((await page.context().cookies()).find((c) => c.name === "cuepoint_session")).toMatchObject({ value: token, httpOnly: true });
  });

  it("refuses to send the user to another site", async () => {
    page = await openPage(browser());
    await page.goto(url("/invoker?accessToken=cpat_wrong&redirect=//evil.example"));
    await page.getByRole("alert").waitFor();
    expect(new URL(page.url()).origin).toBe(baseURL());
  });
});

describe("a chunk that fails to load (spec §4, §8)", () => {
  it("reloads the target path once, and shows the 500 page when it fails again", async () => {
    page = await openPage(browser());
    await page.goto(url("/landing"));
    await page.getByRole("heading", { name: "Webinars that run themselves" }).waitFor();

    // First the chunk of /timelineError fails once: a full reload of that path brings it.
    let failures = 1;
    await page.route(/TimelineErrorScreen-[\w-]+\.js$/, (route) => (failures-- > 0 ? route.abort() : route.continue()));
    const reloaded = page.waitForEvent("load");
    await page.evaluate(() => (location.hash = "#/timelineError"));
    await reloaded;
    await page.getByRole("heading", { name: "This timeline could not be opened" }).waitFor();
    expect(hash()).toBe("#/timelineError");
    await page.unroute(/TimelineErrorScreen/);

    // Now a chunk that never loads: one reload, then (guarded) the 500 page instead of a loop.
    await page.route(/TimelineWizardScreen-[\w-]+\.js$/, (route) => route.abort());
    const again = page.waitForEvent("load");
    await page.evaluate(() => (location.hash = "#/timelines/wizard"));
    await again;
    await page.getByRole("heading", { name: "Internal Server Error" }).waitFor();
    // The aborted loads and the error boundary's report are the expected errors here.
    const errors = takeConsoleErrors(page);
    expect(errors.filter((e) => !/net::ERR_FAILED|dynamically imported module/.test(e))).toEqual([]);
  });
});
