// Time from embed.js load to an interactive registration form, in Debian's Chromium, on a loopback
// page of another origin: the real server (apps/server through tsx, like `pnpm start`) serves
// /embed.js and the public registration endpoints; a plain page on another port embeds one form.
// "Interactive" = the form's Register button is in the shadow root (config loaded, form rendered).
// Prints the median and spread of several cold page loads; asserts nothing.
// Usage: node bench/embed-interactive.mjs   (BENCH_ROUNDS, default 7)
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { benchDb, bounded, cleanup, loadSdk, loggedInClient, machineLine, percentile, repoRoot, startServer, tempDir } from "./server-harness.mjs";

const EMAIL = "embed-bench@example.com";
const PASSWORD = "Webinar#2024";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

await bounded(10 * 60_000, async () => {
  execFileSync(process.execPath, [join(repoRoot, "packages/widgets/scripts/build-embed.mjs")]);
  const sdk = await loadSdk();
  const dir = await tempDir("embed");
  const env = { CUEPOINT_DATA_DIR: join(dir, "data"), CUEPOINT_MEDIA_DIR: join(dir, "media") };
  await benchDb(["setup", "--email", EMAIL, "--password", PASSWORD, "--role", "admin"], env);
  const server = await startServer(env);
  const { client } = await loggedInClient(sdk, server.apiURL, EMAIL, PASSWORD);
  const { success: timeline } = await client.timelines.setMaster({
    blocks: sdk.createMasterSetting({ general: { timelineName: "Bench" } }),
  });
  const tomorrow = `${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}T10:00`;
  await client.webinars.create({ webinarTimeline: String(timeline.id), start: tomorrow });

  const html = `<!doctype html><html><head><meta charset="utf-8"><script async src="${server.origin}/embed.js"></script></head>
<body><div id="form" data-cuepoint-registration="${timeline.id}"></div></body></html>`;
  const page = createServer((_, response) => response.writeHead(200, { "content-type": "text/html" }).end(html));
  await new Promise((done) => page.listen(0, "127.0.0.1", done));
  const pageURL = `http://127.0.0.1:${page.address().port}/`;

  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  const times = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const context = await browser.newContext(); // cold cache each round
      const tab = await context.newPage();
      await tab.goto(pageURL);
      await tab.locator("#form").getByRole("button", { name: "Register" }).waitFor();
      const ms = await tab.evaluate(() => {
        const { performance } = globalThis;
        const script = performance.getEntriesByType("resource").find((entry) => entry.name.endsWith("/embed.js"));
        return performance.now() - (script?.responseEnd ?? 0);
      });
      times.push(ms);
      await context.close();
    }
  } finally {
    await browser.close();
    page.close();
    await server.stop();
  }
  console.log(machineLine());
  console.log(`embed.js loaded → interactive registration form (Chromium, loopback, ${ROUNDS} cold loads)`);
  console.log(`  median ${percentile(times, 50).toFixed(0)} ms   min ${Math.min(...times).toFixed(0)} ms   max ${Math.max(...times).toFixed(0)} ms`);
  console.log("  (includes the config request to the server; the time after embed.js finished downloading)");
});
await cleanup();
