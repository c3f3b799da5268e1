import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { airedSegmentCount, playbackPositionAt, roomViewAt, type RoomSnapshot, type RoomTiming } from "@cuepoint/sdk";
import { createSiteChat, type SiteChat } from "./roomSiteChat.js";

/**
 * A little room server on 127.0.0.1 for the room bundle's browser test: the hosted page's shell with
 * the contract's strict CSP, `/room.js` (the built bundle), `/room-hls.js` (hls.js's light build),
 * the snapshot on a clock of its own (ahead of the browser's), an SSE channel with the chat (see
 * roomSiteChat.ts), and a live EVENT playlist of a small ffmpeg-made stream that lists only the
 * segments aired (later ones: 404).
 */

export const SHELL_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data:; " +
  "media-src 'self' blob:; worker-src blob:; frame-src 'self'; connect-src 'self'; frame-ancestors 'self'";
/** The server's clock runs this far ahead of the browser's. */
export const SKEW = 3 * 3_600_000 + 7 * 60_000;
/** As the encoder makes them: 6-second segments, a keyframe every 2 s. */
const SEGMENT = 6;

const widgets = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);

/** A 60 s 320×180 H.264/AAC stream in 6 s MPEG-TS segments, made with ffmpeg. */
export function makeStream(): { dir: string; durations: number[] } {
  const dir = mkdtempSync(join(tmpdir(), "cuepoint-room-hls-"));
  execFileSync("ffmpeg", [
    "-loglevel", "error",
    "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25",
    "-f", "lavfi", "-i", "sine=frequency=440",
    "-t", "60", "-c:v", "libx264", "-preset", "ultrafast", "-g", "50", "-keyint_min", "50", "-sc_threshold", "0",
    "-c:a", "aac", "-f", "hls", "-hls_time", String(SEGMENT), "-hls_playlist_type", "vod",
    "-hls_segment_filename", join(dir, "%05d.ts"), join(dir, "vod.m3u8"),
  ]);
  const durations = [...readFileSync(join(dir, "vod.m3u8"), "utf8").matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
  return { dir, durations };
}

export interface RoomSite {
  url: string;
  /** The tokens: one per phase the test opens. */
  rooms: Map<string, RoomTiming>;
  serverNow(): number;
  requests: string[];
  clicks: string[];
  chat: SiteChat;
  close(): Promise<void>;
}

export async function startRoomSite(stream: { dir: string; durations: number[] }): Promise<RoomSite> {
  const rooms = new Map<string, RoomTiming>();
  const requests: string[] = [];
  const clicks: string[] = [];
  const serverNow = () => Date.now() + SKEW;
  const liveSeconds = stream.durations.reduce((a, b) => a + b, 0);
  const channels = new Set<ServerResponse>();
  const chat = createSiteChat(serverNow);
  let origin = "";

  const snapshot = (token: string, timing: RoomTiming): RoomSnapshot => {
    const now = serverNow();
    const view = roomViewAt(timing, now);
    const base = `/api/public/room/${token}`;
    return {
      token,
      entry: "join",
      serverNow: now,
      platform: "aevent",
      timing,
      view,
      event: { title: "Browser Webinar", subject: "", startsAt: new Date(timing.startsAt).toISOString(), timeZone: timing.timeZone, description: "", presenters: [] },
      registrant: { name: "Ann", timeZone: "Europe/Paris" },
      branding: { logoUrl: null, faviconUrl: null, backgroundUrl: null, countdownImageUrl: null },
      display: {
        countdown: { enabled: true, duration: 0 },
        timeCounter: { enabled: true, direction: "down" },
        pip: { enabled: false, seconds: 0 },
        muteAll: false,
        audience: "real",
        chat: { enabled: true, timestamps: true, ...chat.settingsOf(token) },
      },
      video: { playlistUrl: `${base}/hls/live.m3u8`, posterUrl: null, durationSeconds: liveSeconds, hlsScriptUrl: "/room-hls.js" },
      items:
        view.phase === "live"
          ? [
              { id: "c1", action: "livechat", offsetSeconds: 1, chat: { name: "Host", message: "Welcome, everyone!" } },
              {
                id: "offer",
                action: "cta",
                offsetSeconds: 2,
                cta: { headline: "The full course", subheadline: "Half price during the event", buttonText: "Get the course", url: `${origin}/offer` },
              },
              { id: "s1", action: "changesubject", offsetSeconds: 3, subject: "Part two: the course" },
            ]
          : [],
      audience: 12,
      calendar: { icsUrl: `/join/${token}/calendar.ics`, googleUrl: "https://calendar.google.com/calendar/render?action=TEMPLATE" },
      channelUrl: `${base}/channel`,
      customCodeUrl: null,
      customCssUrl: null,
    };
  };

  const playlist = (timing: RoomTiming) => {
    const aired = airedSegmentCount(stream.durations, playbackPositionAt(timing, serverNow()));
    const position = playbackPositionAt(timing, serverNow());
    return [
      "#EXTM3U",
      "#EXT-X-VERSION:3",
      `#EXT-X-TARGETDURATION:${Math.ceil(Math.max(...stream.durations))}`,
      "#EXT-X-PLAYLIST-TYPE:EVENT",
      "#EXT-X-MEDIA-SEQUENCE:0",
      `#EXT-X-START:TIME-OFFSET=${position.toFixed(3)},PRECISE=YES`,
      ...stream.durations.slice(0, aired).flatMap((duration, i) => [`#EXTINF:${duration.toFixed(6)},`, `${String(i).padStart(5, "0")}.ts`]),
      "",
    ].join("\n");
  };

  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? "/", "http://127.0.0.1");
    requests.push(pathname);
    const send = (status: number, type: string, body: string | Buffer) => {
      response.writeHead(status, { "content-type": type, "cache-control": "no-store" }).end(body);
    };
    const page = /^\/join\/([\w-]+)$/.exec(pathname);
    if (page) {
      response.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": SHELL_CSP,
        "referrer-policy": "no-referrer",
        "x-content-type-options": "nosniff",
      });
      return response.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
          `<meta name="color-scheme" content="light dark"><title>Browser Webinar</title><script src="/room.js" defer></script></head>` +
          `<body><noscript>This page needs JavaScript.</noscript><div id="cuepoint-room" data-token="${page[1]}" data-entry="join" data-page-title></div></body></html>`,
      );
    }
    if (pathname === "/offer") return send(200, "text/html; charset=utf-8", "<!doctype html><title>Offer</title><p>The offer page.</p>");
    if (pathname === "/room.js") return send(200, "text/javascript", readFileSync(join(widgets, "dist/room.js")));
    if (pathname === "/room-hls.js") return send(200, "text/javascript", readFileSync(require.resolve("hls.js/dist/hls.light.min.js")));
    const api = /^\/api\/public\/room\/([\w-]+)(\/.*)?$/.exec(pathname);
    const timing = api && rooms.get(api[1] as string);
    if (!api || !timing) return send(404, "application/json", JSON.stringify({ message: "Not found" }));
    const rest = api[2] ?? "";
    if (rest === "") return send(200, "application/json", JSON.stringify({ success: snapshot(api[1] as string, timing) }));
    if (rest === "/cta" && request.method === "POST") {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += String(chunk)));
      request.on("end", () => {
        clicks.push((JSON.parse(body) as { id: string }).id);
        response.writeHead(204).end();
      });
      return;
    }
    if (rest === "/chat" && request.method === "POST") return chat.post(api[1] as string, request, response);
    if (rest === "/channel") {
      response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store" });
      response.write(`event: hello\ndata: ${JSON.stringify({ serverNow: serverNow() })}\n\n`);
      chat.open(api[1] as string, request, response);
      channels.add(response);
      request.on("close", () => channels.delete(response));
      return;
    }
    if (rest === "/hls/live.m3u8") return send(200, "application/vnd.apple.mpegurl", playlist(timing));
    const segment = /^\/hls\/(\d{5})\.ts$/.exec(rest);
    if (segment) {
      const index = Number(segment[1]);
      const aired = airedSegmentCount(stream.durations, playbackPositionAt(timing, serverNow()));
      if (index >= aired || !readdirSync(stream.dir).includes(`${segment[1]}.ts`)) return send(404, "text/plain", "not aired");
      return send(200, "video/mp2t", readFileSync(join(stream.dir, `${segment[1]}.ts`)));
    }
    return send(404, "text/plain", "not found");
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    rooms,
    serverNow,
    requests,
    clicks,
    chat,
    close: () =>
      new Promise<void>((done) => {
        for (const channel of channels) channel.end();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
