import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, loggedInPage, screenshot, useBrowser, visit } from "./harness.js";

const browser = useBrowser();
let page: Page;
beforeAll(async () => {
  page = await loggedInPage(browser());
});
afterEach(() => expectNoConsoleErrors(page));

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

describe("media", () => {
  it("uploads a file through the dialog, minimises it, and deletes the file after asking", async () => {
    await visit(page, "/media");
    await page.getByText(/Storage used: \d+\.\d\d GB/).waitFor();
    await page.getByText(/No media yet|Media/).first().waitFor();
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Upload media" });
    await dialog.getByText("Drag and drop files here, or").waitFor();
    await expectNoAxeViolations(page);

    await dialog.getByLabel("Files to upload").setInputFiles([
      { name: "e2e-pixel.png", mimeType: "image/png", buffer: PNG },
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("skipped") },
    ]);
    await page.getByText("Media upload successful").first().waitFor();
    await page.getByText("The media was uploaded successfuly.").first().waitFor();
    // Only the accepted extension was queued.
    await expect.poll(() => dialog.getByRole("progressbar").count()).toBe(1);
    await dialog.getByText("100%").waitFor();
    await screenshot(page, "media-upload-dialog");

    await dialog.getByRole("button", { name: "Minimise" }).click();
    await page.getByText("1 of 1 uploaded").waitFor();
    await screenshot(page, "media-corner-bar");
    await page.getByRole("button", { name: "Show uploads" }).click();
    await dialog.getByRole("button", { name: "Done" }).click();

    const row = page.getByRole("row", { name: /e2e-pixel\.png/ });
    await row.waitFor();
    await expect.poll(() => row.getByRole("cell").nth(2).textContent()).toBe("0.00");
    await expectNoAxeViolations(page);
    await screenshot(page, "media");

    await page.getByRole("button", { name: "Delete e2e-pixel.png" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete e2e-pixel.png?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => row.count()).toBe(1);
    await page.getByRole("button", { name: "Delete e2e-pixel.png" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText("e2e-pixel.png deleted").waitFor();
    await expect.poll(() => row.count()).toBe(0);
  });

  it("shows a video the server could not process as failed once its processing ends", async () => {
    await visit(page, "/media-new/videos");
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Upload media" });
    await dialog.getByLabel("Files to upload").setInputFiles([
      { name: "e2e-broken.mp4", mimeType: "video/mp4", buffer: Buffer.from("this is no video") },
    ]);
    // Uploaded, then processed on the server after the upload: status 5, which the poll reports.
    await page.getByText("Media upload failed").first().waitFor();
    await dialog.getByRole("button", { name: "Done" }).click();
    const row = page.getByRole("row", { name: /e2e-broken\.mp4/ });
    await row.getByText("Failed", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Delete e2e-broken.mp4" }).click();
    await page.getByRole("alertdialog", { name: "Delete e2e-broken.mp4?" }).getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => row.count()).toBe(0);
  });

  it("creates, renames and opens a folder", async () => {
    await visit(page, "/media");
    await page.getByRole("button", { name: "New folder" }).click();
    await page.getByLabel("Folder name").fill("E2E intros");
    await page.getByRole("button", { name: "Create folder" }).click();
    await page.getByRole("button", { name: "E2E intros", exact: true }).waitFor();
    await page.getByRole("button", { name: "Rename E2E intros" }).click();
    await page.getByLabel("New name").fill("E2E openers");
    await page.getByRole("dialog", { name: "Rename" }).getByRole("button", { name: "Rename" }).click();
    await page.getByRole("button", { name: "E2E openers", exact: true }).click();
    await page.getByText("This folder is empty. Upload files into it.").waitFor();
    expect(page.url()).toContain("folder=");
  });

  it("shows the per-type views", async () => {
    await visit(page, "/media-new/videos");
    await page.getByRole("heading", { level: 1, name: "Videos" }).waitFor();
    await page.getByRole("link", { name: "Videos" }).and(page.locator("[aria-current=page]")).waitFor();
    await expectNoAxeViolations(page);
    await visit(page, "/media-new/niftyImages");
    await page.getByText(/No personalised images/).waitFor();
    await screenshot(page, "media-nifty");
  });
});
