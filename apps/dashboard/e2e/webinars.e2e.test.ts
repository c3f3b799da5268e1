import { createClient } from "@cuepoint/sdk";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  baseURL, DEMO_EMAIL, DEMO_PASSWORD, expectNoAxeViolations, expectNoConsoleErrors, launchBrowser, login, openPage, screenshot, visit,
} from "./harness.js";

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser);
  await login(page);
});
afterAll(() => browser?.close());
afterEach(() => expectNoConsoleErrors(page));

/** The demo user's API client, to check what the screens did. */
async function demoApi() {
  let token = "";
  const api = createClient({ apiURL: `${baseURL()}/api`, token: () => token, xsrf: false });
  token = (await api.session.login(DEMO_EMAIL, DEMO_PASSWORD)).success.api_token ?? "";
  return api;
}

/** Schedules a single event through the schedule screen and answers its id (from /webinar/{id}). */
async function scheduleWebinar(name: string): Promise<string> {
  await visit(page, "/webinar/schedule");
  await page.getByLabel("Timeline").waitFor();
  await page.getByLabel("Event name").fill(name);
  await page.getByLabel("Starts").fill("2030-07-01T09:00");
  await page.getByRole("button", { name: "Schedule" }).click();
  await page.getByRole("heading", { level: 1, name }).waitFor();
  return decodeURIComponent(page.url().split("/").at(-1) ?? "");
}

/** The id of the webinar page shown now. */
const shownId = () => decodeURIComponent(page.url().split("/").at(-1) ?? "");

describe("home", () => {
  it("shows usage, the attendance chart and the webinar lists", async () => {
    await visit(page, "/");
    await page.getByRole("heading", { name: "Usage this period" }).waitFor();
    await page.getByText(/^Actions$/).waitFor();
    await page.getByRole("heading", { name: "Upcoming webinars" }).waitFor();
    await page.getByRole("table", { name: "Upcoming webinars" }).waitFor();
    await page.getByRole("table", { name: "Past webinars" }).waitFor();
    // chart.js is loaded on demand and draws the breakdown.
    await page.getByRole("img", { name: /^Attendance:/ }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "home");
  });

  it("works 375 px wide in dark mode", async () => {
    const small = await openPage(browser, { colorScheme: "dark" });
    await login(small);
    await small.setViewportSize({ width: 375, height: 800 });
    await visit(small, "/");
    await small.getByRole("img", { name: /^Attendance:/ }).waitFor();
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(small);
    await screenshot(small, "home-375-dark");
    expectNoConsoleErrors(small);
    await small.context().close();
  });
});

describe("webinars", () => {
  it("schedules a webinar, toggles its visibility and adds a host", async () => {
    await visit(page, "/webinar/schedule");
    await page.getByLabel("Timeline").waitFor();
    await page.getByLabel("Event name").fill("E2E launch webinar");
    await page.getByLabel("Starts").fill("2030-05-04T17:30");
    await page.getByLabel("Time zone").selectOption("Europe/Paris");
    await expectNoAxeViolations(page);
    await screenshot(page, "webinar-schedule");
    await page.getByRole("button", { name: "Schedule" }).click();

    await page.getByRole("heading", { level: 1, name: "E2E launch webinar" }).waitFor();
    expect(page.url()).toMatch(/#\/webinar\/[^/]+$/);
    await page.getByText("Webinar scheduled").waitFor();

    const visible = page.getByRole("checkbox", { name: "Visible on registration pages" });
    await expect.poll(() => visible.isChecked()).toBe(true);
    await visible.click();
    await page.getByText("The webinar is hidden").waitFor();
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "E2E launch webinar" }).waitFor();
    await expect.poll(() => page.getByRole("checkbox", { name: "Visible on registration pages" }).isChecked()).toBe(false);

    await page.getByLabel("Host name").fill("Ann Host");
    await page.getByLabel("Host email").fill("not-an-email");
    await page.getByRole("button", { name: "Add host" }).click();
    await expect.poll(() => page.getByLabel("Host email").getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Host email").fill("ann.host@example.com");
    await page.getByRole("button", { name: "Add host" }).click();
    await page.getByText("ann.host@example.com").waitFor();

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    expect((await download).suggestedFilename()).toMatch(/registrants\.csv$/);

    await expectNoAxeViolations(page);
    await screenshot(page, "webinar");
  });

  it("schedules a recurring webinar and refuses one without days", async () => {
    await visit(page, "/webinar/schedule_backup");
    await page.getByLabel("Timeline").waitFor();
    await page.getByLabel("Event name").fill("E2E weekly");
    await page.getByLabel("Starts").fill("2030-06-03T10:00");
    await page.getByRole("checkbox", { name: "Repeat this event" }).check();
    await page.getByRole("button", { name: "Schedule" }).click();
    await page.getByText("Choose at least one day.").waitFor();
    await page.getByRole("checkbox", { name: "Monday" }).check();
    await page.getByRole("checkbox", { name: "Thursday" }).check();
    await page.getByLabel("Number of events").fill("3");
    await page.getByRole("button", { name: "Schedule" }).click();
    await page.getByRole("heading", { level: 1, name: "E2E weekly" }).waitFor();
    await page.getByText("Recurring webinar scheduled").waitFor();
  });
});

