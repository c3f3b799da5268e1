import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, loggedInApi, loggedInPage, screenshot, useBrowser, visit } from "./harness.js";

/*
 * The @cuepoint/widgets composed into the dashboard: the wizard's template preview (TimelineViewer),
 * the editor's registration preview (RegistrationForm in preview mode) and the media fields
 * (MediaPicker in a dialog), in light and dark mode.
 */

const browser = useBrowser();
let page: Page;
beforeAll(async () => {
  page = await loggedInPage(browser());
});
afterEach(() => expectNoConsoleErrors(page));

const RUN = Date.now().toString(36);
const NAME = `E2E widgets ${RUN}`;
const PREVIEW_MESSAGE = "Preview: the form is filled in correctly. Nothing was sent.";
/** A 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
let editorPath = "";

const section = (p: Page, name: string) => p.getByRole("navigation", { name: "Timeline editor" }).getByRole("link", { name, exact: true });

/** Opens the demo timeline (it has upcoming webinars, so its registration is open) at `name`. */
async function openDemoTimeline(p: Page, name: string): Promise<void> {
  await visit(p, "/timelines");
  await p.getByRole("link", { name: "Live webinar with reminders", exact: true }).first().click();
  await p.getByRole("heading", { name: "Live webinar with reminders", level: 1 }).waitFor();
  await section(p, name).click();
}

describe("widgets in the dashboard", () => {
  it("previews a template's actions in the wizard before creating the timeline", async () => {
    await visit(page, "/timelines/wizard");
    await page.getByRole("radio", { name: /Live webinar with reminders/ }).check();
    const preview = page.getByRole("region", { name: "Preview: Live webinar with reminders" });
    await preview.getByRole("region", { name: "3 days before", exact: true }).getByText("Reminder: 3 days to go").waitFor();
    await preview.getByRole("region", { name: "Event day", exact: true }).getByText("Welcome message").waitFor();
    // Read-only: no move or delete buttons.
    expect(await preview.getByRole("button").count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, "widgets-wizard-template-preview");

    await page.getByRole("radio", { name: /Blank timeline/ }).check();
    await expect.poll(() => preview.count()).toBe(0);
    await page.getByRole("radio", { name: /Live webinar with reminders/ }).check();
    await page.getByLabel("Timeline name").fill(NAME);
    await page.getByRole("button", { name: "Create timeline" }).click();
    await page.getByRole("heading", { name: NAME, level: 1 }).waitFor();
    editorPath = new URL(page.url()).hash.slice(1);
  });

  it("shows the registration form as visitors see it, in preview mode that registers nobody", async () => {
    await openDemoTimeline(page, "Code");
    const preview = page.getByRole("region", { name: "Preview" });
    await preview.getByText("submitting it checks the fields but registers nobody").waitFor();
    const name = preview.getByLabel(/^Name/);
    await name.waitFor();
    await preview.getByRole("heading", { name: "Live webinar with reminders", level: 2 }).waitFor();
    await preview.getByRole("button", { name: "Register" }).click();
    await expect.poll(() => name.getAttribute("aria-invalid")).toBe("true");

    const email = `widget-preview-${RUN}@example.com`;
    await name.fill("Pat Preview");
    await preview.getByLabel(/^Email/).fill(email);
    await preview.getByRole("button", { name: "Register" }).click();
    await preview.getByRole("alert").filter({ hasText: PREVIEW_MESSAGE }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "widgets-registration-preview");

    // Nobody was registered.
    await visit(page, "/leads");
    await page.getByRole("searchbox", { name: "Search leads" }).fill(email);
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByText(`No leads match "${email}".`).waitFor();
  });

  it("picks a demo image into a setting with the media picker, browsing by folder and searching", async () => {
    await visit(page, `${editorPath}?section=advanced`);
    await page.getByRole("heading", { name: "Advanced", level: 2 }).waitFor();
    await page.getByLabel("Show a countdown before the start").check();
    const field = page.getByRole("group", { name: "Countdown background image" });
    await field.getByText("No image chosen").waitFor();
    await field.getByRole("button", { name: "Choose from media" }).click();

    const dialog = page.getByRole("dialog", { name: "Choose an image" });
    await dialog.getByLabel("Media type").waitFor();
    expect(await dialog.getByLabel("Media type").inputValue()).toBe("image");
    await dialog.getByLabel("Folder").selectOption({ label: "Covers" });
    await dialog.getByRole("radio", { name: /Q&A session cover\.png/ }).waitFor();
    await dialog.getByRole("searchbox", { name: "Search media" }).fill("product demo");
    await expect.poll(() => dialog.getByRole("radio").count()).toBe(1);
    await dialog.getByRole("radio", { name: /Product demo cover\.png/ }).check();
    await expectNoAxeViolations(page);
    await screenshot(page, "widgets-media-picker");
    await dialog.getByRole("button", { name: "Choose", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await field.getByText("Product demo cover.png").waitFor();

    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Advanced saved").waitFor();
    await page.reload();
    await page.getByRole("group", { name: "Countdown background image" }).getByText("Product demo cover.png").waitFor();
  });

  it("uploads a file in the picker with progress and picks it; Escape closes only the picker", async () => {
    const field = page.getByRole("group", { name: "Countdown background image" });
    await field.getByRole("button", { name: "Choose from media" }).click();
    const dialog = page.getByRole("dialog", { name: "Choose an image" });
    await dialog.getByLabel("Media type").waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "Advanced", level: 2 }).waitFor();

    await field.getByRole("button", { name: "Choose from media" }).click();
    const file = `e2e-widget-${RUN}.png`;
    await dialog.getByLabel("Upload files").setInputFiles([{ name: file, mimeType: "image/png", buffer: PNG }]);
    await dialog.getByRole("list", { name: "Uploads" }).getByText(file).waitFor();
    await expect.poll(() => dialog.getByRole("progressbar", { name: `${file} uploaded` }).getAttribute("value")).toBe("100");
    await dialog.getByRole("radio", { name: new RegExp(file.replace(/\./g, "\\.")) }).check();
    await screenshot(page, "widgets-media-picker-upload");
    await dialog.getByRole("button", { name: "Choose", exact: true }).click();
    await field.getByText(file).waitFor();
    await page.getByRole("button", { name: "Discard changes" }).click();
    await field.getByText("Product demo cover.png").waitFor();
  });
});

