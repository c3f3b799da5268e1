import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { execFile } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { and, eq } from "drizzle-orm";
import { createClient, ENCODING_STATUS, type Client, type MediaItem } from "@cuepoint/sdk";
import { attendance, events, media, registrants, roomActivity, type HlsManifest } from "../db/schema/index.js";
import { startSmtpPeer, type SmtpPeer } from "../integrations/test-support/smtpPeer.js";
import { startEngine, type Engine } from "../engine/engine.js";
import { makeDemoVideo, type DemoVideoOptions } from "../seed/demoVideo.js";
import { freePort, listenApp } from "./listenApp.js";
import { createMediaTestApp, testUploader, uploadWith } from "./mediaUpload.js";
import type { TestApp } from "./testApp.js";

const run = promisify(execFile);

export const SMTP_LOGIN = { username: "room@example.com", password: "smtp-pass-room" };

/**
 * The server side of the room's browser tests (apps/dashboard/e2e/room.e2e.test.ts): the real app
 * in this process (createApp through the test app, served by @hono/node-server on 127.0.0.1 so
 * Server-Sent Events stream), the automation engine stepped with `drain()`, an SMTP peer
 * (smtp-server) the account's SMTP integration sends the timeline's mails to, and a clock that is
 * real time plus an offset the test sets, so a browser's own timers and the server agree on how
 * time passes while the test jumps to the moments of a journey.
 */
