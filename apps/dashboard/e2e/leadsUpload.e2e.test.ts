import { createMasterSetting } from "@cuepoint/sdk";
import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, loggedInApi, loggedInPage, screenshot, useBrowser, visit } from "./harness.js";
import { E2E_USERS } from "./users.js";

/*
 * CSV upload on the leads screen, as a user with the registrantUpload feature (made by the admin
 * CLI with `--feature registrantUpload` in globalSetup; the demo user has no such feature).
 */

const user = E2E_USERS.uploader;
const CSV = ["Name,Email,Phone,Company", "Ada Upload,ada.upload@example.com,+15550100001,Analytical", "Grace Upload,grace.upload@example.com,,Navy"].join("\n");

const browser = useBrowser();
let page: Page;

beforeAll(async () => {
  // The upload goes into a timeline: give the new user one through the API.
  const api = await loggedInApi(user);
  await api.timelines.setMaster({ blocks: createMasterSetting({ general: { timelineName: "Upload target" } }) });
  page = await loggedInPage(browser(), user);
});
afterEach(() => expectNoConsoleErrors(page));

describe("leads CSV upload", () => {
  it("imports a CSV through the dialog and lists the new leads", async () => {
    await visit(page, "/leads");
    await page.getByRole("button", { name: "Upload CSV" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload leads from CSV" });
    await dialog.getByLabel("Timeline").selectOption({ label: "Upload target" });
    await dialog.getByLabel("CSV file").setInputFiles({ name: "leads.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
    await expectNoAxeViolations(page);
    await screenshot(page, "leads-upload-dialog");
    await dialog.getByRole("button", { name: "Upload" }).click();
    await page.getByText("Leads imported").first().waitFor();
    await dialog.waitFor({ state: "hidden" });

    const table = page.getByRole("table", { name: "Leads" });
    await table.getByRole("cell", { name: "ada.upload@example.com" }).waitFor();
    await table.getByRole("cell", { name: "grace.upload@example.com" }).waitFor();
    await expect.poll(() => table.locator("tbody tr").count()).toBe(2);
    await expectNoAxeViolations(page);
    await screenshot(page, "leads-uploaded");
  });
});
