import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, loggedInApi, loggedInPage, screenshot, useBrowser, visit } from "./harness.js";

const browser = useBrowser();
let page: Page;
beforeAll(async () => {
  page = await loggedInPage(browser());
});
afterEach(() => expectNoConsoleErrors(page));

/** The demo user's API client, to check what the screens did. */
const demoApi = () => loggedInApi();

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
    const small = await loggedInPage(browser(), { colorScheme: "dark", viewport: { width: 375, height: 800 } });
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
    await page.getByLabel("Time zone", { exact: true }).selectOption("Europe/Paris");
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

describe("rescheduling a webinar", () => {
  it("moves the demo's upcoming webinar one day later, with inline errors first", async () => {
    const api = await demoApi();
    // The demo's room series (a session every 15 minutes) fills the first pages: look further.
    let demo: Awaited<ReturnType<typeof api.webinars.list>>["success"][number] | undefined;
    for (let n = 1; !demo && n <= 60; n++) {
      const { success: upcoming } = await api.webinars.list({ type: "upcoming", page: n });
      if (upcoming.length === 0) break;
      demo = upcoming.find((w) => !w.isRecurring && w.status === "upcoming");
    }
    if (!demo) throw new Error("The demo seed has no single upcoming webinar.");
    await visit(page, `/webinar/${demo.webinarID}`);
    await page.getByRole("button", { name: "Reschedule" }).click();
    const dialog = page.getByRole("dialog", { name: `Reschedule "${demo.name}"` });
    const start = dialog.getByLabel("New start");
    const before = await start.inputValue(); // the webinar zone's wall clock, YYYY-MM-DDTHH:mm

    // The SDK schema's message, then the server's (a past start), both inline on the field.
    await start.fill("");
    await dialog.getByRole("button", { name: "Reschedule" }).click();
    await dialog.getByText("Enter the new date and time.").waitFor();
    await start.fill("2020-01-01T10:00");
    await dialog.getByRole("button", { name: "Reschedule" }).click();
    await dialog.getByText("Choose a start in the future.").waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "webinar-reschedule");

    const day = new Date(`${before.slice(0, 10)}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 1);
    const after = `${day.toISOString().slice(0, 10)}${before.slice(10)}`;
    await start.fill(after);
    await dialog.getByRole("button", { name: "Reschedule" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByText("Webinar rescheduled").waitFor();
    const shownDate = day.toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" });
    await page.getByRole("definition").filter({ hasText: shownDate }).waitFor();

    const { success: moved } = await api.webinars.get(demo.webinarID);
    const hours = (Date.parse(moved.startTime) - Date.parse(demo.startTime)) / 3_600_000;
    expect([23, 24, 25]).toContain(hours); // a day later on the zone's clock (23 or 25 over a DST change)
    expect(moved.registrants).toBe(demo.registrants);
  });
});