describe("deleting a webinar", () => {
  it("asks first naming the event, then deletes it and goes home with a toast", async () => {
    const id = await scheduleWebinar("E2E to delete");
    const api = await demoApi();

    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const confirm = page.getByRole("alertdialog", { name: 'Delete "E2E to delete"?' });
    await confirm.getByText("Its registrants stay as the timeline's leads.", { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "webinar-delete-confirm");
    // Cancel keeps it.
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await expect(api.webinars.get(id)).resolves.toMatchObject({ success: { name: "E2E to delete" } });

    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await confirm.getByRole("button", { name: "Delete the webinar" }).click();
    await page.getByRole("heading", { name: "Upcoming webinars" }).waitFor();
    expect(new URL(page.url()).hash).toBe("#/");
    await page.getByText("Webinar deleted").waitFor();
    await page.getByText('"E2E to delete" is deleted.').waitFor();
    await expect(api.webinars.get(id)).rejects.toMatchObject({ status: 404 });
  });

  it("deletes one event of a recurring series, then the whole series", async () => {
    await visit(page, "/webinar/schedule_backup");
    await page.getByLabel("Timeline").waitFor();
    await page.getByLabel("Event name").fill("E2E series to delete");
    await page.getByLabel("Starts").fill("2030-09-02T10:00");
    await page.getByRole("checkbox", { name: "Repeat this event" }).check();
    await page.getByRole("checkbox", { name: "Monday" }).check();
    await page.getByLabel("Number of events").fill("3");
    await page.getByRole("button", { name: "Schedule" }).click();
    await page.getByRole("heading", { level: 1, name: "E2E series to delete" }).waitFor();
    const api = await demoApi();
    const first = shownId();
    const events = (await api.webinars.get(first)).success.childEvents.map((e) => e.webinarID);
    expect(events).toHaveLength(3);

    // One event: the others stay.
    await page.getByRole("button", { name: "Delete this event" }).click();
    const one = page.getByRole("alertdialog", { name: 'Delete "E2E series to delete"?' });
    await one.getByText("the other events of its series stay", { exact: false }).waitFor();
    await one.getByRole("button", { name: "Delete the webinar" }).click();
    // (The toast of the test before may still show "Webinar deleted": wait for this one's body.)
    await page.getByText('"E2E series to delete" is deleted.').waitFor();
    await expect(api.webinars.get(first)).rejects.toMatchObject({ status: 404 });
    const rest = events.filter((e) => e !== first);
    expect((await api.webinars.get(rest[0] ?? "")).success.childEvents).toHaveLength(2);

    // The series: every event left.
    await visit(page, `/webinar/${rest[0] ?? ""}`);
    await page.getByText("2 events").waitFor();
    await page.getByRole("button", { name: "Delete the series" }).click();
    const series = page.getByRole("alertdialog", { name: 'Delete the series "E2E series to delete"?' });
    await series.getByText("All 2 events of the series are deleted", { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "webinar-delete-series-confirm");
    await series.getByRole("button", { name: "Delete the series" }).click();
    await page.getByText("Series deleted").waitFor();
    await page.getByText('"E2E series to delete" and its 2 events are deleted.').waitFor();
    expect(new URL(page.url()).hash).toBe("#/");
    for (const id of rest) await expect(api.webinars.get(id)).rejects.toMatchObject({ status: 404 });
  });
});
