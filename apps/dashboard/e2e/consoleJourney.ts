import { createClient, createMasterSetting } from "@cuepoint/sdk";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect, inject } from "vitest";
import { PASSWORD } from "../../server/src/test-support/testApp.js";
import { startSecondInstance, startThrowawayPostgres, type SecondInstance, type ThrowawayPostgres } from "./consoleServers.js";
import { openRoomPage, roomScreenshot, startRoomJourney, type RoomJourney } from "./roomJourney.js";

/*
 * The live console's journey (console.e2e.test.ts): the room server of the room journey on a
 * clock the test sets, serving the dashboard build of this e2e run, a manual webinar with the
 * room's chat on, two attendees in the room (their own browser contexts) and the host's console on
 * the webinar screen — on one instance with the embedded database, or with the host on a second
 * instance over a throwaway PostgreSQL.
 */

export interface Attendee {
  name: string;
  email: string;
  token: string;
  page: Page;
  context: BrowserContext;
  errors: string[];
}

export interface ConsoleJourney {
  j: RoomJourney;
  timelineId: string;
  eventId: string;
  startsAt: number;
  /** A second manual event whose chat is public (Cleo and Dan registered): where a muted attendee's messages reach no one else. */
  publicEvent: { timelineId: string; eventId: string };
  /** Opens a registrant's room in a context of its own. */
  openAttendee(name: string, email: string): Promise<Attendee>;
  /** Where the host's dashboard is served: the room server, or the second instance. */
  hostUrl: string;
  host: Page;
  hostContext: BrowserContext;
  hostErrors: string[];
  ann: Attendee;
  bob: Attendee;
  second?: SecondInstance;
  /** Restarts the second instance on its port (its channels drop; the browsers reconnect). */
  restartSecond?: () => Promise<void>;
  close(): Promise<void>;
}

/** Tomorrow at 10:00, as `webinars.create` takes it. */
const tomorrowAtTen = (now: number) => `${new Date(now + 86_400_000).toISOString().slice(0, 10)}T10:00`;

/** The host's email (the room server's user) — the password is the test app's. */
async function ownerEmail(j: RoomJourney): Promise<string> {
  const { success: user } = await j.owner.session.validate();
  if (!user.email) throw new Error("the room server's host user has no email");
  return user.email;
}

