import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient, createMasterSetting, type Client } from "@cuepoint/sdk";
import type { Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { baseURL, expectNoAxeViolations, expectNoConsoleErrors, loggedInApi, loggedInPage, screenshot, useBrowser, visit } from "./harness.js";

/*
 * What is waiting (issue 16), as a host uses it: a timeline of three webhook actions — one due at
 * registration, whose loopback peer refuses it (a dead letter), two after the event — and three
 * registrants; on the webinar's screen the host sees the jobs per action and per registrant, filters
 * and searches them, cancels one job, cancels every waiting job of an action and sends a failed
 * one again once the peer accepts; the delivery log reads the same way; the timeline's screen shows
 * the same jobs.
 */

const browser = useBrowser();
let page: Page;
let api: Client;
let peer: Server;
let accept = false;
let webinarID = "";
let timelineId = "";

const NOW_TITLE = "Welcome webhook";
const DAY_TITLE = "Follow-up webhook";
const LATER_TITLE = "Replay webhook";

async function startPeer(): Promise<string> {
  peer = createServer((request, response) => {
    request.resume();
    request.on("end", () => response.writeHead(accept ? 200 : 400, { "content-type": "application/json" }).end(accept ? "{}" : '{"error":"Not accepted yet"}'));
  });
  await new Promise<void>((resolve) => peer.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(peer.address() as AddressInfo).port}/hook`;
}

/** Polls the server until `check` holds (the engine works in the background). */
async function until(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** Waits until the locator's text is `text` (the screen reloads after each change). */
async function hasText(locator: Locator, text: string) {
  await until(async () => (await locator.textContent())?.trim() === text, `"${text}"`);
}

/** Waits until the locator matches `count` elements. */
async function hasCount(locator: Locator, count: number) {
  await until(async () => (await locator.count()) === count, `${count} matches`);
}

const minuteUtc = (ms: number) => new Date(Math.ceil(ms / 60_000) * 60_000).toISOString().slice(0, 16);

beforeAll(async () => {
  const hookUrl = await startPeer();
  api = await loggedInApi();
  const hook = String((await api.integrations.create({ type: "WEBHOOK" })).success.integrationid);
  timelineId = String((await api.timelines.setMaster({ blocks: createMasterSetting({ general: { timelineName: "Waiting e2e", timeZone: "UTC" } }) })).success.id);
  const webhook = (title: string, timing: Record<string, unknown>) => ({
    ...timing,
    actionTitle: title,
    action: "sendWebhook",
    integrationType: "WEBHOOK",
    integrationID: hook,
    groupID: "3",
    model: { webhook: hookUrl },
  });
  await api.timelines.setEvents({
    webinarTimeline: timelineId,
    isPast: false,
    blocks: {
      // 20 minutes before a start 10 minutes away: already due at registration, run at once (catch-up).
      "0": [webhook(NOW_TITLE, { minutes: 20, isAfter: -1 })],
      "1": [webhook(DAY_TITLE, { days: 1, hours: 9, minutes: 0, amPm: "AM", isExact: true, isAfter: 1 })],
      "2": [webhook(LATER_TITLE, { days: 2, hours: 9, minutes: 0, amPm: "AM", isExact: true, isAfter: 1 })],
    },
  });
  const created = await api.webinars.create({ webinarTimeline: timelineId, start: minuteUtc(Date.now() + 10 * 60_000), name: "Waiting e2e webinar", timeZone: "UTC" });
  webinarID = String(created.success.webinar.webinarID);
  const visitor = createClient({ apiURL: `${baseURL()}/api`, xsrf: false });
  for (const name of ["Ann Waiting", "Bob Waiting", "Cat Waiting"]) {
    await visitor.registration.register(timelineId, { name, email: `${name.split(" ")[0]?.toLowerCase()}.waiting@example.com`, eventId: webinarID });
  }
  await until(async () => (await api.automation.scheduled({ webinarID, status: "dead" })).total === 3, "the three refused webhooks to fail");
  page = await loggedInPage(browser());
}, 120_000);
afterAll(() => new Promise<void>((resolve) => peer.close(() => resolve())));
afterEach(() => expectNoConsoleErrors(page));

const filters = () => page.getByRole("search", { name: "Filter jobs" });
const jobsTable = () => page.getByRole("table", { name: /^Scheduled jobs/ });
const rowOf = (title: string) => page.getByRole("table", { name: "Jobs per action" }).getByRole("row").filter({ has: page.getByRole("rowheader", { name: title }) });

async function confirm(label: string) {
  const dialog = page.getByRole("alertdialog");
  await dialog.getByRole("button", { name: label }).click();
  await dialog.waitFor({ state: "hidden" });
}

describe("what is waiting, on the webinar's screen", () => {
  it("shows the jobs per action and per registrant, with titles, the host's zone, status and reason", async () => {
    await visit(page, `/webinar/${webinarID}`);
    await page.getByRole("tab", { name: "What is waiting" }).waitFor();
    await rowOf(NOW_TITLE).waitFor();
    await hasText(rowOf(DAY_TITLE).getByRole("cell").first(), "3");
    await hasText(rowOf(NOW_TITLE).getByRole("cell").nth(2), "3"); // failed
    await page.getByText(/^Times are in your time zone, /).waitFor();
    const failed = jobsTable().getByRole("row").filter({ hasText: NOW_TITLE }).first();
    await failed.getByText("Failed").waitFor();
    await failed.getByText(/HTTP 400/).waitFor();
    // The due time names its zone.
    expect(await jobsTable().locator("time").first().textContent()).toMatch(/\d{1,2}:\d{2}\s?[AP]M \S+$/);
    await expectNoAxeViolations(page);
    await screenshot(page, "waiting-webinar");
  });

  it("filters by status and action, and searches registrants", async () => {
    await filters().getByLabel("Status", { exact: true }).selectOption({ label: "Failed" });
    await hasCount(jobsTable().getByRole("row"), 4);
    await filters().getByLabel("Status", { exact: true }).selectOption({ label: "Any status" });
    await filters().getByLabel("Action", { exact: true }).selectOption({ label: DAY_TITLE });
    await filters().getByLabel("Search registrant or action").fill("bob.waiting");
    await filters().getByRole("button", { name: "Search", exact: true }).click();
    await hasCount(jobsTable().getByRole("row"), 2);
    await jobsTable().getByText("Bob Waiting").waitFor();
    await filters().getByLabel("Search registrant or action").fill("");
    await filters().getByRole("button", { name: "Search", exact: true }).click();
    await hasCount(jobsTable().getByRole("row"), 4);
  });

  it("cancels one job", async () => {
    await page.getByRole("button", { name: `Cancel ${DAY_TITLE} for ann.waiting@example.com` }).click();
    await confirm("Cancel job");
    const ann = jobsTable().getByRole("row").filter({ hasText: "ann.waiting@example.com" });
    await ann.getByText("Canceled by the host.").waitFor();
    await hasText(rowOf(DAY_TITLE).getByRole("cell").first(), "2");
    const { success } = await api.automation.scheduled({ webinarID, status: "canceled" });
    expect(success.map((j) => [j.actionTitle, j.registrantEmail])).toEqual([[DAY_TITLE, "ann.waiting@example.com"]]);
  });

  it("cancels every waiting job of an action", async () => {
    await page.getByRole("button", { name: `Cancel all waiting jobs of ${LATER_TITLE}` }).click();
    await confirm("Cancel jobs");
    await hasText(rowOf(LATER_TITLE).getByRole("cell").first(), "0");
    expect(await page.getByRole("button", { name: `Cancel all waiting jobs of ${LATER_TITLE}` }).isDisabled()).toBe(true);
    const later = (await api.automation.scheduledActions({ webinarID })).success.find((a) => a.actionTitle === LATER_TITLE);
    expect(later?.counts).toMatchObject({ pending: 0, queued: 0, canceled: 3 });
  });

  it("sends a failed job again once the peer accepts it", async () => {
    accept = true;
    await filters().getByLabel("Action", { exact: true }).selectOption({ label: "Every action" });
    await filters().getByLabel("Status", { exact: true }).selectOption({ label: "Failed" });
    await page.getByRole("button", { name: `Send ${NOW_TITLE} again to bob.waiting@example.com` }).click();
    await page.getByText(`“${NOW_TITLE}” for bob.waiting@example.com runs again now.`).waitFor();
    await until(async () => {
      const { success } = await api.automation.scheduled({ webinarID, search: "bob.waiting" });
      return success.some((j) => j.actionTitle === NOW_TITLE && j.status === "sent");
    }, "the job sent again to be sent");
    await filters().getByLabel("Status", { exact: true }).selectOption({ label: "Sent" });
    await jobsTable().getByRole("row").filter({ hasText: "bob.waiting@example.com" }).getByText("Sent").waitFor();
    await hasText(rowOf(NOW_TITLE).getByRole("cell").nth(2), "2");
  });

  it("reads the delivery log the same way", async () => {
    await page.getByRole("tab", { name: "Delivery log" }).click();
    const log = page.getByRole("table", { name: /^Delivery log/ });
    await log.getByRole("row").filter({ hasText: "Canceled by the host." }).first().waitFor();
    await page.getByRole("search", { name: "Filter the delivery log" }).getByLabel("Outcome").selectOption({ label: "Failed" });
    await hasCount(log.getByRole("row").filter({ hasText: NOW_TITLE }), 3);
    await log.getByText("Ann Waiting").waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "waiting-webinar-log");
  });
});

describe("what is waiting, on the timeline's screen", () => {
  it("shows the timeline's jobs across its events", async () => {
    await visit(page, `/timelines/${timelineId}?section=events`);
    await page.getByRole("tab", { name: "What is waiting" }).waitFor();
    await rowOf(DAY_TITLE).waitFor();
    await hasText(rowOf(DAY_TITLE).getByRole("cell").first(), "2");
    await expectNoAxeViolations(page);
    await screenshot(page, "waiting-timeline");
  });

  it("works 375 px wide in dark mode", async () => {
    const small = await loggedInPage(browser(), { colorScheme: "dark", viewport: { width: 375, height: 800 } });
    await visit(small, `/webinar/${webinarID}`);
    await small.getByRole("table", { name: "Jobs per action" }).getByRole("rowheader", { name: NOW_TITLE }).waitFor();
    await small.getByRole("table", { name: /^Scheduled jobs/ }).waitFor();
    await expectNoAxeViolations(small);
    await screenshot(small, "waiting-webinar-375-dark");
    expectNoConsoleErrors(small);
    await small.context().close();
  });
});
