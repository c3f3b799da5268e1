import { readFile } from "node:fs/promises";
import ICAL from "ical.js";
import { createClient, createMasterSetting, ENCODING_STATUS, type TimelineNode } from "@cuepoint/sdk";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveEventNode } from "../../server/src/timelines/liveEventNode.js";
import { expectAxeClean, openRoomPage, roomScreenshot, startHostPage, startRoomJourney, type RoomJourney } from "./roomJourney.js";

/*
 * The registrant's journey on Cuepoint's own platform, in Chromium against the real server on a
 * clock the test sets (roomJourney.ts): register through embed.js on another origin, the
 * confirmation page before the window (countdown, .ics), the waiting room turning into the room at
 * the start, the room 10 minutes in (position, no future segment, timed chat and CTA), attendance
 * observed by the server feeding the attendee / non-attendee mails, analytics and export, the
 * replay with seeking, the expired page; then encoding (2 → 1 → 0 and playing; a corrupt file → 5).
 * Every page state passes axe at 375 px in dark mode; screenshots go to e2e/artifacts/room/.
 */

const VIDEO_SECONDS = 13 * 60 + 30;
const CHAT_AT = 620;
const CTA_AT = 625;
const REPLAY_HOURS = 6;
const TITLE = "Room journey webinar";
const CHAT = "Ten minutes in: questions welcome!";
const CTA_HEADLINE = "The ten-minute offer";
const MAILS = {
  attendee: "Thanks for watching, {first_name}",
  nonattendee: "We missed you, {first_name}",
};

let j: RoomJourney;
let host: Awaited<ReturnType<typeof startHostPage>>;
let timelineId = "";
let eventId = "";
let startsAt = 0;
let endsAt = 0;
const tokens = { ann: "", nick: "" };
/** Ann's first room page: opened in the waiting room, kept open for 12 minutes of event time. */
let stay: Page | undefined;

/** Tomorrow at 10:00 in the zone, as `webinars.create` takes it. */
const tomorrowAtTen = (now: number) => `${new Date(now + 86_400_000).toISOString().slice(0, 10)}T10:00`;

async function createTimeline(name: string, videoFile: string, seconds: number, nodes: TimelineNode[] = []): Promise<string> {
  const { success } = await j.owner.timelines.setMaster({
    blocks: createMasterSetting({
      general: {
        timelineName: name,
        description: "A recorded session, played for everyone at the same moment.",
        timeZone: "Europe/Paris",
        eventType: "evergreen-webinar",
        webinarType: "automatic",
        deliveryPlatform: "aevent",
        videoFile,
        // The engine ends an event after scheduleLength hours (its "after the end" mails count from
        // there); the room after the video. A host sets both to the video's length.
        scheduleLength: seconds / 3600,
        countdown: { enabled: true, duration: 15 },
        replay: { enabled: true, replayHours: REPLAY_HOURS },
        timeCounter: { enabled: true, direction: "up" },
      },
      registration: { type: "one-time" },
      autoresponder: {
        confirmation: "true",
        confirmationTitle: "You're in: {event_subject}",
        confirmationBody: "Hi {first_name}, join here: {join_link}",
        attendee: "true",
        attendeeTitle: MAILS.attendee,
        attendeeBody: "Replay: {replay_link}",
        nonattendee: "true",
        nonattendeeTitle: MAILS.nonattendee,
        nonattendeeBody: "Watch the replay: {replay_link}",
      },
    }),
  });
  const id = String(success.id);
  if (nodes.length > 0) await j.owner.timelines.setEvents({ webinarTimeline: id, blocks: { "0": nodes }, isPast: false });
  return id;
}

async function scheduleEvent(timeline: string): Promise<{ id: string; startsAt: number }> {
  const { success } = await j.owner.webinars.create({ webinarTimeline: timeline, start: tomorrowAtTen(j.now()), timeZone: "Europe/Paris" });
  const id = String(success.webinar.webinarID);
  return { id, startsAt: await j.startOf(id) };
}

