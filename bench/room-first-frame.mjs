// The event room's first frame (issue 11): from a click on a personal link to the room's first
// video frame, on loopback, in Debian's Chromium, cold (a fresh browser context each run: no
// cache, no storage). The server is apps/server/scripts/bench-room.ts (the real app on in-memory
// PGlite, a video encoded by the real media processor, an event live 5 s in at every run).
// Prints each run, the median and the goal; asserts nothing.
//
//   node bench/room-first-frame.mjs            (BENCH_ROOM_RUNS=7 by default, one untimed warm-up)
/* global window, document, performance, requestAnimationFrame -- page.evaluate and init scripts run in the browser */
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";
import { serverDir } from "./server-harness.mjs";

const RUNS = Number(process.env.BENCH_ROOM_RUNS ?? 7);
const GOAL_MS = 1500;

const widgets = new URL("../packages/widgets/", import.meta.url).pathname;
await run(process.execPath, ["scripts/build-room.mjs"], widgets);

/** Runs a command to its end; rejects on a non-zero exit. */
function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited ${code}`))));
  });
}

console.log("Starting the room server (encoding a 90 s video with the real media processor) ...");
const server = spawn(`${serverDir}/node_modules/.bin/tsx`, ["--conditions=@cuepoint/source", "scripts/bench-room.ts"], {
  cwd: serverDir,
  stdio: ["pipe", "pipe", "inherit"],
});
const lines = createInterface({ input: server.stdout })[Symbol.asyncIterator]();
const next = async () => {
  const { value, done } = await lines.next();
  if (done) throw new Error("the room server stopped");
  return value;
};
let ready;
while (!ready) {
  const line = await next();
  if (line.startsWith("{")) ready = JSON.parse(line);
}
console.log(`Room live at ${ready.joinUrl} (upload to encoded: ${ready.encodeSeconds.toFixed(1)} s).`);

// The page the link is clicked on: another origin, like a mail or a page builder's page.
const linkPage = createServer((request, response) => {
  response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  response.end(`<!doctype html><html lang="en"><title>Your link</title><a id="join" href="${ready.joinUrl}">Join the webinar</a></html>`);
});
await new Promise((resolve) => linkPage.listen(0, "127.0.0.1", resolve));
const linkUrl = `http://127.0.0.1:${linkPage.address().port}/`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});

/** One cold run: a fresh context, the link page, the click, then the first frame the video presents. */
async function once() {
  server.stdin.write("live\n");
  if ((await next()) !== "ok") throw new Error("the room server did not reset its clock");
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(linkUrl);
  // The first presented frame, from the room page's own clock (requestVideoFrameCallback where
  // there is one, else the first `timeupdate` past 0): a page script cannot see into the widget's
  // shadow root before it exists, so an observer on the room element waits for the video.
  await context.addInitScript(() => {
    const watch = (video) => {
      const done = () => (window.__firstFrame ??= performance.timeOrigin + performance.now());
      if ("requestVideoFrameCallback" in video) video.requestVideoFrameCallback(done);
      else video.addEventListener("timeupdate", () => video.currentTime > 0 && done());
    };
    const look = () => {
      const video = document.getElementById("cuepoint-room")?.shadowRoot?.querySelector("video");
      if (video && !video.__watched) {
        video.__watched = true;
        watch(video);
      }
      if (!window.__firstFrame) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  const clickedAt = await page.evaluate(() => {
    const at = performance.timeOrigin + performance.now();
    document.getElementById("join").click();
    return at;
  });
  await page.waitForURL(ready.joinUrl);
  const frameAt = await page.waitForFunction(() => window.__firstFrame, undefined, { timeout: 30_000 }).then((h) => h.jsonValue());
  // Where the time went: when each step's response had arrived, from the click.
  const steps = await page.evaluate(() => {
    const done = (test) => {
      const entry = performance.getEntriesByType("resource").find((e) => test(e.name));
      return entry ? performance.timeOrigin + entry.responseEnd : null;
    };
    const navigation = performance.getEntriesByType("navigation")[0];
    return {
      page: navigation ? performance.timeOrigin + navigation.responseEnd : null,
      "room.js": done((name) => /\/room\.js/.test(name)),
      snapshot: done((name) => /\/api\/public\/room\/[^/]+($|\?)/.test(name)),
      "room-hls.js": done((name) => /\/room-hls\.js/.test(name)),
      playlist: done((name) => /\.m3u8/.test(name)),
      "first segment": done((name) => /\.ts($|\?)/.test(name)),
    };
  });
  await context.close();
  const from = Object.fromEntries(Object.entries(steps).map(([step, at]) => [step, at === null ? null : at - clickedAt]));
  return { total: frameAt - clickedAt, steps: from };
}

try {
  console.log(`warm-up (untimed): ${(await once()).total.toFixed(0)} ms`);
  const samples = [];
  const stepSamples = {};
  for (let i = 0; i < RUNS; i++) {
    const { total, steps } = await once();
    samples.push(total);
    for (const [step, ms] of Object.entries(steps)) if (ms !== null) (stepSamples[step] ??= []).push(ms);
    const shown = Object.entries(steps).map(([step, ms]) => `${step} ${ms === null ? "—" : ms.toFixed(0)}`);
    console.log(`run ${i + 1}: ${total.toFixed(0)} ms   (${shown.join(", ")})`);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log("");
  console.log(`Link click → first video frame, loopback, Chromium cold (${RUNS} runs):`);
  console.log(`  median ${median.toFixed(0)} ms  (min ${sorted[0].toFixed(0)}, max ${sorted.at(-1).toFixed(0)})   goal ≤ ${GOAL_MS} ms   ${median <= GOAL_MS ? "met" : "NOT met"}`);
  const medianOf = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`  steps (median ms after the click, response in): ${Object.entries(stepSamples).map(([step, values]) => `${step} ${medianOf(values).toFixed(0)}`).join(", ")}`);
  console.log("  (the room page's JS before the video, gzip, hls.js excluded: bench/widgets-size.mjs)");
} finally {
  await browser.close();
  linkPage.close();
  server.stdin.end();
  await new Promise((resolve) => server.once("exit", resolve));
}