describe("the media picker in the action form", () => {
  it("fills an action's image from the picker opened over the action dialog", async () => {
    // An SMS service, stored through the API: creating asks nobody (saving from the form would test the
    // credentials against Twilio, which this machine must never reach). Twilio's MMS is the catalogue's
    // running action with a media field: an image of the library.
    const service = `E2E texts ${RUN}`;
    const api = await loggedInApi();
    await api.integrations.create({ type: "TWILIO", name: service, sid: "AC0123456789abcdef0123456789abcdef", token: "e2e-auth-token-0123456789" });

    await visit(page, editorPath);
    // The integrations are loaded with the session: load them again to see the new one.
    await page.reload();
    await page.getByRole("button", { name: "Add action" }).waitFor();
    await page.getByRole("button", { name: "Add action" }).click();
    const add = page.getByRole("dialog", { name: "Add an action" });
    await add.getByLabel("Day", { exact: true }).selectOption("1");
    await add.getByLabel("Runs through").selectOption({ label: `${service} (Twilio)` });
    await add.getByLabel("Action", { exact: true }).selectOption({ label: "Send MMS" });
    await add.getByLabel("Image source").selectOption({ label: "Image from the media library" });
    const field = add.getByRole("group", { name: "Image", exact: true });
    await field.getByRole("button", { name: "Choose from media" }).click();
    const picker = page.getByRole("dialog", { name: "Choose an image" });
    // Enter in the search box stays in the picker (it is not inside the action form).
    await picker.getByRole("searchbox", { name: "Search media" }).fill("cover");
    await page.keyboard.press("Enter");
    await picker.getByRole("radio", { name: /Product demo cover\.png/ }).check();
    await expectNoAxeViolations(page);
    await screenshot(page, "widgets-action-image-picker");
    await picker.getByRole("button", { name: "Choose", exact: true }).click();
    await picker.waitFor({ state: "detached" });
    await field.getByText("Product demo cover.png").waitFor();
    // Escape in a second picker closes it, and the action dialog stays.
    await field.getByRole("button", { name: "Choose from media" }).click();
    await picker.getByRole("searchbox", { name: "Search media" }).waitFor();
    await page.keyboard.press("Escape");
    await picker.waitFor({ state: "detached" });
    expect(await add.isVisible()).toBe(true);

    await add.getByRole("button", { name: "Add action" }).click();
    await add.waitFor({ state: "detached" });
    await page.getByRole("region", { name: "1 day after", exact: true }).getByText("Send MMS").first().waitFor();
  });
});

describe("widgets in dark mode", () => {
  let dark: Page;
  beforeAll(async () => {
    dark = await loggedInPage(browser(), { colorScheme: "dark" });
  });
  afterAll(() => dark?.context().close());
  afterEach(() => expectNoConsoleErrors(dark));

  it("themes the preview, the viewer and the picker with the dashboard's colours", async () => {
    await visit(dark, "/timelines/wizard");
    expect(await dark.evaluate(() => document.documentElement.dataset.colorMode)).toBe("dark");
    await dark.getByRole("radio", { name: /Live webinar with reminders/ }).check();
    await dark.getByText("Reminder: 3 days to go").waitFor();
    const background = await dark.locator(".cp-timeline").evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe("rgb(27, 30, 37)"); // --surface in dark mode
    await expectNoAxeViolations(dark);
    await screenshot(dark, "widgets-wizard-template-preview-dark");

    await openDemoTimeline(dark, "Registration");
    const preview = dark.getByRole("region", { name: "Preview" });
    await preview.getByLabel(/^Name/).fill("Dee Dark");
    await preview.getByLabel(/^Email/).fill(`widget-dark-${RUN}@example.com`);
    await preview.getByRole("button", { name: "Register" }).click();
    await preview.getByRole("alert").filter({ hasText: PREVIEW_MESSAGE }).waitFor();
    await expectNoAxeViolations(dark);
    await screenshot(dark, "widgets-registration-preview-dark");

    await visit(dark, `${editorPath}?section=advanced`);
    await dark.getByRole("group", { name: "Intro video" }).or(dark.getByRole("group", { name: "Webinar video" })).first().waitFor();
    await dark.getByRole("group", { name: "Webinar video" }).getByRole("button", { name: "Choose from media" }).click();
    const dialog = dark.getByRole("dialog", { name: "Choose a video" });
    await dialog.getByText("No files here.").waitFor();
    await dialog.getByLabel("Media type").selectOption("audio");
    await dialog.getByLabel("Folder").selectOption({ label: "Webinar sounds" });
    await dialog.getByRole("radio", { name: /Welcome chime\.wav/ }).check();
    // An audio file is not a video: the field refuses it.
    await dialog.getByRole("button", { name: "Choose", exact: true }).click();
    await dialog.getByRole("alert").getByText('"Welcome chime.wav" is not a video: pick a video for this field.').waitFor();
    await expectNoAxeViolations(dark);
    await screenshot(dark, "widgets-media-picker-dark");
    await dialog.getByRole("button", { name: "Cancel" }).click();
  });
});
