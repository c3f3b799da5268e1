import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, timelines, type TimelineRow } from "../db/schema/index.js";
import { serveRoomScripts } from "./roomScripts.js";
import { SHELL_CSP } from "../events/pageShell.js";
import { createRoomTest, type RoomTest } from "./test-support/testRoom.js";

/** Personal links: the shell, the clear pages of links that open nothing, and the host's own code. */

const T0 = Date.parse("2026-06-01T17:00:00.000Z");
const MIN = 60_000;

let t: RoomTest;
let accountId: string;
let timeline: TimelineRow;
let eventId: string;
let token: string;

beforeAll(async () => {
  t = await createRoomTest(new Date(T0 - 60 * MIN).toISOString());
  accountId = await t.account();
  timeline = await t.timeline(
    accountId,
    {
      timelineName: "Scale <your> team",
      description: "Everything about scaling",
      hls: { code: "<p id='room-code'>room</p>", waiting_code: "<p id='waiting-code'>waiting</p>", css: "body{--accent:#c00}" },
    },
    { pixel: { enabled: true, code: "<img src='https://pixel.example.com/p.gif'>" } },
  );
  eventId = await t.event(timeline, new Date(T0).toISOString(), "");
  token = await t.registrant(timeline, eventId, { name: "Ann" });
});
afterAll(() => t.close());

