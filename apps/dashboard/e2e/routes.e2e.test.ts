import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { paths as routes } from "../src/config/paths.js";
import { expectNoAxeViolations, expectNoConsoleErrors, loggedInPage, openPage, screenshot, url, useBrowser } from "./harness.js";

/*
 * The axe sweep: every route of the table, logged out (the routes a visitor can reach) and logged
 * in, 0 serious or critical violations, no console errors, a screenshot of each main screen.
 */

const browser = useBrowser();
let visitor: Page;
let user: Page;
let timelineId = "1";
let webinarId = "1";

beforeAll(async () => {
  visitor = await openPage(browser());
  user = await loggedInPage(browser());
  // Real ids from the demo seed, so /timelines/:id and /webinar/:id show real data.
  const ids = await user.evaluate(async () => {
    // GET calls: the session cookie alone authenticates them.
    const masters = (await (await fetch("/api/webinartimelinemaster/get")).json()) as { success: Array<{ webinarTimeline: string }> };
    const webinars = (await (await fetch("/api/webinars?type=upcoming&page=1")).json()) as { success: Array<{ webinarID: string }> };
    return { timeline: masters.success[0]?.webinarTimeline, webinar: webinars.success[0]?.webinarID };
  });
  timelineId = String(ids.timeline ?? timelineId);
  webinarId = String(ids.webinar ?? webinarId);
}, 120_000);

const concrete = (path: string) => path.replace(":id", path.startsWith("/timelines") ? timelineId : webinarId);

/** Visits a path and waits until the screen settled: its h1 is there and nothing is loading. */
async function settle(page: Page, path: string) {
  await page.goto(url(path));
  await page.locator("h1").first().waitFor();
  await page.waitForFunction(() => !document.querySelector(".spinner"), undefined, { timeout: 15_000 });
}

describe("every route, logged out", () => {
  const open = routes.filter((r) => r.guard !== "auth");
  it.each(open.map((r) => [r.path, r]))("%s", async (_path, route) => {
    await settle(visitor, concrete(route.path));
    // Screens that call the API send a visitor to /login (the 401 hook); the rest keep their title.
    const landed = new URL(visitor.url()).hash.slice(1).split("?")[0];
    expect(await visitor.title()).toBe(landed === "/login" ? "Log in · Cuepoint" : `${route.title} · Cuepoint`);
    await expectNoAxeViolations(visitor, route.path);
    if (["/login", "/forgotPassword", "/landing", "/invoker"].includes(route.path)) await screenshot(visitor, `visitor${route.path.replace(/\//g, "-")}`);
    expectNoConsoleErrors(visitor);
  });

  it("sends a visitor of an auth route to /login", async () => {
    await visitor.goto(url("/leads"));
    await visitor.waitForFunction(() => location.hash === "#/login");
  });
});

describe("every route, logged in", () => {
  const inside = routes.filter((r) => r.guard !== "noauth");
  it.each(inside.map((r) => [r.path, r]))("%s", async (_path, route) => {
    await settle(user, concrete(route.path));
    await expectNoAxeViolations(user, route.path);
    if (!route.meta.callback) await screenshot(user, `route${route.path === "/" ? "-home" : route.path.replace(/[/:]/g, "-")}`);
    expectNoConsoleErrors(user);
  });

  it("sends a logged-in user of /login to /", async () => {
    await user.goto(url("/login"));
    await user.waitForFunction(() => location.hash === "#/");
  });
});

describe("narrow and dark", () => {
  it.each([["/"], ["/settings"], ["/developer/tokens"], ["/no-such-page"]])("%s at 375 px, dark", async (path) => {
    const page = await openPage(browser(), { viewport: { width: 375, height: 740 }, colorScheme: "dark" });
    await page.context().addCookies(await user.context().cookies());
    await settle(page, path);
    expect(await page.evaluate(() => document.documentElement.dataset.colorMode)).toBe("dark");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page, `${path} (375 px, dark)`);
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leads" }).waitFor();
    await screenshot(page, `narrow-dark${path.replace(/\//g, "-")}`);
    expectNoConsoleErrors(page);
    await page.context().close();
  });
});
