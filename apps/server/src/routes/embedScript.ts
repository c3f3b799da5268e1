import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Hono } from "hono";
import { errorBody } from "../http/errors.js";

/** packages/widgets/dist/embed.js, built by `pnpm --filter @cuepoint/widgets build:embed`. */
export const DEFAULT_EMBED_FILE = fileURLToPath(new URL("../../../../packages/widgets/dist/embed.js", import.meta.url));

/** Where the built embed.js is: `CUEPOINT_EMBED_FILE`, else packages/widgets/dist/embed.js. */
export const embedFileFromEnv = (env: NodeJS.ProcessEnv = process.env): string =>
  env.CUEPOINT_EMBED_FILE ? resolve(env.CUEPOINT_EMBED_FILE) : DEFAULT_EMBED_FILE;

/**
 * Pages load embed.js on every visit: five minutes of caching keeps that cheap while a new release
 * still reaches every page within minutes; after that the browser revalidates with the ETag and
 * gets a 304 (no body) until the file changes. Stale copies may be used for a day while revalidating.
 */
export const EMBED_CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=86400";

interface Loaded {
  mtimeMs: number;
  size: number;
  body: Buffer;
  etag: string;
}

/**
 * Serves the registration widget's script-tag bundle at `GET /embed.js` (outside /api): the file
 * is read once and again only when it changes on disk, with a strong ETag (SHA-256 of the bytes),
 * `If-None-Match` answered 304, {@link EMBED_CACHE_CONTROL}, `Access-Control-Allow-Origin: *` (so a
 * page may load it with `crossorigin` and `integrity`) and `nosniff`. Without a build it answers 404
 * with the command that builds it; `pnpm start` builds it first.
 *
 * @example
 * serveEmbedScript(app); // <script async src="https://app.example.com/embed.js"></script>
 */
export function serveEmbedScript(app: Hono, file: string = embedFileFromEnv()): void {
  let loaded: Loaded | undefined;
  const load = async (): Promise<Loaded | undefined> => {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    if (loaded?.mtimeMs === info.mtimeMs && loaded.size === info.size) return loaded;
    const body = await readFile(file);
    loaded = {
      mtimeMs: info.mtimeMs,
      size: info.size,
      body,
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    };
    return loaded;
  };

  app.on(["GET", "HEAD"], "/embed.js", async (c) => {
    const script = await load();
    if (!script) {
      return c.json(errorBody("embed.js is not built: run `pnpm --filter @cuepoint/widgets build:embed`."), 404);
    }
    c.header("Cache-Control", EMBED_CACHE_CONTROL);
    c.header("ETag", script.etag);
    c.header("Access-Control-Allow-Origin", "*");
    c.header("X-Content-Type-Options", "nosniff");
    const asked = c.req.header("if-none-match");
    if (asked?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === script.etag)) return c.body(null, 304);
    c.header("Content-Type", "text/javascript; charset=utf-8");
    return c.body(new Uint8Array(script.body));
  });
}
