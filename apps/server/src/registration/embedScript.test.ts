import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCRIPT_CACHE_CONTROL } from "../http/builtScript.js";
import { createTestApp } from "../test-support/testApp.js";
import { serveEmbedScript } from "./embedScript.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "cuepoint-embed-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("GET /embed.js", () => {
  it("serves the script with caching headers, answers 304 to its ETag, and sees a new build", async () => {
    const file = join(dir, "embed.js");
    await writeFile(file, "console.log(1)");
    const app = new Hono();
    serveEmbedScript(app, file);
    const first = await app.request("/embed.js");
    expect(first.status).toBe(200);
    expect(await first.text()).toBe("console.log(1)");
    expect(first.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(first.headers.get("cache-control")).toBe(SCRIPT_CACHE_CONTROL);
    expect(first.headers.get("access-control-allow-origin")).toBe("*");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]{27}"$/);

    const again = await app.request("/embed.js", { headers: { "if-none-match": `W/"x", ${etag}` } });
    expect([again.status, await again.text(), again.headers.get("etag")]).toEqual([304, "", etag]);

    await writeFile(file, "console.log(2)");
    await utimes(file, new Date(), new Date(Date.now() + 5000));
    const rebuilt = await app.request("/embed.js", { headers: { "if-none-match": etag } });
    expect(rebuilt.status).toBe(200);
    expect(await rebuilt.text()).toBe("console.log(2)");
    expect(rebuilt.headers.get("etag")).not.toBe(etag);
  });

  it("answers gzip to a browser that takes it, the same bytes and ETag", async () => {
    const file = join(dir, "zipped.js");
    await writeFile(file, "console.log('a widget');".repeat(50));
    const app = new Hono();
    serveEmbedScript(app, file);
    const plain = await app.request("/embed.js");
    const zipped = await app.request("/embed.js", { headers: { "accept-encoding": "gzip, br" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toBe("Accept-Encoding");
    expect(zipped.headers.get("etag")).toBe(plain.headers.get("etag"));
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(200);
    expect(gunzipSync(bytes).toString()).toBe(await plain.text());
  });

  it("says how to build it when it is missing", async () => {
    const app = new Hono();
    serveEmbedScript(app, join(dir, "missing.js"));
    const response = await app.request("/embed.js");
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toContain("build:embed");
  });

  it("is mounted by the app at /embed.js, outside /api (CUEPOINT_EMBED_FILE)", async () => {
    const file = join(dir, "mounted.js");
    await writeFile(file, "/* embed */");
    process.env.CUEPOINT_EMBED_FILE = file;
    const t = await createTestApp();
    try {
      const response = await t.app.request("/embed.js");
      expect([response.status, await response.text()]).toEqual([200, "/* embed */"]);
      expect((await t.app.request("/api/embed.js")).status).toBe(404);
    } finally {
      delete process.env.CUEPOINT_EMBED_FILE;
      await t.close();
    }
  });
});
