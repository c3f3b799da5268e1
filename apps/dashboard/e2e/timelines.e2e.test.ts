import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, loggedInPage, screenshot, useBrowser, visit } from "./harness.js";

const browser = useBrowser();
let page: Page;
beforeAll(async () => {
  page = await loggedInPage(browser());
});
afterEach(() => expectNoConsoleErrors(page));

const NAME = `E2E launch ${Date.now().toString(36)}`;
let editorPath = "";

const dialog = (name: string | RegExp) => page.getByRole("dialog", { name });
const confirmDialog = (name: string | RegExp) => page.getByRole("alertdialog", { name });
const section = (name: string) => page.getByRole("navigation", { name: "Timeline editor" }).getByRole("link", { name, exact: true });
const actionItem = (name: string) => page.getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });
const dayGroup = (label: string) => page.getByRole("region", { name: label, exact: true });

describe("timelines", () => {
  it("lists timelines with active and trash tabs", async () => {
    await visit(page, "/timelines");
    await page.getByRole("link", { name: "Live webinar with reminders" }).first().waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "timelines-list");
    await page.getByRole("tab", { name: "Trash" }).click();
    await page.getByText("The trash is empty.").or(page.getByRole("table")).first().waitFor();
    await page.getByRole("tab", { name: "Active" }).click();
  });

  it("creates a timeline through the wizard from a template", async () => {
    await page.getByRole("link", { name: "New timeline" }).click();
    await page.getByRole("heading", { name: "New timeline", level: 1 }).waitFor();
    await page.getByRole("radio", { name: /Live webinar with reminders/ }).check();
    expect(await page.getByLabel("Timeline name").inputValue()).toBe("Live webinar with reminders");
    await page.getByLabel("Timeline name").fill(NAME);
    await expectNoAxeViolations(page);
    await screenshot(page, "timelines-wizard");
    await page.getByRole("button", { name: "Create timeline" }).click();
    await page.getByRole("heading", { name: NAME, level: 1 }).waitFor();
    editorPath = new URL(page.url()).hash.slice(1);
    expect(editorPath).toMatch(/^\/timelines\/[^/?]+$/);
    // The template's actions came along, grouped by day.
    await dayGroup("3 days before").getByText("Reminder: 3 days to go").waitFor();
    await dayGroup("Event day").getByText("Welcome message").waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "timeline-editor-actions");
  });

  it("adds an action, and shows the rules' message when one is refused", async () => {
    await page.getByRole("button", { name: "Add action" }).click();
    const add = dialog("Add an action");
    await add.waitFor();
    await add.getByLabel("Runs through").selectOption({ label: "Live event (Cuepoint Events)" });
    await add.getByLabel("Action", { exact: true }).selectOption({ label: "Send live chat message" });
    await add.getByLabel("Chat message").fill("Hello from the e2e test");
    // No time: the SDK's completeness rule refuses it, in words.
    await add.getByLabel("Minutes").fill("0");
    await add.getByRole("button", { name: "Add action" }).click();
    await add.getByRole("alert").filter({ hasText: "This action is incomplete: choose a time." }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "timeline-action-refused");
    // A call-to-action without its subheadline: the per-integration field rule, inline on the field.
    await add.getByLabel("Minutes").fill("20");
    await add.getByLabel("Action", { exact: true }).selectOption({ label: "Show call-to-action" });
    await add.getByLabel("Headline", { exact: true }).fill("Join the program");
    await add.getByRole("button", { name: "Add action" }).click();
    await add.getByText("Enter the subheadline").waitFor();
    expect(await add.getByLabel("Subheadline").getAttribute("aria-invalid")).toBe("true");
    await add.getByLabel("Subheadline").fill("Doors close tonight");
    await add.getByLabel("Title (optional)").fill("E2E offer");
    await add.getByRole("button", { name: "Add action" }).click();
    await add.waitFor({ state: "detached" });
    await dayGroup("Event day").getByText("E2E offer", { exact: true }).waitFor();
    expect(await actionItem("E2E offer").textContent()).toContain("20 min after the start");
    // Saved on the server: it survives a reload.
    await page.reload();
    await dayGroup("Event day").getByText("E2E offer", { exact: true }).waitFor();
  });

  it("edits an action", async () => {
    await page.getByRole("button", { name: "Edit E2E offer" }).click();
    const edit = dialog("Edit action");
    await edit.waitFor();
    expect(await edit.getByLabel("Headline", { exact: true }).inputValue()).toBe("Join the program");
    await edit.getByLabel("Title (optional)").fill("E2E offer, edited");
    await edit.getByRole("button", { name: "Save action" }).click();
    await edit.waitFor({ state: "detached" });
    await dayGroup("Event day").getByText("E2E offer, edited", { exact: true }).waitFor();
  });

  it("moves actions between day groups, refusing a move the rules forbid", async () => {
    // A live chat message the day after the event is outside the live window: refused with the rule's words.
    await page.getByRole("button", { name: "Move Welcome message" }).click();
    const move = dialog('Move "Welcome message"');
    await move.getByLabel("Move to").selectOption({ label: "1 day after" });
    await move.getByRole("button", { name: "Move" }).click();
    await move.getByRole("alert").waitFor();
    expect(await move.getByRole("alert").textContent()).toMatch(/can't move there/);
    await page.keyboard.press("Escape");
    await move.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Move Reminder: tomorrow" }).click();
    const move2 = dialog('Move "Reminder: tomorrow"');
    await move2.getByLabel("Move to").selectOption({ label: "2 days before" });
    await move2.getByRole("button", { name: "Move" }).click();
    await move2.waitFor({ state: "detached" });
    await dayGroup("2 days before").getByText("Reminder: tomorrow").waitFor();
  });

  it("deletes an action after asking", async () => {
    await page.getByRole("button", { name: "Delete Reminder: 3 days to go" }).click();
    const ask = confirmDialog('Delete the action "Reminder: 3 days to go"?');
    await ask.waitFor();
    await page.keyboard.press("Escape");
    await ask.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Delete Reminder: 3 days to go" }).click();
    await ask.getByRole("button", { name: "Delete" }).click();
    await ask.waitFor({ state: "detached" });
    await expect.poll(() => page.getByText("Reminder: 3 days to go").count()).toBe(0);
  });

  it("restores a revision from the version history", async () => {
    await section("Version History").click();
    await page.getByRole("heading", { name: "Version History" }).waitFor();
    const rows = page.getByRole("row");
    await expect.poll(() => rows.count()).toBeGreaterThan(3);
    await expectNoAxeViolations(page);
    await screenshot(page, "timeline-history");
    // Newest first: row 1 is the delete (current), row 2 the move before it.
    await rows.nth(2).getByRole("button", { name: /Restore the version/ }).click();
    const ask = confirmDialog(/Restore the version of/);
    await ask.getByRole("button", { name: "Restore" }).click();
    await ask.waitFor({ state: "detached" });
    await page.getByText("Restored an earlier version").waitFor();
    await section("Action timeline").click();
    await dayGroup("3 days before").getByText("Reminder: 3 days to go").waitFor();
  });

  it("shows every settings section of the side menu", async () => {
    for (const [label, name] of [
      ["Calendar", "calendar"],
      ["Event info", "event-info"],
      ["Integrations", "integrations"],
      ["Registration", "registration"],
      ["Advanced", "advanced"],
      ["Audience", "audience"],
      ["Templates", "templates"],
      ["Code", "code"],
    ] as const) {
      await section(label).click();
      await page.getByRole("heading", { name: label, level: 2, exact: true }).waitFor();
      await expectNoAxeViolations(page, `${editorPath}?section=${name}`);
      await screenshot(page, `timeline-settings-${name}`);
    }
  });

  it("saves a setting and keeps the registration builders and code", async () => {
    await section("Registration").click();
    expect(await page.getByRole("radiogroup", { name: "Registration page builder" }).getByRole("radio").count()).toBe(10);
    await page.getByRole("radio", { name: "Converti" }).check();
    // The section has two forms (Registration, Registration fields), each with its Save.
    await page.getByRole("form", { name: "Registration", exact: true }).getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Registration saved").waitFor();

    await section("Event info").click();
    await page.getByLabel("Organizer").fill("E2E Host");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Event info saved").waitFor();
    await page.reload();
    await page.getByLabel("Organizer").waitFor();
    expect(await page.getByLabel("Organizer").inputValue()).toBe("E2E Host");

    await section("Code").click();
    const code = await page.getByLabel("Script tag code").inputValue();
    const id = editorPath.split("/").pop();
    expect(code).toBe(`<script async src="${new URL(page.url()).origin}/embed.js"></script><div data-cuepoint-registration="${id}"></div>`);
    // The Code section's steps start from the builder saved here.
    expect(await page.getByLabel("Your page builder").inputValue()).toBe("converti");
  });

  it("creates and deletes a form template", async () => {
    await section("Templates").click();
    await page.getByRole("button", { name: "New form template" }).click();
    const form = dialog("New form template");
    await form.getByLabel("Template name").fill("E2E short form");
    await form.getByRole("button", { name: "Save" }).click();
    await form.waitFor({ state: "detached" });
    await page.getByRole("cell", { name: "E2E short form", exact: true }).waitFor();
    await page.getByRole("button", { name: "Delete E2E short form" }).click();
    await confirmDialog(/Delete the form template/).getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => page.getByRole("cell", { name: "E2E short form", exact: true }).count()).toBe(0);
  });

  it("pages the scheduled events of the demo timeline", async () => {
    await visit(page, "/timelines");
    await page.getByRole("link", { name: "Live webinar with reminders", exact: true }).click();
    await page.getByRole("heading", { name: "Live webinar with reminders", level: 1 }).waitFor();
    await section("Scheduled Events").click();
    await page.getByRole("tab", { name: "Upcoming" }).waitFor();
    await page.getByRole("table").or(page.getByText("No upcoming events for this timeline.")).first().waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "timeline-events");
    // The automation engine's delivery log and dry run, per event.
    await page.getByRole("button", { name: /^Automation for / }).first().click();
    const automation = page.getByRole("dialog", { name: /^Automation: / });
    await automation.getByRole("tab", { name: "Delivery log" }).waitFor();
    await automation.getByRole("table").or(automation.getByText("Nothing delivered for this event yet.")).first().waitFor();
    await automation.getByRole("tab", { name: "Simulate" }).click();
    await automation.getByLabel("Minutes attended").fill("30");
    await automation.getByRole("button", { name: "Simulate" }).click();
    await automation.getByRole("table", { name: "Simulated actions" }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "timeline-event-simulate");
    await automation.getByRole("button", { name: "Close" }).click();
    await page.getByRole("tab", { name: "Past" }).click();
    await page.getByRole("table").or(page.getByText("No past events for this timeline.")).first().waitFor();
  });

  it("copies, shares, deletes (checked first) and restores from the list, by keyboard", async () => {
    await visit(page, "/timelines");
    const actions = page.getByRole("button", { name: `Actions for ${NAME}`, exact: true });
    await actions.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "Copy" }).waitFor();
    await page.keyboard.press("ArrowDown");
    await page.getByRole("menuitem", { name: "Copy" }).press("Enter");
    const copy = dialog(`Copy "${NAME}"`);
    expect(await copy.getByLabel("Name of the copy").inputValue()).toBe(`${NAME} (copy)`);
    await copy.getByRole("button", { name: "Copy" }).click();
    await copy.waitFor({ state: "detached" });
    await page.getByRole("link", { name: `${NAME} (copy)`, exact: true }).waitFor();

    await actions.click();
    await page.getByRole("menuitem", { name: "Share" }).click();
    const share = dialog(`Share "${NAME}"`);
    const code = await share.getByLabel("Share code").textContent();
    expect(code?.trim()).toMatch(/^\S{4,}$/);
    await screenshot(page, "timelines-share");
    await share.getByRole("button", { name: "Close" }).click();

    await page.getByRole("button", { name: `Actions for ${NAME} (copy)`, exact: true }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const ask = confirmDialog(`Delete the timeline "${NAME} (copy)"?`);
    await ask.waitFor();
    await expectNoAxeViolations(page);
    await ask.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => page.getByRole("link", { name: `${NAME} (copy)`, exact: true }).count()).toBe(0);

    await page.getByRole("tab", { name: "Trash" }).click();
    await page.getByRole("button", { name: `Restore ${NAME} (copy)` }).click();
    await page.getByText("Timeline restored").waitFor();
    await page.getByRole("tab", { name: "Active" }).click();
    await page.getByRole("link", { name: `${NAME} (copy)`, exact: true }).waitFor();
  });

  it("walks the beginner wizard", async () => {
    await visit(page, "/beginnerWizard");
    await page.getByRole("radio", { name: /Evergreen replay funnel/ }).check();
    await page.getByRole("button", { name: "Next" }).click();
    expect(await page.getByLabel("Timeline name").inputValue()).toBe("Evergreen replay funnel");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Ready to create" }).waitFor();
    await screenshot(page, "timelines-beginner-wizard");
  });
});

describe("timelines at 375 px in dark mode", () => {
  let small: Page;
  beforeAll(async () => {
    small = await loggedInPage(browser(), { colorScheme: "dark", viewport: { width: 375, height: 812 } });
  });
  afterAll(() => small?.context().close());
  afterEach(() => expectNoConsoleErrors(small));

  it("fits the list and the editor", async () => {
    for (const [path, name] of [["/timelines", "timelines-list-375-dark"], [editorPath, "timeline-editor-375-dark"], [`${editorPath}?section=registration`, "timeline-registration-375-dark"]] as const) {
      await visit(small, path);
      await small.getByRole("table").or(small.getByRole("region").first()).or(small.getByRole("form")).first().waitFor();
      expect(await small.evaluate(() => document.documentElement.dataset.colorMode)).toBe("dark");
      const overflow = await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(small, path);
      await screenshot(small, name);
    }
    // The Registration section has two forms (Registration, Registration fields), each with its Save.
    await small.getByRole("form", { name: "Registration", exact: true }).getByRole("button", { name: "Save", exact: true }).waitFor();
  });
});