const tokenOf = (email: string) => j.tokenOf(email);

const ctaUrl = () => `http://cta.localhost:${new URL(j.url).port}/api/health`;
const joinUrl = (token: string, entry: "join" | "replay" = "join") => `${j.url}/${entry}/${token}`;

/** The room's snapshot, as the widget reads it. */
async function snapshot(token: string, entry: "join" | "replay" = "join") {
  const response = await fetch(`${j.url}/api/public/room/${token}${entry === "replay" ? "?entry=replay" : ""}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { success: { view: { phase: string }; items: { id: string }[]; video: { playlistUrl: string } | null } }).success;
}

/** The room's video element (in the widget's shadow root). */
const video = (page: Page) => page.locator("video");

/** Waits until the room's video is playing (its position moves). */
async function playing(page: Page): Promise<number> {
  await video(page).waitFor({ timeout: 30_000 });
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => (v.readyState >= 2 && !v.paused ? v.currentTime : -1)), { timeout: 30_000 })
    .toBeGreaterThan(0);
  const first = await video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(first);
  return video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
}

/** Opens `url` at 375 px in dark mode, waits for `ready`, runs axe and saves `{name}-375-dark.png`. */
async function checkSmallDark(url: string, name: string, ready: (page: Page) => Promise<unknown>) {
  const { page, context, errors } = await openRoomPage(j, { viewport: { width: 375, height: 740 }, colorScheme: "dark" });
  try {
    await page.goto(url);
    await ready(page).catch(async (error: unknown) => {
      await roomScreenshot(page, `${name}-375-dark-failed`);
      throw error;
    });
    await expectAxeClean(page, `${name} at 375 px, dark`);
    await roomScreenshot(page, `${name}-375-dark`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name}: no sideways scrolling at 375 px`).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

beforeAll(async () => {
  j = await startRoomJourney();
  const videoId = await j.uploadVideo("Journey.mp4", { seconds: VIDEO_SECONDS, width: 256, height: 144, fps: 10 });
  await j.packageForRoom(videoId, { width: 256, height: 144 });
  timelineId = await createTimeline(TITLE, videoId, VIDEO_SECONDS, [
    liveEventNode({ id: "chat-ten", action: "livechat", title: "chat-ten", seconds: CHAT_AT, model: { from: "Host", message: CHAT } }),
    liveEventNode({
      id: "cta-ten",
      action: "cta",
      title: "cta-ten",
      seconds: CTA_AT,
      model: {
        headline: CTA_HEADLINE,
        subheadline: "Only for those in the room.",
        buttonText: "Claim it",
        // A link must name a domain (spec §5: no IP address, no bare localhost); Chromium sends *.localhost to loopback.
        url: ctaUrl(),
      },
    }),
  ]);
  ({ id: eventId, startsAt } = await scheduleEvent(timelineId));
  endsAt = startsAt + VIDEO_SECONDS * 1000;
  host = await startHostPage(j.url, timelineId);
}, 600_000);

afterAll(async () => {
  await host?.close();
  await j?.close();
});

describe("the registrant's journey in the room", () => {
  it("registers through embed.js on a strict-CSP page of another origin; the confirmation mail carries the personal link", async () => {
    const { page, context, errors } = await openRoomPage(j);
    await page.goto(host.url);
    const form = page.locator("#signup");
    await form.getByLabel("Name *").fill("Ann Attendee");
    await form.getByLabel("Email *").fill("ann@example.com");
    await form.getByRole("button", { name: "Register" }).click();
    await form.locator("strong", { hasText: "You are registered." }).waitFor();
    await roomScreenshot(page, "0-registered-on-host-page");
    expect(errors).toEqual([]);
    await context.close();
    tokens.ann = await tokenOf("ann@example.com");
    const visitor = createClient({ apiURL: `${j.url}/api`, xsrf: false });
    await visitor.registration.register(timelineId, { name: "Nick Noshow", email: "nick@example.com" });
    tokens.nick = await tokenOf("nick@example.com");

    await j.engine.drain();
    const confirmation = j.smtp.mails.find((mail) => mail.to.includes("ann@example.com"));
    expect(confirmation?.raw.replace(/=\r\n/g, "")).toContain(joinUrl(tokens.ann));
  });

  it("before the window: the confirmation page, its countdown, an .ics that parses, a Google Calendar link", async () => {
    const { page, context, errors } = await openRoomPage(j);
    const response = await page.goto(joinUrl(tokens.ann));
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
    await page.getByRole("heading", { level: 1, name: TITLE }).waitFor();
    const timer = page.getByRole("timer");
    const first = await timer.textContent();
    await expect.poll(() => timer.textContent(), { timeout: 5000 }).not.toBe(first);
    // The start in the visitor's own zone (the context is in New York), with the zone named.
    await expect.poll(() => page.locator("time").first().textContent()).toMatch(/New York|Eastern|E[SD]T|GMT-[45]/);
    expect(await page.getByRole("link", { name: /Google Calendar/ }).getAttribute("href")).toMatch(/^https:\/\/calendar\.google\.com\//);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: /\.ics/ }).click();
    const ics = await readFile((await (await download).path())!, "utf8");
    const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent");
    const calendarEvent = new ICAL.Event(vevent!);
    expect(calendarEvent.summary).toContain(TITLE);
    expect(calendarEvent.startDate.toJSDate().getTime()).toBe(startsAt);
    expect(calendarEvent.endDate.toJSDate().getTime()).toBe(endsAt);
    await expectAxeClean(page, "confirmation");
    await roomScreenshot(page, "1-confirmation");
    expect(errors).toEqual([]);
    await context.close();
    await checkSmallDark(joinUrl(tokens.ann), "1-confirmation", (p) => p.getByRole("timer").waitFor());
  });

  it("in the window: the waiting room turns into the room at the start by itself, the video playing from 0:00", async () => {
    j.setNow(startsAt - 60_000);
    await checkSmallDark(joinUrl(tokens.ann), "2-waiting", (p) => p.getByRole("timer").waitFor());
    j.setNow(startsAt - 5000);
    const { page } = await openRoomPage(j);
    stay = page;
    await page.goto(joinUrl(tokens.ann));
    await page.getByRole("timer").waitFor();
    expect(await video(page).count()).toBe(0);
    await roomScreenshot(page, "2-waiting");
    const position = await playing(page);
    const expected = (j.now() - startsAt) / 1000;
    expect(Math.abs(position - expected)).toBeLessThanOrEqual(2);
    await roomScreenshot(page, "3-live-start");
  });

  it("10 minutes in: a late joiner is at 10:00, the live playlist lists no future segment, chat and CTA come at their seconds and not before", async () => {
    j.setNow(startsAt + 600_000);
    const before = await snapshot(tokens.ann);
    expect(before.view.phase).toBe("live");
    expect(before.items.map((item) => item.id)).not.toContain("chat-ten");
    expect(JSON.stringify(before)).not.toContain(CTA_HEADLINE);

    const { page, context, errors } = await openRoomPage(j);
    await page.goto(joinUrl(tokens.ann));
    // As soon as the room shows, and while the event is still before both seconds: neither is there.
    const log = page.getByRole("log", { name: "Chat messages" });
    await log.waitFor();
    expect(await log.textContent()).not.toContain(CHAT);
    expect(await page.getByRole("heading", { name: CTA_HEADLINE }).count()).toBe(0);
    expect(await page.content()).not.toContain(CTA_HEADLINE);
    expect((j.now() - startsAt) / 1000).toBeLessThan(CHAT_AT);
    const position = await playing(page);
    const expected = (j.now() - startsAt) / 1000;
    expect(Math.abs(position - expected), `video at ${position}, event at ${expected}`).toBeLessThanOrEqual(2);

    // The playlist is the clock: only aired segments, no end, the next one refused.
    const master = await (await fetch(new URL(before.video!.playlistUrl, j.url))).text();
    const variant = master.split("\n").find((line) => line.trim() && !line.startsWith("#"))!;
    const variantUrl = new URL(variant, new URL(before.video!.playlistUrl, j.url));
    const playlist = await (await fetch(variantUrl)).text();
    expect(playlist).not.toContain("#EXT-X-ENDLIST");
    const durations = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
    const lastStart = durations.slice(0, -1).reduce((sum, d) => sum + d, 0);
    const now = (j.now() - startsAt) / 1000;
    expect(lastStart).toBeLessThanOrEqual(now);
    expect(lastStart + durations.at(-1)!).toBeGreaterThan(now - 1);
    expect(lastStart + durations.at(-1)!).toBeLessThan(VIDEO_SECONDS);
    const segments = playlist.split("\n").filter((line) => line.trim() && !line.startsWith("#"));
    const next = new URL(segments.at(-1)!.replace(/\d+(\.ts)/, (_, ext: string) => `${String(segments.length).padStart(5, "0")}${ext}`), variantUrl);
    expect((await fetch(next)).status).toBe(404);

    await log.getByText(CHAT).waitFor({ timeout: 30_000 });
    expect((j.now() - startsAt) / 1000).toBeGreaterThanOrEqual(CHAT_AT - 1);
    await page.getByRole("heading", { name: CTA_HEADLINE }).waitFor({ timeout: 30_000 });
    expect((j.now() - startsAt) / 1000).toBeGreaterThanOrEqual(CTA_AT - 1);
    // The offer's button opens its link in a new tab; the click is recorded by the server.
    const opened = page.context().waitForEvent("page");
    await page.getByRole("link", { name: "Claim it" }).or(page.getByRole("button", { name: "Claim it" })).click();
    await (await opened).waitForURL(ctaUrl());
    await expect
      .poll(async () => (await j.activityOf(eventId, tokens.ann)).filter((entry) => entry.startsWith("cta_click:")), { timeout: 10_000 })
      .toHaveLength(1);
    await expectAxeClean(page, "live room");
    await roomScreenshot(page, "4-live-10min");
    expect(errors).toEqual([]);
    await checkSmallDark(joinUrl(tokens.ann), "4-live-10min", (p) => playing(p));
    await context.close();
  }, 120_000);

  it("attendance is what the server saw: Ann's 12 minutes, none for Nick; the mails, analytics and export follow it", async () => {
    j.setNow(startsAt + 12 * 60_000 + 5000);
    await stay?.waitForTimeout(1500);
    await stay?.context().close();
    stay = undefined;
    const attended = (token: string) => j.attendedSeconds(eventId, token);
    await expect.poll(() => attended(tokens.ann), { timeout: 15_000 }).toBeGreaterThanOrEqual(12 * 60);
    expect(await attended(tokens.nick)).toBe(0);

    j.setNow(endsAt + 16 * 60_000);
    await j.engine.drain();
    const subjects = (address: string) =>
      j.smtp.mails.filter((mail) => mail.to.includes(address)).map((mail) => /^Subject: (.*)$/im.exec(mail.raw)?.[1] ?? "");
    expect(subjects("ann@example.com")).toContain("Thanks for watching, Ann");
    expect(subjects("ann@example.com")).not.toContain("We missed you, Ann");
    expect(subjects("nick@example.com")).toContain("We missed you, Nick");
    expect(subjects("nick@example.com")).not.toContain("Thanks for watching, Nick");

    const stats = await j.owner.webinars.attendance({ webinarID: eventId });
    expect(stats).toMatchObject({ registrants: 2, attendees: 1 });
    const attendees = await j.owner.webinars.export({ type: "attendees", webinarID: eventId });
    expect(attendees).toContain("ann@example.com");
    expect(attendees).not.toContain("nick@example.com");
    const absent = await j.owner.webinars.export({ type: "nonattendees", webinarID: eventId });
    expect(absent).toContain("nick@example.com");
  }, 120_000);

  it("after the end: the replay, with free seeking", async () => {
    j.setNow(endsAt + 20 * 60_000);
    const replay = await snapshot(tokens.nick, "replay");
    expect(replay.view.phase).toBe("replay");
    const { page, context, errors } = await openRoomPage(j);
    await page.goto(joinUrl(tokens.nick, "replay"));
    await playing(page);
    await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 400));
    await expect
      .poll(() => video(page).evaluate((v: HTMLVideoElement) => (v.seeking ? -1 : v.currentTime)), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(400);
    const after = await video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
    expect(after).toBeLessThan(410);
    await expectAxeClean(page, "replay");
    await roomScreenshot(page, "5-replay");
    expect(errors).toEqual([]);
    await context.close();
    await checkSmallDark(joinUrl(tokens.nick, "replay"), "5-replay", (p) => playing(p));
  }, 120_000);

  it("after the replay window: a clear expired page", async () => {
    j.setNow(endsAt + REPLAY_HOURS * 3_600_000 + 60_000);
    const { page, context, errors } = await openRoomPage(j);
    await page.goto(joinUrl(tokens.ann));
    await page.getByText("This replay has expired.").waitFor();
    expect(await video(page).count()).toBe(0);
    await expectAxeClean(page, "expired");
    await roomScreenshot(page, "6-expired");
    expect(errors).toEqual([]);
    await context.close();
    await checkSmallDark(joinUrl(tokens.ann), "6-expired", (p) => p.getByText("This replay has expired.").waitFor());
  });
});

describe("encoding, in the room", () => {
  it("a real small video goes 2 → 1 → 0 and plays in the room", async () => {
    const id = await j.uploadVideo("Small.mp4", { seconds: 20, width: 320, height: 180, fps: 15 });
    expect((await j.videoOf(id)).encoding_status).toBe(ENCODING_STATUS.pending);
    const seen = new Set<number | undefined>();
    const sweep = j.t.mediaProcessing.sweep();
    while (!seen.has(ENCODING_STATUS.encoded) && !seen.has(ENCODING_STATUS.failed)) {
      seen.add((await j.videoOf(id)).encoding_status);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await sweep;
    expect([...seen]).toEqual(expect.arrayContaining([ENCODING_STATUS.inProgress, ENCODING_STATUS.encoded]));
    expect(seen.has(ENCODING_STATUS.failed)).toBe(false);

    const timeline = await createTimeline("Small video room", id, 20);
    const event = await scheduleEvent(timeline);
    await createClient({ apiURL: `${j.url}/api`, xsrf: false }).registration.register(timeline, { name: "Bea Viewer", email: "bea@example.com" });
    j.setNow(event.startsAt + 2000);
    const { page, context, errors } = await openRoomPage(j);
    await page.goto(joinUrl(await tokenOf("bea@example.com")));
    const position = await playing(page);
    expect(Math.abs(position - (j.now() - event.startsAt) / 1000)).toBeLessThanOrEqual(2);
    await roomScreenshot(page, "7-small-video-live");
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it("a corrupt file ends in 5 with a message for the host", async () => {
    const bytes = new Uint8Array(64 * 1024).map((_, i) => (i * 7919) % 251);
    const id = await j.uploadBytes("Broken.mp4", bytes);
    await j.t.mediaProcessing.sweep();
    await j.t.mediaProcessing.idle();
    const broken = await j.videoOf(id);
    expect(broken.encoding_status).toBe(ENCODING_STATUS.failed);
    expect(broken.encoding_error).toMatch(/\w{4,}/);
  }, 60_000);
});
