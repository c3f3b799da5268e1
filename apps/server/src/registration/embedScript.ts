import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Hono } from "hono";
import { builtFileCache, scriptAnswer } from "../http/builtScript.js";
import { errorBody } from "../http/errors.js";

/** packages/widgets/dist/embed.js, built by `pnpm --filter @cuepoint/widgets build:embed`. */
export const DEFAULT_EMBED_FILE = fileURLToPath(new URL("../../../../packages/widgets/dist/embed.js", import.meta.url));

/** Where the built embed.js is: `CUEPOINT_EMBED_FILE`, else packages/widgets/dist/embed.js. */
export const embedFileFromEnv = (env: NodeJS.ProcessEnv = process.env): string =>
  env.CUEPOINT_EMBED_FILE ? resolve(env.CUEPOINT_EMBED_FILE) : DEFAULT_EMBED_FILE;

/**
 * Serves the registration widget's script-tag bundle at `GET /embed.js` (outside /api) as a built
 * script (http/builtScript.ts: read once and again only when it changes on disk, strong ETag and
 * 304, gzip when taken, `nosniff`, `SCRIPT_CACHE_CONTROL`), with
 * `Access-Control-Allow-Origin: *` (so a page may load it with `crossorigin` and `integrity`). Without a build it answers 404
 * with the command that builds it; `pnpm start` builds it first.
 *
 * @example
 * serveEmbedScript(app); // <script async src="https://app.example.com/embed.js"></script>
 */
export function serveEmbedScript(app: Hono, file: string = embedFileFromEnv()): void {
  const load = builtFileCache(file);
  app.on(["GET", "HEAD"], "/embed.js", async (c) => {
    const script = await load();
    if (!script) {
      return c.json(errorBody("embed.js is not built: run `pnpm --filter @cuepoint/widgets build:embed`."), 404);
    }
    c.header("Access-Control-Allow-Origin", "*");
    return scriptAnswer(c, script);
  });
}
