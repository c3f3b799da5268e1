import { createRequire } from "node:module";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Hono } from "hono";
import { builtFileCache, scriptAnswer } from "../http/builtScript.js";

/** packages/widgets/dist/room.js, built by `pnpm --filter @cuepoint/widgets build:room`. */
export const DEFAULT_ROOM_FILE = fileURLToPath(new URL("../../../../packages/widgets/dist/room.js", import.meta.url));

/** Where the built room.js is: `CUEPOINT_ROOM_FILE`, else packages/widgets/dist/room.js. */
export const roomFileFromEnv = (env: NodeJS.ProcessEnv = process.env): string =>
  env.CUEPOINT_ROOM_FILE ? resolve(env.CUEPOINT_ROOM_FILE) : DEFAULT_ROOM_FILE;

/** hls.js's light build (no subtitles, no DRM): the player of browsers without native HLS. */
export const HLS_FILE = createRequire(import.meta.url).resolve("hls.js/dist/hls.light.min.js");

/**
 * `GET /room.js`, the widgets' room bundle the hosted pages load (503 with the build command when
 * it is not built; the root `pnpm start` builds it), and `GET /room-hls.js`, hls.js's light build,
 * which the room loads only in browsers without native HLS.
 *
 * @example
 * serveRoomScripts(app); // <script src="/room.js" defer></script>
 */
export function serveRoomScripts(app: Hono, file: string = roomFileFromEnv()): void {
  const room = builtFileCache(file);
  const hls = builtFileCache(HLS_FILE);
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
