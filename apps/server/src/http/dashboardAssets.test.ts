import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.js";
import type { Database } from "../db/types.js";
import { openTestDatabase } from "../test-support/testDatabase.js";
import { serveDashboard } from "./dashboardAssets.js";

let dir: string;
let app: Hono;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "cuepoint-dashboard-"));
  await mkdir(join(dir, "assets"));
  await writeFile(join(dir, "index.html"), "<!doctype html><title>Cuepoint</title>");
  await writeFile(join(dir, "assets", "index-abc123.js"), "console.log(1)");
  await writeFile(join(dir, "assets", "big-abc123.js"), `export const words = ${JSON.stringify("cuepoint ".repeat(2000))};`);
  await writeFile(join(dir, "version.json"), '{"build":"b1"}');
  await writeFile(join(tmpdir(), "cuepoint-secret.txt"), "secret");
  app = new Hono();
  serveDashboard(app, dir);
  app.notFound((c) => c.json({ success: false, message: "none" }, 404));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("serveDashboard", () => {
  it("serves index.html at / without caching", async () => {
    const response = await app.request("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toContain("<title>Cuepoint</title>");
  });

  it("serves every file with a strict Content-Security-Policy and no framing", async () => {
    for (const path of ["/", "/assets/index-abc123.js", "/version.json"]) {
      const response = await app.request(path);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("unsafe-inline");
      expect([
        response.headers.get("x-frame-options"),
        response.headers.get("x-content-type-options"),
        response.headers.get("referrer-policy"),
      ]).toEqual(["DENY", "nosniff", "strict-origin-when-cross-origin"]);
    }
  });

  it("serves hashed assets as immutable and other files as no-cache", async () => {
    const asset = await app.request("/assets/index-abc123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const version = await app.request("/version.json");
    expect(version.headers.get("cache-control")).toBe("no-cache");
    expect(await version.json()).toEqual({ build: "b1" });
  });

  it("compresses text files with brotli or gzip as the browser accepts", async () => {
    const plain = await app.request("/assets/big-abc123.js");
    const original = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("accept-encoding");

    const br = await app.request("/assets/big-abc123.js", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brBody.length).toBeLessThan(original.length / 10);
    expect(brotliDecompressSync(brBody).equals(original)).toBe(true);

    const gz = await app.request("/assets/big-abc123.js", { headers: { "accept-encoding": "gzip, br;q=0" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).equals(original)).toBe(true);

    // Tiny files are not worth it.
    const small = await app.request("/assets/index-abc123.js", { headers: { "accept-encoding": "br" } });
    expect(small.headers.get("content-encoding")).toBeNull();
  });

  it("never reads outside the folder", async () => {
    for (const path of ["/../cuepoint-secret.txt", "/%2e%2e/cuepoint-secret.txt", "/assets/%2e%2e/%2e%2e/cuepoint-secret.txt"]) {
      expect((await app.request(path)).status).toBe(404);
    }
  });

  it("falls through to the 404 for unknown files and for /api paths", async () => {
    expect((await app.request("/nothing.js")).status).toBe(404);
    expect((await app.request("/api/index.html")).status).toBe(404);
  });

  it("forwards every OAuth callback of spec §2 to the dashboard's hash route, query kept", async () => {
    const zoom = await app.request("/zoomcallback?code=abc&state=x%20y");
    expect(zoom.status).toBe(302);
    expect(zoom.headers.get("location")).toBe("/#/zoomcallback?code=abc&state=x%20y");
    const twilio = await app.request("/twiliocallback?AccountSid=AC1");
    expect(twilio.headers.get("location")).toBe("/#/twiliocallback?AccountSid=AC1");
    const bare = await app.request("/fbcallback");
    expect(bare.headers.get("location")).toBe("/#/fbcallback");
  });
});

describe("createApp serves the dashboard", () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db.close());

  it("answers a page saying to build it when there is no build", async () => {
    const bare = createApp({ db, dashboardDir: join(dir, "missing") });
    const response = await bare.request("/");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("The dashboard is not built yet.");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    const health = await bare.request("/api/health");
    expect(health.status).toBe(200);
    // API answers are data: nothing runs or frames them, and they carry no Referer away.
    expect([
      health.headers.get("content-security-policy"),
      health.headers.get("x-frame-options"),
      health.headers.get("x-content-type-options"),
      health.headers.get("referrer-policy"),
    ]).toEqual(["default-src 'none'; frame-ancestors 'none'", "DENY", "nosniff", "no-referrer"]);
    expect((await bare.request("/api/nothing")).headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("serves the built files when there is one", async () => {
    const built = createApp({ db, dashboardDir: dir });
    expect(await (await built.request("/")).text()).toContain("<title>Cuepoint</title>");
    expect((await built.request("/googlesheetscallback?code=1")).headers.get("location")).toBe(
      "/#/googlesheetscallback?code=1",
    );
  });
});
