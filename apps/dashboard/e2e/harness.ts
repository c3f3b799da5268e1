import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { createClient, type Client } from "@cuepoint/sdk";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";

/*
 * The e2e harness: the real server on a fresh embedded database with the demo seed, serving the
 * built dashboard (see globalSetup.ts), driven by Debian's Chromium through playwright-core.
 */

export const DEMO_EMAIL = "demo@cuepoint.local";
export const DEMO_PASSWORD = "Cuepoint-demo-1";

const artifacts = join(dirname(fileURLToPath(import.meta.url)), "artifacts");

/** The server's address (`http://127.0.0.1:PORT`). */
export const baseURL = (): string => inject("baseURL");

/** The folder of the build the server serves (shared by every e2e file: restore what you change). */
export const dashboardDir = (): string => inject("dashboardDir");

/**
 * One Chromium for the test file: registers its launch (`beforeAll`) and its close (`afterAll`)
 * and answers a getter for it. Call it at the top of the file, before the hooks that use the
 * browser (before hooks run in the order they are registered); call the getter in hooks and tests.
 *
 * @example
 * const browser = useBrowser();
 * let page: Page;
 * beforeAll(async () => {
 *   page = await loggedInPage(browser());
 * });
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
  });
  afterAll(() => browser?.close());
  return () => {
    if (!browser) throw new Error("The browser is not running: call the getter of useBrowser() in a hook or a test.");
    return browser;
  };
}

/** Console errors and uncaught exceptions of one page; {@link expectNoConsoleErrors} fails on them. */
export interface ErrorLog {
  errors: string[];
}

const logs = new WeakMap<Page, ErrorLog>();

/*
 * Chromium logs every non-2xx fetch as "Failed to load resource". A 4xx is an API answer the
 * screens handle (wrong password, 401 on purpose), so those are not errors; 5xx are.
 */
const EXPECTED = [/Failed to load resource: the server responded with a status of 4\d\d/];

/**
 * A new page (in its own context, so cookies and storage are fresh) at `viewport`, with the console
 * error collector attached.
 *
 * @example
 * const page = await openPage(browser);
 * await page.goto(url("/login"));
 */
export async function openPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; colorScheme?: "light" | "dark" } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? "light",
    baseURL: baseURL(),
  });
  const page = await context.newPage();
  const log: ErrorLog = { errors: [] };
  logs.set(page, log);
  page.on("console", (message) => {
    if (message.type() === "error" && !EXPECTED.some((re) => re.test(message.text()))) log.errors.push(message.text());
  });
  page.on("pageerror", (error) => log.errors.push(`Uncaught: ${error.message}`));
  return page;
}

/** A dashboard URL: `url("/leads")` → `http://127.0.0.1:PORT/#/leads`. */
export const url = (path: string): string => `${baseURL()}/#${path}`;

/**
 * Goes to a dashboard path and waits for the screen's heading.
 *
 * @example
 * await visit(page, "/developer/tokens");
 */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(url(path));
  await page.locator("h1").first().waitFor();
}

/**
 * Logs in through the login screen as the demo user (or `email`/`password`) and waits for the
 * dashboard.
 *
 * @example
 * await login(page);
 */
export async function login(page: Page, email = DEMO_EMAIL, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(url("/login"));
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForFunction(() => location.hash === "#/" || location.hash === "");
  await page.getByRole("navigation", { name: "Main" }).waitFor();
}

/** Who {@link loggedInPage} logs in as, and how its page looks. */
export interface LoggedInOptions {
  /** The demo user's unless given (users.ts has the others: pass one as the options). */
  email?: string;
  password?: string;
  /** Applied after the login, which happens at 1280×800: {@link login} waits for the main navigation, folded away on a narrow screen. */
  viewport?: { width: number; height: number };
  colorScheme?: "light" | "dark";
}

/**
 * A new page (its own context, console errors collected) logged in through the login screen
 * ({@link login}) and showing the dashboard, as the demo user unless `email`/`password` say otherwise.
 *
 * @example
 * const page = await loggedInPage(browser());
 * const small = await loggedInPage(browser(), { colorScheme: "dark", viewport: { width: 375, height: 800 } });
 * const uploader = await loggedInPage(browser(), E2E_USERS.uploader);
 */
export async function loggedInPage(browser: Browser, options: LoggedInOptions = {}): Promise<Page> {
  const page = await openPage(browser, { colorScheme: options.colorScheme });
  await login(page, options.email, options.password);
  if (options.viewport) await page.setViewportSize(options.viewport);
  return page;
}

/**
 * The SDK client with an API session of the demo user (or `email`/`password`), for the data a test
 * starts from or the checks of what a screen did.
 *
 * @example
 * const api = await loggedInApi();
 * await api.timelines.setMaster({ blocks: createMasterSetting() });
 */
export async function loggedInApi(options: { email?: string; password?: string } = {}): Promise<Client> {
  let token = "";
  const api = createClient({ apiURL: `${baseURL()}/api`, token: () => token, xsrf: false });
  token = (await api.session.login(options.email ?? DEMO_EMAIL, options.password ?? DEMO_PASSWORD)).success.api_token ?? "";
  return api;
}

/**
 * Saves a full-page screenshot to e2e/artifacts/{name}.png (gitignored); look at them.
 *
 * @example
 * await screenshot(page, "developer-tokens");
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(artifacts, { recursive: true });
  const path = join(artifacts, `${name.replace(/[^\w.-]+/g, "_")}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Runs axe on the page and fails on any serious or critical violation, listing them.
 *
 * @example
 * await expectNoAxeViolations(page);
 */
export async function expectNoAxeViolations(page: Page, where = page.url()): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = bad.map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`);
  expect(report, `axe violations on ${where}`).toEqual([]);
}

/**
 * Fails when the page logged console errors or threw; clears the log.
 *
 * @example
 * afterEach(() => expectNoConsoleErrors(page));
 */
export function expectNoConsoleErrors(page: Page): void {
  const log = logs.get(page);
  const errors = log ? log.errors.splice(0) : [];
  expect(errors, "console errors").toEqual([]);
}

/**
 * Takes (and clears) the page's console errors, for a test that provokes errors on purpose and
 * checks them.
 *
 * @example
 * expect(takeConsoleErrors(page).some((e) => e.includes("dynamically imported module"))).toBe(true);
 */
export function takeConsoleErrors(page: Page): string[] {
  return logs.get(page)?.errors.splice(0) ?? [];
}
