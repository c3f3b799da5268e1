import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { createMasterSetting, type TimelineMasterSettingInput } from "@cuepoint/sdk";
import type { Hono } from "hono";
import { createApp } from "../../app.js";
import { defaultConfig } from "../../config/serverConfig.js";
import {
  eventLiveScripts,
  events,
  media,
  registrants,
  timelines,
  type HlsManifest,
  type LiveScriptItem,
  type TimelineRow,
} from "../../db/schema/index.js";
import type { Database } from "../../db/types.js";
import { createLocalMediaStore, type MediaStore } from "../../media/store.js";
import { openTestDatabase } from "../../test-support/testDatabase.js";
import { createUser } from "../../users/users.js";
import { createRoomBus } from "../bus/createRoomBus.js";
import { createRoomHub, type RoomHub, type RoomHubOptions } from "../hub/roomHub.js";

/**
 * Test support for the room: the app on a fresh database with a clock the test sets, a media
 * store in a temporary folder, and helpers that store timelines, events, registrants, live scripts
 * and hand-made HLS videos (small files, no ffmpeg).
 */
export interface RoomTest {
  app: Hono;
  db: Database;
  store: MediaStore;
  hub: RoomHub;
  now(): Date;
  setNow(at: Date | string | number): void;
  /** A new account; answers its id. */
  account(): Promise<string>;
  timeline(accountId: string, general?: GeneralInput, page?: TimelineMasterSettingInput["page"]): Promise<TimelineRow>;
  event(timeline: TimelineRow, startsAt: string, name?: string): Promise<string>;
  registrant(timeline: TimelineRow, eventId: string, fields?: { name?: string; email?: string; banned?: boolean }): Promise<string>;
  script(timeline: TimelineRow, eventId: string, items: Omit<LiveScriptItem, "at">[]): Promise<void>;
  /** A video with an HLS manifest of `renditions` (name → segment durations) and its segment files. */
  video(accountId: string, renditions: Record<string, number[]>, poster?: boolean): Promise<string>;
  /** An image of the account (a branding image). */
  image(accountId: string): Promise<string>;
  /** The app on a real 127.0.0.1 port (SSE needs one); answers its base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

type GeneralInput = NonNullable<TimelineMasterSettingInput["general"]>;

let counter = 0;
const HEIGHTS: Record<string, number> = { "360p": 360, "720p": 720, "1080p": 1080, source: 720 };

export async function createRoomTest(start: string, hubOptions: Partial<Omit<RoomHubOptions, "orm" | "now">> = {}): Promise<RoomTest> {
  let now = new Date(start);
  const clock = () => now;
  const db = await openTestDatabase();
  const dir = await mkdtemp(join(tmpdir(), "cuepoint-room-"));
  const store = createLocalMediaStore(dir);
  const config = defaultConfig({ now: clock, publicURL: "https://cuepoint.test", mediaDir: dir });
  // The database's bus, as the server has: LISTEN/NOTIFY on PostgreSQL.
  const hub = createRoomHub({ orm: db.orm, now: clock, bus: createRoomBus(db), flushMs: 60_000, tickMs: 50, ...hubOptions });
  const app = createApp({ db, config, media: store, room: hub });
  let server: ServerType | undefined;

  return {
    app,
    db,
    store,
    hub,
    now: clock,
    setNow: (at) => (now = new Date(at)),
    async account() {
      const user = await createUser(db.orm, {
        email: `room${++counter}.${Date.now()}@example.com`,
        password: "Webinar#2024",
        name: "Host",
        role: "advanced",
      });
      return user.accountId;
    },
    async timeline(accountId, general = {}, page = {}) {
      const setting = createMasterSetting({ general: { timeZone: "America/New_York", ...general }, page });
      const [row] = await db.orm.insert(timelines).values({ accountId, name: "Launch webinar", setting }).returning();
      if (!row) throw new Error("no timeline");
      return row;
    },
    async event(timeline, startsAt, name = "Launch") {
      const [row] = await db.orm
        .insert(events)
        .values({ accountId: timeline.accountId, timelineId: timeline.id, name, startsAt: new Date(startsAt), timeZone: "America/New_York" })
        .returning();
      if (!row) throw new Error("no event");
      return row.id;
    },
    async registrant(timeline, eventId, fields = {}) {
      const [row] = await db.orm
        .insert(registrants)
        .values({
          accountId: timeline.accountId,
          timelineId: timeline.id,
          eventId,
          email: fields.email ?? `guest${++counter}@example.com`,
          name: fields.name ?? "Guest",
          banned: fields.banned ?? false,
          timeZone: "Europe/Berlin",
        })
        .returning();
      if (!row) throw new Error("no registrant");
      return row.uuid;
    },
    async script(timeline, eventId, items) {
      const [event] = await db.orm.select().from(events).where(eqId(eventId));
      const startsAt = event?.startsAt.getTime() ?? 0;
      const full = items.map((item) => ({ ...item, at: new Date(startsAt + item.offsetSeconds * 1000).toISOString() }));
      await db.orm
        .insert(eventLiveScripts)
        .values({ eventId, accountId: timeline.accountId, timelineId: timeline.id, items: full })
        .onConflictDoUpdate({ target: eventLiveScripts.eventId, set: { items: full } });
    },
    async video(accountId, renditions, poster = true) {
      const version = `v${++counter}`;
      const [row] = await db.orm
        .insert(media)
        .values({ accountId, name: "talk.mp4", type: "video", mime: "video/mp4", encodingStatus: 0 })
        .returning();
      if (!row) throw new Error("no media");
      const list = Object.entries(renditions).map(([name, segments]) => ({
        name,
        width: Math.round(((HEIGHTS[name] ?? 360) * 16) / 9),
        height: HEIGHTS[name] ?? 360,
        bandwidth: (HEIGHTS[name] ?? 360) * 2000,
        codecs: "avc1.64001f,mp4a.40.2",
        path: `${accountId}/hls/${row.id}/${version}/${name}`,
        segments,
      }));
      for (const r of list) {
        for (let i = 0; i < r.segments.length; i++) {
          await store.put(`${r.path}/${String(i).padStart(5, "0")}.ts`, new TextEncoder().encode(`${r.name}#${i}`));
        }
      }
      const posterKey = poster ? `${accountId}/hls/${row.id}/${version}/poster.jpg` : null;
      if (posterKey) await store.put(posterKey, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]));
      const manifest: HlsManifest = {
        version,
        durationSeconds: list[0]?.segments.reduce((a, b) => a + b, 0) ?? 0,
        renditions: list,
        poster: posterKey,
        ladderComplete: true,
      };
      await db.orm.update(media).set({ hls: manifest }).where(eqMedia(row.id));
      return row.id;
    },
    async image(accountId) {
      const [row] = await db.orm
        .insert(media)
        .values({ accountId, name: "logo.png", type: "image", mime: "image/png", storageKey: `${accountId}/logo-${++counter}.png`, size: 4 })
        .returning();
      if (!row?.storageKey) throw new Error("no image");
      await store.put(row.storageKey, new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
      return row.id;
    },
    async listen() {
      server ??= serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
      await new Promise((resolve) => setTimeout(resolve, 20));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async close() {
      await hub.stop();
      await hub.bus.stop();
      if (server) await new Promise((resolve) => server?.close(resolve));
      await db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const eqId = (id: string) => eq(events.id, id);
const eqMedia = (id: string) => eq(media.id, id);

export interface SseEvent {
  event: string;
  data: string;
}

/** An open channel: its events as they come, and the way to hang up (as a browser leaving). */
export interface OpenChannel {
  events: SseEvent[];
  /** Waits until an event of `name` (matching `test`) has arrived. */
  waitFor(name: string, test?: (data: unknown) => boolean, timeoutMs?: number): Promise<unknown>;
  close(): void;
  /** The raw text received (comments included). */
  text(): string;
}

/** Opens `url` as an event stream with fetch (Node 20 has no EventSource). */
export async function openChannel(url: string): Promise<OpenChannel> {
  const abort = new AbortController();
  const response = await fetch(url, { signal: abort.signal, headers: { accept: "text/event-stream" } });
  if (response.status !== 200 || !response.body) throw new Error(`channel answered ${response.status}: ${await response.text()}`);
  const events: SseEvent[] = [];
  let raw = "";
  let buffer = "";
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        raw += value;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const lines = block.split("\n");
          const name = lines.find((l) => l.startsWith("event: "))?.slice(7);
          const data = lines.filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("\n");
          if (name) events.push({ event: name, data });
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    events,
    text: () => raw,
    async waitFor(name, test = () => true, timeoutMs = 3000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find((e) => e.event === name && test(JSON.parse(e.data)));
        if (found) return JSON.parse(found.data);
        if (Date.now() > until) throw new Error(`no ${name} event within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () => abort.abort(),
  };
}

/** Waits until `check` passes (attendance is written a moment after a channel closes). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 3000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
