import { createMasterSetting, type Client } from "@cuepoint/sdk";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mailBodies, mailHeader } from "../../server/src/integrations/test-support/mailParts.js";
import { startSmtpPeer, type SmtpPeer } from "../../server/src/integrations/test-support/smtpPeer.js";
import { DEMO_EMAIL, expectNoAxeViolations, expectNoConsoleErrors, loggedInApi, loggedInPage, screenshot, useBrowser, visit } from "./harness.js";

/**
 * The autoresponder emails of a timeline, as a host edits them: turn the confirmation on, write
 * it with a merge tag inserted from the list, see the live preview for the sample registrant in
 * their zone, save, add a second reminder, and "send me a test" that arrives at a loopback SMTP
 * server (smtp-server on 127.0.0.1, the integration created through the API and tested).
 */

const LOGIN = { username: "e2e-mailer@example.com", password: "smtp-pass-e2e" };
const browser = useBrowser();
let page: Page;
let api: Client;
let smtp: SmtpPeer;
let timelineId = "";
let smtpName = "";

beforeAll(async () => {
  smtp = await startSmtpPeer(LOGIN);
  api = await loggedInApi();
  smtpName = `E2E mail ${Date.now().toString(36)}`;
  const { success } = await api.integrations.create({ type: "SMTP", name: smtpName, address: "127.0.0.1", port: smtp.port, ...LOGIN, fromEmail: "events@acme.example" });
  await api.integrations.test(success.integrationid);
  const setting = createMasterSetting({ general: { timelineName: `E2E autoresponder ${Date.now().toString(36)}`, timeZone: "America/New_York" } });
  timelineId = String((await api.timelines.setMaster({ blocks: setting })).success.id);
  page = await loggedInPage(browser());
});
afterAll(() => smtp.close());
afterEach(() => expectNoConsoleErrors(page));

const confirmation = () => page.getByRole("group", { name: "Confirmation" });

