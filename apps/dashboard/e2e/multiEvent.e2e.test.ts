import { createClient, createMasterSetting, type Client } from "@cuepoint/sdk";
import type { Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startSmtpPeer, type SmtpPeer } from "../../server/src/integrations/test-support/smtpPeer.js";
import { baseURL, expectNoAxeViolations, expectNoConsoleErrors, loggedInApi, loggedInPage, screenshot, useBrowser, visit } from "./harness.js";

/*
 * Multi-event timelines and follow-ups on a past event (issue 16, items 4 and 5), as a host does
 * them: two days added in the timeline editor, an action tied to Day 2, an event scheduled for
 * Day 2; then, once an event of the timeline has started, a follow-up email added from Scheduled Events >
 * Past for its non-attendees, which the engine sends at once (its time had passed) to the one
 * registrant who missed it (a loopback SMTP server), and to nobody else.
 */

const browser = useBrowser();
let page: Page;
let api: Client;
let smtp: SmtpPeer;
let smtpId = "";
const LOGIN = { username: "multi-mailer@example.com", password: "smtp-pass-multi" };
let timelineId = "";
let pastEventId = "";
const PAST_NAME = "Kick-off call";

async function until(check: () => Promise<boolean>, what: string, ms = 45_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** Submits an action dialog; when it stays open, fails with what it says (a refusal, a field error). */
async function submit(dialog: Locator, button: string) {
  await dialog.getByRole("button", { name: button }).click();
  try {
    await dialog.waitFor({ state: "hidden", timeout: 20_000 });
  } catch {
    await screenshot(dialog.page(), "multi-event-dialog-open");
    throw new Error(`The dialog stayed open: ${await dialog.textContent()}`);
  }
}

/** The action dialog's "what": an email through the loopback SMTP server. */
async function fillMail(dialog: Locator, title: string, subject: string) {
  await dialog.getByLabel("Runs through").selectOption(smtpId);
  await dialog.getByLabel("Action", { exact: true }).selectOption({ label: "Send email" });
  await dialog.getByLabel("Title (optional)").fill(title);
  await dialog.getByLabel("From email").fill("events@acme.example");
  await dialog.getByLabel("Email subject").fill(subject);
  await dialog.getByRole("textbox", { name: "Email body" }).fill("Hello {first_name}");
}

const minuteUtc = (ms: number) => new Date(Math.ceil(ms / 60_000) * 60_000).toISOString().slice(0, 16);

beforeAll(async () => {
  smtp = await startSmtpPeer(LOGIN);
  api = await loggedInApi();
  const { success: mailer } = await api.integrations.create({ type: "SMTP", name: `Multi mail ${Date.now().toString(36)}`, address: "127.0.0.1", port: smtp.port, ...LOGIN, fromEmail: "events@acme.example" });
  smtpId = String(mailer.integrationid);
  await api.integrations.test(smtpId);
  timelineId = String((await api.timelines.setMaster({ blocks: createMasterSetting({ general: { timelineName: "Challenge e2e", timeZone: "UTC" } }) })).success.id);
  // An event starting within two minutes: it is past by the second part of this file.
  pastEventId = String((await api.webinars.create({ webinarTimeline: timelineId, start: minuteUtc(Date.now() + 70_000), name: PAST_NAME, timeZone: "UTC" })).success.webinar.webinarID);
  const visitor = createClient({ apiURL: `${baseURL()}/api`, xsrf: false });
  const ids: Record<string, string> = {};
  for (const name of ["Ann", "Bob"]) {
    ids[name] = (await visitor.registration.register(timelineId, { name, email: `${name.toLowerCase()}.multi@example.com`, eventId: pastEventId })).success.registrantId;
  }
  await api.automation.recordAttendance({ webinarID: pastEventId, uuid: ids.Ann ?? "", attendedSeconds: 900 });
  page = await loggedInPage(browser());
}, 120_000);
afterAll(() => smtp.close());
afterEach(() => expectNoConsoleErrors(page));

describe("multi-event days", () => {
  it("adds two days in the timeline editor", async () => {
    await visit(page, `/timelines/${timelineId}?section=multi-event`);
    const form = page.getByRole("form", { name: "Multi-event days" });
    await form.getByRole("button", { name: "Add a day" }).click();
    await form.getByRole("button", { name: "Add a day" }).click();
    const day1 = form.getByRole("group", { name: "Day 1" });
    await day1.getByLabel("Event name").fill("Day 1: Foundations");
    const day2 = form.getByRole("group", { name: "Day 2" });
    await day2.getByLabel("Event name").fill("Day 2: Scaling");
    await day2.getByLabel("Encore (a rerun of an earlier day)").check();
    await day2.getByLabel("Its own countdown").check();
    await day2.getByLabel("Countdown length (minutes)").fill("30");
    await expectNoAxeViolations(page);
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Multi-event days saved").waitFor();
    const master = (await api.timelines.listMasters()).success.find((m) => String(m.id) === timelineId);
    expect(master?.setting.general.multiEvents.settings.map((d) => [d.dayKey, d.eventName, d.isEncore, d.countdown.duration])).toEqual([
      ["day-1", "Day 1: Foundations", false, 15],
      ["day-2", "Day 2: Scaling", true, 30],
    ]);
    await screenshot(page, "multi-event-days");
  });

  it("ties an action to Day 2", async () => {
    await visit(page, `/timelines/${timelineId}`);
    await page.getByRole("button", { name: "Add action", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Add an action" });
    await dialog.getByLabel("Multi-event day").selectOption({ label: "Day 2: Scaling only" });
    await dialog.getByLabel("Day", { exact: true }).selectOption({ label: "1 day before" });
    await dialog.getByLabel("Audience").selectOption({ label: "Registrants" });
    await fillMail(dialog, "Day 2 warm-up", "Day 2 starts tomorrow");
    await submit(dialog, "Add action");
    await page.getByText(/Day 2: Scaling only$/).waitFor();
    const { success } = await api.timelines.getEvents(timelineId);
    expect(success["-1"]?.map((n) => [n.actionTitle, n.model.dayKey])).toEqual([["Day 2 warm-up", "day-2"]]);
  });

  it("schedules an event for Day 2", async () => {
    await visit(page, `/webinar/schedule`);
    await page.getByLabel("Timeline").selectOption(timelineId);
    await page.getByLabel("Multi-event day").selectOption({ label: "Day 2: Scaling" });
    await page.getByLabel("Starts").fill(minuteUtc(Date.now() + 3 * 86_400_000));
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: /^Schedule/ }).click();
    await until(async () => (await api.webinars.listByTimeline(timelineId, { type: "upcoming", page: 1 })).success.some((e) => e.dayKey === "day-2"), "the Day 2 event");
    const day2 = (await api.webinars.listByTimeline(timelineId, { type: "upcoming", page: 1 })).success.find((e) => e.dayKey === "day-2");
    expect(day2?.name).toBe("Day 2: Scaling");
  });
});

describe("a follow-up on a past event", () => {
  it("adds it from Scheduled Events > Past; it runs at once for the event's non-attendee only", async () => {
    await until(async () => (await api.webinars.listByTimeline(timelineId, { type: "past", page: 1 })).success.length === 1, "the event to start", 150_000);
    await visit(page, `/timelines/${timelineId}?section=events`);
    await page.getByRole("tab", { name: "Past" }).click();
    await page.getByRole("button", { name: new RegExp(`^Add a follow-up action to ${PAST_NAME}`) }).click();
    const dialog = page.getByRole("dialog", { name: `Follow up on ${PAST_NAME}` });
    await dialog.getByText(/For the registrants of/).waitFor();
    expect(await dialog.getByLabel("Multi-event day").count()).toBe(0);
    await dialog.getByLabel("Day", { exact: true }).selectOption({ label: "Event day" });
    await dialog.getByLabel("Hours").fill("0");
    await dialog.getByLabel("Minutes").fill("20");
    await dialog.getByLabel("Relative to the start").selectOption({ label: "Before" });
    await dialog.getByLabel("Audience").selectOption({ label: "Non-Attendee" });
    await fillMail(dialog, "Replay for those who missed it", "Sorry we missed you: the replay");
    await expectNoAxeViolations(page);
    await screenshot(page, "past-event-follow-up");
    await submit(dialog, "Add action");
    await page.getByText("Follow-up added").waitFor();
    await until(async () => {
      const { success } = await api.automation.scheduled({ webinarID: pastEventId });
      const jobs = success.filter((j) => j.actionTitle === "Replay for those who missed it");
      return jobs.length === 2 && jobs.every((j) => j.status === "sent" || j.status === "skipped");
    }, "the follow-up to run");
    const { success } = await api.automation.scheduled({ webinarID: pastEventId });
    const byEmail = Object.fromEntries(success.filter((j) => j.actionTitle === "Replay for those who missed it").map((j) => [j.registrantEmail, j.status]));
    expect(byEmail).toEqual({ "ann.multi@example.com": "skipped", "bob.multi@example.com": "sent" });
    const replays = smtp.mails.filter((mail) => mail.raw.includes("Sorry we missed you"));
    expect(replays.map((mail) => mail.to)).toEqual([["bob.multi@example.com"]]);
    const { success: blocks } = await api.timelines.getEvents(timelineId);
    expect(blocks["0"]?.find((n) => n.actionTitle === "Replay for those who missed it")?.model).toMatchObject({ fromEventID: pastEventId, fromEventName: PAST_NAME });
  }, 240_000);

  it("shows the follow-up on the action timeline as that event's only, 375 px wide in dark mode", async () => {
    const small = await loggedInPage(browser(), { colorScheme: "dark", viewport: { width: 375, height: 800 } });
    await visit(small, `/timelines/${timelineId}`);
    await small.getByText(new RegExp(`only for the event ${PAST_NAME}$`)).waitFor();
    await expectNoAxeViolations(small);
    await screenshot(small, "multi-event-actions-375-dark");
    await visit(small, `/timelines/${timelineId}?section=multi-event`);
    await small.getByRole("form", { name: "Multi-event days" }).waitFor();
    await expectNoAxeViolations(small);
    await screenshot(small, "multi-event-days-375-dark");
    expectNoConsoleErrors(small);
  });
});
