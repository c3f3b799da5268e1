import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createMasterSetting, type Client } from "@cuepoint/sdk";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, expectNoAxeViolations, expectNoConsoleErrors, loggedInApi, loggedInPage, openPage, screenshot, useBrowser, visit } from "./harness.js";

/**
 * Registration fields (issue 16, item 3), as a host and a visitor meet them: build the form in the
 * timeline's Registration section (a required text field, choice buttons whose options are
 * checked before saving, a date moved up with the keyboard), switch it on, keep it as a template,
 * see it in the preview; a visitor registers through the hosted page's widget (the wrong answer
 * first); the answers are on the lead and in the leads CSV export.
 */

const browser = useBrowser();
const RUN = Date.now().toString(36);
const EMAIL = `fields-${RUN}@example.com`;
let api: Client;
let page: Page;
let timelineId = "";

const widgets = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "packages", "widgets");
beforeAll(async () => {
  // The hosted page loads the widgets' built embed.js (as `pnpm start` builds it).
  execFileSync(process.execPath, ["scripts/build-embed.mjs"], { cwd: widgets, stdio: "ignore" });
  api = await loggedInApi();
  const setting = createMasterSetting({ general: { timelineName: `E2E fields ${RUN}` } });
  timelineId = String((await api.timelines.setMaster({ blocks: setting })).success.id);
  await api.webinars.create({ webinarTimeline: timelineId, start: "2030-06-01T10:00", name: "Fields launch" });
  page = await loggedInPage(browser());
}, 180_000);
afterAll(() => page.context().close());

const builder = () => page.getByRole("form", { name: "Registration fields" });
const item = (n: number) => builder().getByRole("list", { name: "Registration fields" }).getByRole("listitem").nth(n);