describe("autoresponder emails", () => {
  it("edits the confirmation with a merge tag and a live preview in the sample registrant's zone, and saves it", async () => {
    await visit(page, `/timelines/${timelineId}?section=autoresponder`);
    await page.getByRole("heading", { name: "Autoresponder emails" }).waitFor();
    const box = confirmation();
    await box.getByLabel("Send the confirmation email").check();
    await box.getByLabel("Confirmation subject").fill("You're in, {first_name}");
    const body = box.getByRole("textbox", { name: "Confirmation body" });
    await body.fill("Hi , we start {event_day} at {event_time} {event_timezone}.\n\nJoin: {join_link}");
    // The cursor after "Hi ": a click on the tag inserts it there.
    await body.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(3, 3));
    await box.getByRole("group", { name: "Merge tags for confirmation body" }).getByRole("button", { name: /\{first_name\}/ }).click();
    expect(await body.inputValue()).toMatch(/^Hi \{first_name\}, we start/);
    const preview = box.getByRole("region", { name: "Preview" });
    await preview.getByText("Subject: You're in, Ada").waitFor();
    // The sample registrant reads in London: GMT in winter, BST in summer — never New York's zone.
    await expect.poll(() => preview.textContent()).toMatch(/Hi Ada, we start \w+day at \d{1,2}:00 [AP]M (GMT|BST)\./);
    expect(await preview.textContent()).toContain("Europe/London");
    expect(await preview.getByRole("link", { name: "https://example.com/join/sample" }).getAttribute("href")).toBe("https://example.com/join/sample");
    await box.getByLabel("Sent through").selectOption({ label: smtpName });
    await page.getByRole("button", { name: "Add a reminder" }).click();
    const second = page.getByRole("group", { name: "Reminder 2" });
    await second.getByLabel("Minutes before the start").fill("1440");
    await second.getByText("Sent 1 day before the start.").waitFor();
    await second.getByLabel("Reminder 2 subject").fill("Tomorrow: {event_subject}");
    await second.getByRole("textbox", { name: "Reminder 2 body" }).fill("See you tomorrow, {first_name}.");
    await expectNoAxeViolations(page);
    await screenshot(page, "autoresponder-editor");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Autoresponder emails saved").waitFor();
    const saved = (await api.timelines.listMasters()).success.find((t) => String(t.id) === timelineId)?.setting.autoresponder;
    expect(saved).toMatchObject({
      confirmation: "true",
      confirmationTitle: "You're in, {first_name}",
      confirmationIntegrationID: expect.any(String) as string,
      reminders: [{ enabled: "true", minutes: 1440, title: "Tomorrow: {event_subject}" }],
    });
  });

  it("sends a test of the confirmation to the host's own address through the chosen integration", async () => {
    await confirmation().getByRole("button", { name: "Send me a test" }).click();
    await page.getByText(`Test sent to ${DEMO_EMAIL}`).waitFor();
    const mail = smtp.mails.find((m) => m.to.includes(DEMO_EMAIL));
    if (!mail) throw new Error("the test mail did not arrive");
    expect(mail.from).toBe("events@acme.example");
    expect(mailHeader(mail.raw, "Subject")).toBe("[Test] You're in, Ada");
    const { text, html } = mailBodies(mail.raw);
    expect(text).toMatch(/^Hi Ada, we start \w+day at \d{1,2}:\d\d [AP]M (GMT|BST)\.\n\nJoin: https:\/\/example\.com\/join\/sample$/);
    expect(html).toContain('<a href="https://example.com/join/sample">');
  });

  it("refuses a test through an integration that is not connected, on the field", async () => {
    const { success } = await api.integrations.create({ type: "SMTP", name: `${smtpName} untested`, address: "127.0.0.1", port: smtp.port, ...LOGIN, fromEmail: "events@acme.example" });
    // Another screen first: the section reads the account's integrations again when it opens.
    await visit(page, "/timelines");
    await visit(page, `/timelines/${timelineId}?section=autoresponder`);
    await confirmation().getByLabel("Sent through").selectOption({ label: `${smtpName} untested (not connected)` });
    await confirmation().getByRole("button", { name: "Send me a test" }).click();
    await confirmation().getByText(/is not connected: test it on the Integrations screen first/).waitFor();
    await api.integrations.delete(success.integrationid);
  });

  it("the email action form of the action timeline has the same merge tags and preview", async () => {
    await visit(page, `/timelines/${timelineId}`);
    await page.getByRole("button", { name: "Add action" }).click();
    const add = page.getByRole("dialog", { name: "Add an action" });
    await add.getByLabel("Runs through").selectOption({ label: `${smtpName} (SMTP server)` });
    await add.getByLabel("Action", { exact: true }).selectOption({ label: "Send email" });
    await add.getByLabel("Email subject").fill("Starting {event_day}");
    const body = add.getByRole("textbox", { name: "Email body" });
    await body.fill("Hello ");
    await add.getByRole("group", { name: "Merge tags for email body" }).getByRole("button", { name: /\{first_name\}/ }).click();
    expect(await body.inputValue()).toBe("Hello {first_name}");
    await add.getByRole("region", { name: "Preview" }).getByText("Hello Ada").waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "autoresponder-action-form");
    await add.getByRole("button", { name: "Cancel" }).click();
  });

  it("reads well at 375 px in dark mode", async () => {
    const small = await loggedInPage(browser(), { colorScheme: "dark", viewport: { width: 375, height: 800 } });
    await visit(small, `/timelines/${timelineId}?section=autoresponder`);
    await small.getByRole("group", { name: "Confirmation" }).getByRole("region", { name: "Preview" }).getByText("Subject: You're in, Ada").waitFor();
    await expectNoAxeViolations(small);
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(small, "autoresponder-editor-375-dark");
    expectNoConsoleErrors(small);
  });
});