export interface RoomServer {
  /** `http://127.0.0.1:PORT`, also the server's publicURL (mailed links point here). */
  url: string;
  t: TestApp & { mediaDir: string };
  engine: Engine;
  smtp: SmtpPeer;
  /** The SDK over HTTP, as the account's owner. */
  owner: Client;
  ownerToken: string;
  /** The server's clock: real time + offset. */
  now(): number;
  /** Moves the server's clock so that it reads `instant` now (it runs on from there). */
  setNow(instant: number): void;
  /** Makes a video with ffmpeg (the demo's pattern, its running time burnt in) and uploads it; answers its media id (pending). */
  uploadVideo(name: string, options: DemoVideoOptions): Promise<string>;
  /** Uploads bytes through the SDK's uploader; answers the media id. */
  uploadBytes(name: string, bytes: Uint8Array): Promise<string>;
  /** The library's row of a video, as the dashboard reads it. */
  videoOf(id: string): Promise<MediaItem>;
  /** Makes a long video playable fast (see {@link packageForRoom}). */
  packageForRoom(id: string, size: { width: number; height: number }): Promise<void>;
  /** An event's start, epoch ms. */
  startOf(eventId: string): Promise<number>;
  /** A registrant's personal-link token (their uuid), by email. */
  tokenOf(email: string): Promise<string>;
  /** Attended seconds (live part) stored for a registrant at an event. */
  attendedSeconds(eventId: string, token: string): Promise<number>;
  /** The room activity (CTA views and clicks) recorded for a registrant at an event, as `kind:nodeKey`. */
  activityOf(eventId: string, token: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function startRoomServer(): Promise<RoomServer> {
  const saved = { ...process.env };
  process.env.CUEPOINT_ALLOW_PRIVATE_TARGETS = "true";
  process.env.CUEPOINT_INTEGRATION_TIMEOUT_MS = "5000";
  const smtp = await startSmtpPeer(SMTP_LOGIN);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const t = await createMediaTestApp({ publicURL: url, now }, { processOnUpload: false });
  const server = await listenApp(t.app, port);
  const engine = await startEngine({ db: t.db, config: { now, publicURL: url }, loop: false });
  const user = await t.user({ name: "Rita Host" });
  const ownerToken = await t.login(user.email, user.password, true);
  const owner = createClient({ apiURL: `${url}/api`, token: ownerToken, xsrf: false });
  await owner.integrations.create({ type: "SMTP", address: "127.0.0.1", port: smtp.port, ...SMTP_LOGIN });
  const { orm } = t.db;

  const uploadBytes = async (name: string, bytes: Uint8Array) => {
    const copy = new Uint8Array(new ArrayBuffer(bytes.byteLength));
    copy.set(bytes);
    const result = await uploadWith(testUploader(t, ownerToken), copy, name);
    if (!result.uniqueID) throw new Error(`the upload of ${name} answered no media id`);
    return result.uniqueID;
  };

  return {
    url,
    t,
    engine,
    smtp,
    owner,
    ownerToken,
    now: () => now().getTime(),
    setNow: (instant) => (offset = instant - Date.now()),
    uploadBytes,
    async uploadVideo(name, options) {
      const work = await mkdtemp(join(tmpdir(), "cuepoint-room-video-"));
      try {
        const file = join(work, "video.mp4");
        await makeDemoVideo(file, options);
        return await uploadBytes(name, new Uint8Array(await readFile(file)));
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
    async videoOf(id) {
      const { success } = await owner.media.list("video");
      const video = success.find((item) => item.uniqueID === id);
      if (!video) throw new Error(`video ${id} is not in the library`);
      return video;
    },
    packageForRoom: (id, size) => packageForRoom(t, id, size),
    async startOf(eventId) {
      const [row] = await orm.select({ startsAt: events.startsAt }).from(events).where(eq(events.id, eventId));
      if (!row) throw new Error(`no event ${eventId}`);
      return row.startsAt.getTime();
    },
    async tokenOf(email) {
      const [row] = await orm.select({ uuid: registrants.uuid }).from(registrants).where(eq(registrants.email, email));
      if (!row) throw new Error(`${email} is not registered`);
      return row.uuid;
    },
    async attendedSeconds(eventId, token) {
      const [row] = await orm
        .select({ seconds: attendance.attendedSeconds })
        .from(attendance)
        .where(and(eq(attendance.eventId, eventId), eq(attendance.registrantId, token)));
      return row?.seconds ?? 0;
    },
    async activityOf(eventId, token) {
      const rows = await orm
        .select({ kind: roomActivity.kind, nodeKey: roomActivity.nodeKey })
        .from(roomActivity)
        .where(and(eq(roomActivity.eventId, eventId), eq(roomActivity.registrantId, token)));
      const [seen] = await orm
        .select({ ctaSeen: attendance.ctaSeen })
        .from(attendance)
        .where(and(eq(attendance.eventId, eventId), eq(attendance.registrantId, token)));
      return [...rows.map((row) => `${row.kind}:${row.nodeKey}`), ...(seen?.ctaSeen ?? []).map((key) => `cta_view:${key}`)].sort();
    },
    async close() {
      await engine.stop().catch(() => {});
      await server.close();
      await t.close();
      await smtp.close();
      process.env = saved;
    },
  };
}

/**
 * Makes a long uploaded video playable fast, for a journey test (the encoder's ladder of a
 * 13-minute video takes minutes of CPU; the encoder itself is tested on short ones): the upload is
 * repackaged into HLS by ffmpeg (`-c copy`, 6 s segments at its 2 s keyframes) into the store as the
 * encoder lays a run out (`${account}/hls/${media}/${run}/source/00000.ts…`), and its manifest is
 * written in one UPDATE with status 0, as the encoder finishes a video.
 */
export async function packageForRoom(t: TestApp & { mediaDir: string }, id: string, size: { width: number; height: number }): Promise<void> {
  const [row] = await t.db.orm.select().from(media).where(eq(media.id, id));
  if (!row?.storageKey) throw new Error(`video ${id} has no file`);
  const path = `${row.accountId}/hls/${id}/journey/source`;
  const folder = join(t.mediaDir, path);
  await mkdir(folder, { recursive: true });
  await run("ffmpeg", [
    "-nostdin", "-v", "error", "-i", join(t.mediaDir, row.storageKey),
    "-map", "0:v:0", "-map", "0:a:0", "-c", "copy",
    "-f", "hls", "-hls_time", "6", "-hls_playlist_type", "vod",
    "-hls_segment_filename", join(folder, "%05d.ts"), join(folder, "index.m3u8"),
  ]);
  const playlist = await readFile(join(folder, "index.m3u8"), "utf8");
  const segments = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
  const durationSeconds = Math.round(segments.reduce((sum, d) => sum + d, 0) * 1000) / 1000;
  const manifest: HlsManifest = {
    version: "journey",
    durationSeconds,
    renditions: [{ name: "source", ...size, bandwidth: 400_000, codecs: "avc1.42c01e,mp4a.40.2", path, segments }],
    poster: null,
    ladderComplete: true,
  };
  const seconds = Math.round(durationSeconds);
  const clock = [seconds / 3600, (seconds / 60) % 60, seconds % 60].map((n) => String(Math.floor(n)).padStart(2, "0")).join(":");
  await t.db.orm
    .update(media)
    .set({ hls: manifest, encodingStatus: ENCODING_STATUS.encoded, videoLength: clock })
    .where(and(eq(media.id, id), eq(media.accountId, row.accountId)));
}