describe("registration fields", () => {
  it("builds the form, refuses choice buttons without options, reorders with the keyboard, saves, keeps a template, previews", async () => {
    await visit(page, `/timelines/${timelineId}?section=registration`);
    await builder().waitFor();
    await builder().getByLabel("Ask these questions on the registration form").check();

    await builder().getByRole("button", { name: "Add a field" }).click();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.id.endsWith("-label"))).toBe(true);
    await page.keyboard.type("Company");
    await item(0).getByLabel("Required", { exact: true }).check();
    expect(await item(0).getByLabel("Answer key").inputValue()).toBe("company");

    await builder().getByRole("button", { name: "Add a field" }).click();
    await item(1).getByLabel("Label").fill("Plan");
    await item(1).getByLabel("Type").selectOption({ label: "Choice buttons (pick one)" });
    await item(1).getByLabel("Required", { exact: true }).check();
    await item(1).getByLabel("Options, one a line").fill("");

    await builder().getByRole("button", { name: "Add a field" }).click();
    await item(2).getByLabel("Label").fill("Start date");
    await item(2).getByLabel("Type").selectOption({ label: "Date" });

    // Saving checks the form with the SDK's rule first: the choice buttons need options.
    await builder().getByRole("button", { name: "Save", exact: true }).click();
    await item(1).getByText('"Plan": add at least one option.').waitFor();
    expect(await item(1).getByLabel("Options, one a line").getAttribute("aria-invalid")).toBe("true");
    await item(1).getByLabel("Options, one a line").fill("Starter\n\nGrowth\n");

    // Keyboard: "Move up" on the date, twice; the focus stays with the moved field.
    await item(2).getByRole("button", { name: "Move Start date up" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Move Start date up");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Move Start date down");
    await page.getByText("Start date moved to position 1 of 3.").waitFor();
    await builder().getByRole("button", { name: "Move Start date down" }).click();
    expect(await builder().getByRole("listitem").locator("strong").allTextContents()).toEqual([
      "1. Company Short text, required",
      "2. Start date Date",
      "3. Plan Choice buttons (pick one), required",
    ]);

    await expectNoAxeViolations(page);
    await builder().getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Registration fields saved").waitFor();
    const saved = (await api.timelines.listMasters()).success.find((t) => String(t.id) === timelineId)?.setting.registration;
    expect(saved?.customeEnable).toBe(true);
    expect(saved?.customForms).toEqual([
      { name: "company", label: "Company", type: "text", required: true },
      { name: "start_date", label: "Start date", type: "date", required: false },
      { name: "plan", label: "Plan", type: "radio", required: true, options: ["Starter", "Growth"] },
    ]);

    await builder().getByRole("button", { name: "Save these fields as a template" }).click();
    const dialog = page.getByRole("dialog", { name: "Save the fields as a template" });
    await dialog.getByLabel("Template name").fill(`Lead questions ${RUN}`);
    await dialog.getByRole("button", { name: "Save template" }).click();
    await page.getByText(`Template "Lead questions ${RUN}" saved`).waitFor();
    const template = (await api.forms.list()).success.find((f) => f.name === `Lead questions ${RUN}`);
    expect(template?.fields).toEqual(saved?.customForms);

    // The preview is the real widget on the saved setting.
    const preview = page.getByRole("region", { name: "Preview" });
    await preview.getByRole("radiogroup", { name: "Plan *" }).getByRole("radio", { name: "Growth" }).waitFor();
    await preview.getByLabel("Start date").waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "registration-fields");
    expectNoConsoleErrors(page);
  });

  it("looks right at 375 px in dark mode", async () => {
    const small = await loggedInPage(browser(), { colorScheme: "dark", viewport: { width: 375, height: 800 } });
    await visit(small, `/timelines/${timelineId}?section=registration`);
    await small.getByRole("form", { name: "Registration fields" }).getByRole("listitem").first().waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(small);
    await screenshot(small, "registration-fields-375-dark");
    expectNoConsoleErrors(small);
    await small.context().close();
  });

  it("a visitor registers through the hosted page's widget, the wrong answer refused first", async () => {
    const visitor = await openPage(browser(), { viewport: { width: 375, height: 800 } });
    await visitor.goto(`${baseURL()}/register/${timelineId}`);
    // The widget takes the no-script form's place (the form stays in the light DOM, not shown):
    // roles find what a visitor sees.
    const form = visitor.locator("[data-cuepoint-registration]");
    const plan = form.getByRole("radiogroup", { name: "Plan *" });
    await plan.waitFor();
    await form.getByRole("textbox", { name: "Name *" }).fill("Fran Fields");
    await form.getByRole("textbox", { name: "Email *" }).fill(EMAIL);
    await form.locator('input[type="date"][id^="cp"]').fill("2026-05-01");
    await form.getByRole("button", { name: "Register" }).click();
    await form.getByText('"Company" is required.', { exact: true }).waitFor();
    await form.getByText('"Plan" is required.', { exact: true }).waitFor();
    await form.getByRole("textbox", { name: "Company *" }).fill("Acme, Inc.");
    await plan.getByRole("radio", { name: "Growth" }).check();
    await expectNoAxeViolations(visitor);
    await screenshot(visitor, "registration-fields-hosted-375");
    // Registered, the hosted page takes the visitor to their personal link.
    await Promise.all([visitor.waitForURL((address) => address.pathname.startsWith("/join/")), form.getByRole("button", { name: "Register" }).click()]);
    expectNoConsoleErrors(visitor);
    await visitor.context().close();
  });

  it("shows the answers on the lead and exports them with the leads", async () => {
    await visit(page, `/leads?filter=${encodeURIComponent(EMAIL)}`);
    await page.getByRole("button", { name: "Answers of Fran Fields" }).click();
    const dialog = page.getByRole("dialog", { name: "Registration of Fran Fields" });
    const answers = dialog.getByRole("definition");
    await dialog.getByText("Acme, Inc.").waitFor();
    expect(await dialog.getByRole("term").allTextContents()).toEqual(["Name", "Email", "Phone", "Timeline", "Registered", "Company", "Start date", "Plan"]);
    expect((await answers.allTextContents()).slice(5)).toEqual(["Acme, Inc.", "2026-05-01", "Growth"]);
    await expectNoAxeViolations(page);
    await screenshot(page, "registration-fields-lead");
    await dialog.getByRole("button", { name: "Close" }).first().click();

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const csv = await readFile((await (await download).path())!, "utf8");
    const [header, row] = csv.trim().split("\r\n");
    const columns = header!.split(",");
    expect(columns).toEqual(expect.arrayContaining(["company", "start_date", "plan"]));
    expect(row).toContain(EMAIL);
    expect(row).toContain('"Acme, Inc."');
    const cells = row!.replace('"Acme, Inc."', "ACME").split(",");
    expect(cells[columns.indexOf("plan")]).toBe("Growth");
    expect(cells[columns.indexOf("start_date")]).toBe("2026-05-01");
    expectNoConsoleErrors(page);
  });
});