describe("the shell", () => {
  it.each(["join", "replay"])("/%s/{token}: the room widget's mount point, a strict policy", async (entry) => {
    const response = await t.app.request(`/${entry}/${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("content-security-policy")).toBe(SHELL_CSP);
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const html = await response.text();
    expect(html).toContain(`<div id="cuepoint-room" data-token="${token}" data-entry="${entry}" data-page-title></div>`);
    expect(html).toContain('<script src="/room.js" defer></script>');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(html).toContain("<noscript>");
    expect(html).toContain("<title>Scale &lt;your&gt; team</title>"); // the timeline's name, escaped
    expect(html).not.toContain("room-code"); // host code never runs in the shell
  });

  it("hints hls.js's download with the page once the room opens, except to Apple's browsers (native HLS)", async () => {
    const chrome = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36" };
    const iphone = { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1" };
    const preload = '<link rel="preload" href="/room-hls.js" as="script">';
    const shell = async (headers: Record<string, string>) => (await t.app.request(`/join/${token}`, { headers })).text();
    try {
      t.setNow(T0 - 16 * MIN); // before the waiting room (joinStart 15)
      expect(await shell(chrome)).not.toContain(preload);
      t.setNow(T0 - 15 * MIN);
      expect(await shell(chrome)).toContain(preload);
      expect(await shell(iphone)).not.toContain(preload);
    } finally {
      t.setNow(T0 - 60 * MIN);
    }
  });
});

describe("links that open nothing answer a clear HTML page", () => {
  const expectPage = async (path: string, status: number, words: string) => {
    const response = await t.app.request(path);
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(await response.text()).toContain(words);
  };

  it("unknown and malformed tokens: 404, the same page", async () => {
    await expectPage("/join/6f1f8c1e-3b7a-4c1e-9d7e-2a1b3c4d5e6f", 404, "This link does not work");
    await expectPage("/join/not-a-token", 404, "This link does not work");
    await expectPage("/replay/'%3Cscript%3E", 404, "This link does not work");
    await expectPage("/join/not-a-token/calendar.ics", 404, "This link does not work");
  });

  it("a banned registrant: 403", async () => {
    const banned = await t.registrant(timeline, eventId, { banned: true });
    await expectPage(`/join/${banned}`, 403, "turned off");
    const api = await t.app.request(`/api/public/room/${banned}`);
    expect(api.status).toBe(403);
    expect(await api.json()).toMatchObject({ success: false });
  });

  it("a deleted event: 410", async () => {
    const event = await t.event(timeline, new Date(T0).toISOString());
    const orphan = await t.registrant(timeline, event);
    await t.db.orm.delete(events).where(eq(events.id, event));
    await expectPage(`/join/${orphan}`, 410, "no longer available");
    expect((await t.app.request(`/api/public/room/${orphan}`)).status).toBe(410);
  });

  it("an event of a trashed timeline: 410, and back when restored", async () => {
    const trashed = await t.timeline(accountId);
    const event = await t.event(trashed, new Date(T0).toISOString());
    const guest = await t.registrant(trashed, event);
    await t.db.orm.update(timelines).set({ status: "trash" }).where(eq(timelines.id, trashed.id));
    await expectPage(`/replay/${guest}`, 410, "no longer available");
    expect((await t.app.request(`/api/public/room/${guest}/hls/master.m3u8`)).status).toBe(410);
    await t.db.orm.update(timelines).set({ status: "active" }).where(eq(timelines.id, trashed.id));
    expect((await t.app.request(`/join/${guest}`)).status).toBe(200);
  });
});

describe("the host's code", () => {
  it("runs in a sandboxed document with an opaque origin: the waiting room's code before the start, the room's after", async () => {
    t.setNow(T0 - 5 * MIN);
    const waiting = await t.app.request(`/join/${token}/custom`);
    expect(waiting.headers.get("content-security-policy")).toBe("sandbox allow-scripts allow-popups allow-forms");
    const waitingHtml = await waiting.text();
    expect(waitingHtml).toContain("waiting-code");
    expect(waitingHtml).toContain("pixel.example.com");
    expect(waitingHtml).not.toContain("room-code");
    t.setNow(T0 + MIN);
    const room = await (await t.app.request(`/join/${token}/custom`)).text();
    expect(room).toContain("room-code");
    expect(await (await t.app.request(`/join/${token}/custom?part=page`)).text()).not.toContain("room-code");
  });

  it("the snapshot points at the frame of its phase", async () => {
    t.setNow(T0 - 60 * MIN);
    const before = (await (await t.app.request(`/api/public/room/${token}`)).json()) as { success: { customCodeUrl: string } };
    expect(before.success.customCodeUrl).toBe(`/join/${token}/custom?part=page`); // the pixel only
  });

  it("the host's CSS is served as text/css", async () => {
    const css = await t.app.request(`/join/${token}/custom.css`);
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(css.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await css.text()).toBe("body{--accent:#c00}");
  });
});

describe("add to calendar", () => {
  it("an .ics file with the event's start, end and personal link", async () => {
    const response = await t.app.request(`/join/${token}/calendar.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain("event.ics");
    const text = (await response.text()).replace(/\r\n[ \t]/g, "");
    expect(text).toContain("BEGIN:VCALENDAR");
    expect(text).toContain("DTSTART:20260601T170000Z");
    expect(text).toContain("DTEND:20260601T180000Z"); // no video: scheduleLength, 1 hour
    expect(text).toContain("SUMMARY:Scale <your> team");
    expect(text).toContain(`LOCATION:https://cuepoint.test/join/${token}`);
  });
});

describe("the scripts the shell loads", () => {
  it("room.js: 503 with the build command when it is not built; served with an ETag when it is", async () => {
    const dir = await mkdtemp(join(tmpdir(), "room-js-"));
    try {
      const file = join(dir, "room.js");
      const app = new Hono();
      serveRoomScripts(app, file);
      const missing = await app.request("/room.js");
      expect(missing.status).toBe(503);
      expect(await missing.text()).toContain("build:room");
      await writeFile(file, "console.log('room')");
      const built = await app.request("/room.js");
      expect(built.status).toBe(200);
      expect(built.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      const etag = built.headers.get("etag") as string;
      expect((await app.request("/room.js", { headers: { "if-none-match": etag } })).status).toBe(304);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("room-hls.js is hls.js's light build, gzipped for browsers that take it", async () => {
    const plain = await t.app.request("/room-hls.js");
    expect(plain.status).toBe(200);
    expect(await plain.text()).toContain("Hls");
    const zipped = await t.app.request("/room-hls.js", { headers: { "accept-encoding": "gzip, br" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
  });
});
