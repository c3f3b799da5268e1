import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import type { Context } from "hono";

/**
 * Serving a script the widgets' build wrote (embed.js, room.js, hls.js's light build): read once
 * and again only when it changes on disk, with a strong ETag (SHA-256 of the bytes) and a gzip
 * copy made once per version.
 */

/**
 * Pages load these scripts on every visit: five minutes of caching keeps that cheap while a new
 * release still reaches every page within minutes; after that the browser revalidates with the
 * ETag and gets a 304 (no body) until the file changes. Stale copies may be used for a day while
 * revalidating.
 */
export const SCRIPT_CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=86400";

/** One version of a built file, as served. */
export interface BuiltFile {
  mtimeMs: number;
  size: number;
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

/**
 * The file at `file`, read on the first call and again only when its size or modification time
 * changes (a new build); undefined while it is missing.
 *
 * @example
 * const room = builtFileCache("packages/widgets/dist/room.js");
 * const script = await room(); // the same object until the file changes
 */
export function builtFileCache(file: string): () => Promise<BuiltFile | undefined> {
  let loaded: BuiltFile | undefined;
  return async () => {
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

/**
 * A built script as the answer: {@link SCRIPT_CACHE_CONTROL}, its ETag (`If-None-Match` answered 304, weak
 * tags and lists understood), gzip when the browser takes it, `nosniff`.
 *
 * @example
 * app.get("/room.js", async (c) => scriptAnswer(c, (await room())!));
 */
export function scriptAnswer(c: Context, script: BuiltFile): Response {
  c.header("Cache-Control", SCRIPT_CACHE_CONTROL);
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
