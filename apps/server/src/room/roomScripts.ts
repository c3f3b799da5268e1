import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { Context, Hono } from "hono";

/** packages/widgets/dist/room.js, built by `pnpm --filter @cuepoint/widgets build:room`. */
export const DEFAULT_ROOM_FILE = fileURLToPath(new URL("../../../../packages/widgets/dist/room.js", import.meta.url));

/** Where the built room.js is: `CUEPOINT_ROOM_FILE`, else packages/widgets/dist/room.js. */
export const roomFileFromEnv = (env: NodeJS.ProcessEnv = process.env): string =>
  env.CUEPOINT_ROOM_FILE ? resolve(env.CUEPOINT_ROOM_FILE) : DEFAULT_ROOM_FILE;

/** hls.js's light build (no subtitles, no DRM): the player of browsers without native HLS. */
export const HLS_FILE = createRequire(import.meta.url).resolve("hls.js/dist/hls.light.min.js");

/** Five minutes, then revalidated by ETag: a release reaches every page within minutes. */
const CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=86400";

interface Loaded {
  mtimeMs: number;
  size: number;
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

/** A file read once, and again only when it changes on disk; undefined while it is missing. */
function fileCache(file: string) {
  let loaded: Loaded | undefined;
  return async (): Promise<Loaded | undefined> => {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    if (loaded?.mtimeMs === info.mtimeMs && loaded.size === info.size) return loaded;
    const body = await readFile(file);
    loaded = {
      mtimeMs: info.mtimeMs,
      size: info.size,
      body,
      gzip: gzipSync(body, { level: 9 }),
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    };
    return loaded;
  };
}

/** The script as an answer: ETag/304, gzip when the browser takes it, nosniff. */
function scriptAnswer(c: Context, script: Loaded): Response {
  c.header("Cache-Control", CACHE_CONTROL);
  c.header("ETag", script.etag);
  c.header("Vary", "Accept-Encoding");
  c.header("X-Content-Type-Options", "nosniff");
  const asked = c.req.header("if-none-match");
  if (asked?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === script.etag)) return c.body(null, 304);
  c.header("Content-Type", "text/javascript; charset=utf-8");
  if (/\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) {
    c.header("Content-Encoding", "gzip");
    return c.body(new Uint8Array(script.gzip));
  }
  return c.body(new Uint8Array(script.body));
}

/**
 * `GET /room.js`, the widgets' room bundle the hosted pages load (503 with the build command when
 * it is not built; the root `pnpm start` builds it), and `GET /room-hls.js`, hls.js's light build,
 * which the room loads only in browsers without native HLS.
 *
 * @example
 * serveRoomScripts(app); // <script src="/room.js" defer></script>
 */
export function serveRoomScripts(app: Hono, file: string = roomFileFromEnv()): void {
  const room = fileCache(file);
  const hls = fileCache(HLS_FILE);
  app.on(["GET", "HEAD"], "/room.js", async (c) => {
    const script = await room();
    if (!script) {
      c.header("Retry-After", "30");
      return c.text("room.js is not built: run `pnpm --filter @cuepoint/widgets build:room`.", 503);
    }
    return scriptAnswer(c, script);
  });
  app.on(["GET", "HEAD"], "/room-hls.js", async (c) => {
    const script = await hls();
    if (!script) return c.text("hls.js is not installed: run `pnpm install`.", 503);
    return scriptAnswer(c, script);
  });
}
