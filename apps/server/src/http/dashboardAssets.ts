import { readFile, stat } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { oauthCallbackRoutes } from "@cuepoint/sdk";
import type { Hono } from "hono";
import { DASHBOARD_SECURITY_HEADERS } from "./securityHeaders.js";

/** apps/dashboard/dist, next to this app in the repository. */
export const DEFAULT_DASHBOARD_DIR = fileURLToPath(new URL("../../../dashboard/dist", import.meta.url));

/** Where the built dashboard is: `CUEPOINT_DASHBOARD_DIR`, else apps/dashboard/dist. */
export const dashboardDirFromEnv = (env: NodeJS.ProcessEnv = process.env): string =>
  env.CUEPOINT_DASHBOARD_DIR ? resolve(env.CUEPOINT_DASHBOARD_DIR) : DEFAULT_DASHBOARD_DIR;

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cuepoint</title></head>
<body><h1>Cuepoint</h1><p>The dashboard is not built yet. Run <code>pnpm --filter @cuepoint/dashboard build</code>
and reload. The API is at <a href="/api/openapi.json">/api</a>.</p></body></html>`;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".svg", ".map", ".txt"]);

/**
 * The encoded bodies of each file, made once per file version (path and modification time):
 * brotli for browsers that take it, gzip otherwise. The built dashboard is a few hundred KB, so
 * the cache stays small.
 */
const encoded = new Map<string, Promise<{ br: Buffer; gzip: Buffer }>>();
function encodings(key: string, body: Buffer) {
  let entry = encoded.get(key);
  if (!entry) {
    entry = Promise.all([
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gzipAsync(body, { level: 9 }),
    ]).then(([br, gz]) => ({ br, gzip: gz }));
    encoded.set(key, entry);
  }
  return entry;
}

async function readInside(dir: string, path: string): Promise<{ body: Buffer; key: string } | undefined> {
  const file = resolve(dir, path);
  // Never outside the dashboard folder (`..`, encoded or not, is resolved away first).
  if (file !== dir && !file.startsWith(dir + sep)) return undefined;
  try {
    const info = await stat(file);
    if (!info.isFile()) return undefined;
    return { body: await readFile(file), key: `${file}:${info.mtimeMs}:${info.size}` };
  } catch {
    return undefined;
  }
}

/** The encodings an `Accept-Encoding` header allows (`q=0` excludes one). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const names = (header ?? "").split(",").map((part) => {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith("q="));
    return q !== undefined && Number(q.slice(2)) === 0 ? "" : name.toLowerCase();
  });
  return new Set(names.filter(Boolean));
}

/** The response of one file, compressed when the browser accepts it and the type gains from it. */
async function fileResponse(path: string, file: { body: Buffer; key: string }, acceptEncoding: string | undefined) {
  const extension = extname(path).toLowerCase() || ".html";
  const headers: Record<string, string> = {
    ...DASHBOARD_SECURITY_HEADERS,
    "content-type": TYPES[extension] ?? "application/octet-stream",
    "cache-control": path.startsWith("assets/") ? "public, max-age=31536000, immutable" : "no-cache",
    vary: "accept-encoding",
  };
  const accepted = acceptedEncodings(acceptEncoding);
  let body = file.body;
  if (COMPRESSIBLE.has(extension) && file.body.length > 512) {
    const packed = await encodings(file.key, file.body);
    if (accepted.has("br")) [body, headers["content-encoding"]] = [packed.br, "br"];
    else if (accepted.has("gzip")) [body, headers["content-encoding"]] = [packed.gzip, "gzip"];
  }
  return new Response(new Uint8Array(body), { status: 200, headers });
}

/**
 * Serves the built dashboard at `/` (index.html with `no-cache`, hashed assets immutable; brotli or
 * gzip when the browser accepts it; every file with the security headers of securityHeaders.ts) and
 * forwards the OAuth callbacks of spec §2 (`/zoomcallback?code=…`, the address providers return
 * to) to the dashboard's hash route `/#/zoomcallback?code=…`. Without a build, `/` answers a short
 * page saying how to build it. Unknown non-API paths fall through to the app's JSON 404.
 *
 * @example
 * serveDashboard(app, "/srv/cuepoint/apps/dashboard/dist");
 */
export function serveDashboard(app: Hono, dir: string): void {
  const root = resolve(dir);
  for (const name of Object.keys(oauthCallbackRoutes)) {
    app.get(`/${name}`, (c) => {
      const query = new URL(c.req.url).search;
      return c.redirect(`/#/${name}${query}`, 302);
    });
  }
  // Hashed files under assets/ never change: a year, immutable. Everything else is revalidated.
  app.get("/", async (c) => {
    const index = await readInside(root, "index.html");
    if (!index) return c.html(NOT_BUILT, 200, { ...DASHBOARD_SECURITY_HEADERS, "cache-control": "no-cache" });
    return fileResponse("index.html", index, c.req.header("accept-encoding"));
  });
  app.get("/*", async (c, next) => {
    const path = decodeURIComponent(c.req.path).replace(/^\/+/, "");
    if (path.startsWith("api/") || path === "api") return next();
    const file = await readInside(root, path);
    if (!file) return next();
    return fileResponse(path, file, c.req.header("accept-encoding"));
  });
}
