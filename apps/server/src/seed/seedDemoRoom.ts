import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createMasterSetting,
  DEFAULT_TIMEZONE,
  ENCODING_STATUS,
  zonedWallTime,
  type TimelineNode,
} from "@cuepoint/sdk";
import type { Caller } from "../http/authenticate.js";
import { media, type TimelineRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import type { MediaStore } from "../media/store.js";
import { liveEventNode } from "../timelines/liveEventNode.js";
import { insertTimeline } from "../timelines/store.js";
import { occurrences, openEndedHorizon } from "../webinars/recurrence.js";
import { storeSchedule } from "../webinars/schedule.js";
import { makeDemoVideo, type DemoVideoOptions } from "./demoVideo.js";

export const DEMO_ROOM_TIMELINE = "Evergreen room demo (every 15 minutes)";
export const DEMO_ROOM_VIDEO = "Evergreen room demo.mp4";
/** Minutes between two sessions of the demo series. */
export const DEMO_ROOM_EVERY_MINUTES = 15;
/** Seconds of the demo video (and so of each session's live part). */
export const DEMO_ROOM_VIDEO_SECONDS = 180;

const pad = (n: number) => String(n).padStart(2, "0");
const clock = (seconds: number) =>
  `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;

const mail = (id: string, minutes: number, groupID: "a1" | "a2", title: string, subject: string, message: string): TimelineNode => ({
  id,
  action: "sendMail",
  actionTitle: title,
  days: 0,
  hours: 0,
  minutes,
  isAfter: 1,
  isExact: false,
  integrationID: "",
  integrationType: "",
  groupID,
  groupName: groupID === "a1" ? "Attendee" : "Non-Attendee",
  model: { emailSubject: subject, message, emailFrom: "", nameFrom: "" },
});

/** The demo room's timed actions: three auto-chat messages and an offer, then a mail to each audience after the session. */
export const DEMO_ROOM_NODES: readonly TimelineNode[] = [
  liveEventNode({
    id: "room-chat-1",
    action: "livechat",
    title: "Welcome message",
    seconds: 5,
    model: {
      from: "Demo Host",
      message: "Welcome! Everyone in this room sees the same moment of the video: reload the page and you come back right here.",
    },
  }),
  liveEventNode({
    id: "room-chat-2",
    action: "livechat",
    title: "Attendee hello",
    seconds: 40,
    model: { from: "Ada", message: "Hi from Lisbon! The timestamp at the bottom shows where we are." },
  }),
  liveEventNode({
    id: "room-chat-3",
    action: "livechat",
    title: "Tip",
    seconds: 95,
    model: {
      from: "Demo Host",
      message: "Try to skip ahead: you can't. Only the part that has aired is served, the replay lets you seek freely.",
    },
  }),
  liveEventNode({
    id: "room-cta",
    action: "cta",
    title: "Offer",
    seconds: 120,
    model: {
      headline: "Run your own evergreen webinar",
      subheadline: "Schedule this timeline, or make one of your own, in the dashboard.",
      buttonText: "Open the dashboard",
    },
  }),
  mail("room-thanks", 5, "a1", "Thanks for attending", "Thanks for watching {event_subject}", "Hi {first_name}, thanks for watching. The replay stays up for two days: {replay_link}"),
  mail("room-missed", 5, "a2", "Replay for those who missed it", "You missed {event_subject}: watch the replay", "Hi {first_name}, the replay is up for two days: {replay_link}"),
];

/**
 * The offer's button links to the dashboard at `publicURL`. A CTA link must be an http(s) address
 * with a domain name (spec §5), so on `http://localhost:3000` the room shows the offer without a
 * button; with a real PUBLIC_URL it has one.
 */
const withCtaUrl = (node: TimelineNode, publicURL: string | undefined): TimelineNode =>
  node.action === "cta" && publicURL ? { ...node, model: { ...node.model, url: new URL("/", publicURL).href } } : node;

export interface SeedDemoRoomOptions {
  /** Where the product is reached (`PUBLIC_URL`): the offer's button opens its dashboard. */
  publicURL?: string;
  /**
   * Make the demo video with ffmpeg and store it pending for the media processor (what `pnpm start`
   * asks for); false (the default, tests) leaves the timeline without a video.
   */
  video?: boolean | DemoVideoOptions;
}

/**
 * The demo of the event room (`pnpm start`): an evergreen timeline on Cuepoint's own platform
 * (`aevent`, automatic) with sessions every 15 minutes (an open-ended recurring series from the
 * next quarter hour), a one-time registration (a visitor gets the next session, so they watch
 * within 15 minutes of registering), the countdown on, a two-day replay, a running time counter,
 * three auto-chat messages and an offer at their seconds, and a mail to attendees and one to
 * non-attendees after each session.
 *
 * With `video`, a 3-minute test pattern with a running timestamp is made with ffmpeg
 * ({@link makeDemoVideo}), stored like an upload, and left pending (2): the server's media
 * processor encodes it as it does every upload. Without ffmpeg the seed still completes: the
 * video is stored failed (5) with the reason, as the dashboard shows any failed video.
 *
 * @example
 * await seedDemoRoom(orm, caller, store, new Date(), { video: true });
 */
export async function seedDemoRoom(
  orm: Orm,
  caller: Caller,
  store: MediaStore,
  now: Date,
  options: SeedDemoRoomOptions = {},
): Promise<{ timeline: TimelineRow; videoId: string | null }> {
  const videoId = options.video ? await seedDemoVideo(orm, caller, store, now, options.video === true ? {} : options.video) : null;
  const seconds = typeof options.video === "object" ? (options.video.seconds ?? DEMO_ROOM_VIDEO_SECONDS) : DEMO_ROOM_VIDEO_SECONDS;
  const setting = createMasterSetting({
    general: {
      timelineName: DEMO_ROOM_TIMELINE,
      description: "A three-minute recorded session that runs every quarter hour: register, and watch it within minutes.",
      presenters: ["Demo Host"],
      eventType: "evergreen-webinar",
      webinarType: "automatic",
      deliveryPlatform: "aevent",
      videoFile: videoId ?? "",
      webinarVideoLength: clock(seconds),
      // The engine ends an event after scheduleLength hours (the attendee / non-attendee mails
      // count from there), the room after the video: both the video's length.
      scheduleLength: seconds / 3600,
      countdown: { enabled: true, duration: DEMO_ROOM_EVERY_MINUTES },
      replay: { enabled: true, replayDays: 2 },
      timeCounter: { enabled: true, direction: "up" },
      hls: { audienceCount: "simulated", autoChat: true, livechat: { enabled: true, isTimestamp: true } },
    },
    registration: { type: "one-time" },
    autoresponder: {
      confirmation: "true",
      confirmationTitle: "You're in: {event_subject}",
      confirmationBody: "Hi {first_name}, your session starts {event_date} at {event_time} ({event_timezone}). Join here: {join_link}",
    },
  });
  const timeline = await insertTimeline(
    orm,
    caller,
    { name: DEMO_ROOM_TIMELINE, setting, blocks: { "0": DEMO_ROOM_NODES.map((node) => withCtaUrl(node, options.publicURL)) }, reason: "create" },
    // A minute older than the wizard's timelines, so the lists (newest first) keep those on top.
    new Date(now.getTime() - 60_000),
  );

  const timeZone = setting.general.timeZone || DEFAULT_TIMEZONE;
  const quarter = DEMO_ROOM_EVERY_MINUTES * 60_000;
  const first = new Date(Math.ceil((now.getTime() + 60_000) / quarter) * quarter);
  const wall = zonedWallTime(first, timeZone);
  const startLocal = `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
  const pattern = { days: [0, 1, 2, 3, 4, 5, 6], every: { value: DEMO_ROOM_EVERY_MINUTES, unit: "minutes" as const } };
  const starts = occurrences(startLocal, timeZone, pattern, openEndedHorizon(now));
  await storeSchedule(orm, {
    accountId: caller.accountId,
    timelineId: timeline.id,
    name: DEMO_ROOM_TIMELINE,
    timeZone,
    startLocal,
    pattern,
    starts,
    now,
  });
  return { timeline, videoId };
}

/** Makes, stores and registers the demo video; answers its media id (pending, or failed with the reason). */
async function seedDemoVideo(orm: Orm, caller: Caller, store: MediaStore, now: Date, options: DemoVideoOptions): Promise<string> {
  const id = randomUUID();
  const row = {
    id,
    accountId: caller.accountId,
    userId: caller.userId,
    name: DEMO_ROOM_VIDEO,
    type: "video" as const,
    mime: "video/mp4",
    createdAt: now,
  };
  const work = await mkdtemp(join(tmpdir(), "cuepoint-demo-video-"));
  try {
    const file = join(work, "demo.mp4");
    await makeDemoVideo(file, options);
    const bytes = await readFile(file);
    const storageKey = `${caller.accountId}/${id}.mp4`;
    await store.put(storageKey, bytes);
    await orm.insert(media).values({ ...row, size: bytes.length, storageKey, encodingStatus: ENCODING_STATUS.pending });
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    const reason = missing
      ? "ffmpeg is not installed on the server, so the demo video could not be made."
      : `ffmpeg could not make the demo video: ${String((error as Error).message).split("\n").filter(Boolean).at(-1) ?? "unknown error"}`;
    console.error(`Demo seed: ${reason}`);
    await orm.insert(media).values({ ...row, size: 0, storageKey: null, encodingStatus: ENCODING_STATUS.failed, encodingError: reason });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return id;
}