/** Logs in on the dashboard at `base` through its login screen. */
async function logIn(page: Page, base: string, email: string): Promise<void> {
  await page.goto(`${base}/#/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByRole("navigation", { name: "Main" }).waitFor();
}

/** A manual webinar tomorrow at 10:00 (Paris) on a new timeline whose room chat is `chat`. */
async function manualEvent(j: RoomJourney, title: string, chat: "private" | "public"): Promise<{ timelineId: string; eventId: string; startsAt: number }> {
  const { success: master } = await j.owner.timelines.setMaster({
    blocks: createMasterSetting({
      general: {
        timelineName: title,
        description: "Questions answered live by the host.",
        timeZone: "Europe/Paris",
        eventType: "live-webinar",
        webinarType: "manual",
        deliveryPlatform: "aevent",
        organizer: "Rita Host",
        scheduleLength: 2,
        replay: { enabled: true, replayHours: 48 },
        hls: { livechat: { enabled: true, type: chat, isTimestamp: true } },
      },
      registration: { type: "one-time" },
    }),
  });
  const timelineId = String(master.id);
  const { success } = await j.owner.webinars.create({ webinarTimeline: timelineId, start: tomorrowAtTen(j.now()), timeZone: "Europe/Paris" });
  const eventId = String(success.webinar.webinarID);
  return { timelineId, eventId, startsAt: await j.startOf(eventId) };
}

/** A registrant's room (their personal link) in a browser context of its own. */
async function openAttendee(j: RoomJourney, name: string, email: string): Promise<Attendee> {
  const token = await j.tokenOf(email);
  const { page, context, errors } = await openRoomPage(j, { viewport: { width: 1024, height: 760 } });
  await page.goto(`${j.url}/join/${token}`);
  return { name, email, token, page, context, errors };
}

export interface JourneyOptions {
  /** Attendees on the room server, the host on a second instance, both on a throwaway PostgreSQL. */
  twoInstances: boolean;
  title: string;
}

/**
 * Starts the servers, a manual webinar whose room chat is private, registers Ann and Bob and opens
 * their rooms (waiting room: the host starts it) and the host's webinar screen.
 */
export async function startConsoleJourney(options: JourneyOptions): Promise<ConsoleJourney | { skipped: string }> {
  process.env.CUEPOINT_DASHBOARD_DIR = inject("dashboardDir");
  let postgres: ThrowawayPostgres | undefined;
  if (options.twoInstances) {
    const started = await startThrowawayPostgres();
    if ("skipped" in started) return started;
    postgres = started;
    process.env.DATABASE_URL = postgres.url;
  }
  let j: RoomJourney | undefined;
  let second: SecondInstance | undefined;
  try {
    j = await startRoomJourney();
    const journey = j;
    if (options.twoInstances) second = await startSecondInstance(j);
    const created = await manualEvent(j, options.title, "private");
    const { timelineId, eventId, startsAt } = created;
    // Attendees see each other's messages here: where a muted one's reach no one else.
    const publicEvent = await manualEvent(j, `${options.title} (public chat)`, "public");
    const visitor = createClient({ apiURL: `${j.url}/api`, xsrf: false });
    for (const [name, email] of [
      ["Ann Attendee", "ann@example.com"],
      ["Bob Viewer", "bob@example.com"],
    ] as const) {
      await visitor.registration.register(timelineId, { name, email });
    }
    for (const [name, email] of [
      ["Cleo Public", "cleo@example.com"],
      ["Dan Muted", "dan@example.com"],
    ] as const) {
      await visitor.registration.register(publicEvent.timelineId, { name, email });
    }
    // Past the scheduled start: a manual event still waits for its host.
    j.setNow(startsAt + 60_000);

    const ann = await openAttendee(j, "Ann Attendee", "ann@example.com");
    const bob = await openAttendee(j, "Bob Viewer", "bob@example.com");

    const hostUrl = second?.url ?? j.url;
    const { page: host, context: hostContext, errors: hostErrors } = await openRoomPage(j, { viewport: { width: 1280, height: 900 } });
    await logIn(host, hostUrl, await ownerEmail(j));
    await host.goto(`${hostUrl}/#/webinar/${eventId}`);
    await host.getByRole("heading", { name: "Live console" }).waitFor();

    let secondPort = second ? Number(new URL(second.url).port) : 0;
    const result: ConsoleJourney = {
      j,
      timelineId,
      eventId,
      startsAt,
      publicEvent,
      openAttendee: (name, email) => openAttendee(journey, name, email),
      hostUrl,
      host,
      hostContext,
      hostErrors,
      ann,
      bob,
      ...(second && {
        second,
        restartSecond: async () => {
          await result.second?.close();
          result.second = await startSecondInstance(journey, secondPort);
          secondPort = Number(new URL(result.second.url).port);
        },
      }),
      async close() {
        for (const context of [ann.context, bob.context, hostContext]) await context.close().catch(() => {});
        await result.second?.close().catch(() => {});
        await journey.close();
        await postgres?.close();
        delete process.env.DATABASE_URL;
      },
    };
    return result;
  } catch (error) {
    await second?.close().catch(() => {});
    await j?.close().catch(() => {});
    await postgres?.close();
    delete process.env.DATABASE_URL;
    throw error;
  }
}

/* ----- the attendee's room (the room widget) ----- */

/** The room's chat box (its label says who reads it). */
export const chatBox = (page: Page): Locator => page.getByRole("textbox", { name: /Your message/ });

/** The room's chat feed. */
export const chatFeed = (page: Page): Locator => page.getByRole("log", { name: "Chat messages" });

/** Sends a chat message from the room. */
export async function say(page: Page, text: string): Promise<void> {
  await chatBox(page).fill(text);
  await page.getByRole("button", { name: "Send", exact: true }).click();
}

/** Waits a moment and checks `text` never showed in the room's feed. */
export async function neverShows(page: Page, text: string, ms = 1500): Promise<void> {
  await page.waitForTimeout(ms);
  expect(await chatFeed(page).getByText(text).count(), `“${text}” must not reach this attendee`).toBe(0);
}

/* ----- the host's console ----- */

export const inbox = (host: Page): Locator => host.getByRole("region", { name: /Chat inbox/ });

/** The inbox entry of the attendee message `text` (the All tab shows every one). */
export async function entryOf(host: Page, text: string): Promise<Locator> {
  await inbox(host).getByRole("tab", { name: /^All/ }).click();
  const entry = inbox(host).getByRole("listitem").filter({ hasText: text });
  await entry.first().waitFor();
  return entry.first();
}

/** Screenshot under e2e/artifacts/room/ as `console-{name}`. */
export const consoleShot = (page: Page, name: string): Promise<void> => roomScreenshot(page, `console-${name}`);
