// Live on Cuepoint's own platform (issue 17): glass-to-glass latency of the live profile on loopback.
//
//   node bench/live-latency.mjs          (BENCH_LIVE_SECONDS=60)
//
// The server's own ingest and transcoder (apps/server/src/room/live: node-media-server's RTMP server →
// ffmpeg, 1 s segments, 6 listed) on 127.0.0.1; ffmpeg pushes the test pattern (testsrc2 640x360
// at 30 fps + a sine tone) in real time with the wall clock burnt into the frames (drawtext
// %{localtime}, to look at), as OBS would (x264 zerolatency, keyframe every 2 s).
//
// What is measured, per segment n of the room's playlist:
// - capture: when the segment's first frame was captured = the push's first byte + that frame's
//   source time (its PTS in the segment minus segment 0's: the pusher sends in real time, -re);
// - listed: when the segment first appears in the playlist (polled every 50 ms);
// - shown: when a player at the live edge shows it — hls.js as the room configures it
//   (liveSyncDurationCount 1: it plays the newest segment) reloads the playlist every target
//   duration (1 s), then fetches the segment (timed here from the store) and starts it.
// glass-to-glass = shown − capture. Printed p50/p95 beside the goal (≤ 6 s) and the anchors.
import { execFile, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";

const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 60);
const GOAL_MS = 6000;
const ANCHORS = ["standard HLS (6 s segments, 3 behind the edge): 25–30 s", "low-latency HLS: 2–6 s"];
const benchDir = fileURLToPath(new URL(".", import.meta.url));
const serverDir = resolve(benchDir, "../apps/server");
const run = promisify(execFile);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const loadavg = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

if (!process.env.BENCH_LIVE_CHILD) {
  // The server's TypeScript modules run through tsx with the SDK's source condition, as `pnpm start` does.
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=@cuepoint/source", fileURLToPath(import.meta.url)], {
    cwd: serverDir,
    env: { ...process.env, BENCH_LIVE_CHILD: "1" },
    stdio: "inherit",
  });
  child.once("exit", (code) => process.exit(code ?? 1));
} else {
  await main();
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function firstPts(file) {
  const { stdout } = await run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time", "-read_intervals", "%+#1", "-of", "csv=p=0", file]);
  return Number.parseFloat(stdout.trim().split("\n")[0] ?? "");
}

async function main() {
  const { startLiveIngest } = await import(join(serverDir, "src/room/live/ingest.ts"));
  const { startTranscoder, LIVE_PLAYLIST } = await import(join(serverDir, "src/room/live/transcoder.ts"));
  const dir = await mkdtemp(join(tmpdir(), "cuepoint-live-bench-"));
  const hlsDir = join(dir, "hls");
  await (await import("node:fs/promises")).mkdir(hlsDir);
  let firstByte = 0;
  let transcoder;
  const ingest = await startLiveIngest({
    host: "127.0.0.1",
    port: 0,
    log: () => undefined,
    accept: async (key) => {
      if (key !== "bench") return null;
      transcoder = startTranscoder("ffmpeg", hlsDir, join(dir, "recording.mp4"));
      return {
        write(flv) {
          if (!firstByte) firstByte = performance.now();
          transcoder.write(flv);
        },
        end: () => transcoder.end(),
      };
    },
  });
  const pusher = spawn(
    "ffmpeg",
    [
      ...["-hide_banner", "-loglevel", "error", "-nostdin", "-re"],
      ...["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30", "-f", "lavfi", "-i", "sine=frequency=440"],
      ...["-t", String(SECONDS), "-vf", "drawtext=text='%{localtime\\:%T}':fontcolor=white:fontsize=48:x=20:y=20:box=1:boxcolor=black"],
      ...["-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency", "-g", "60", "-pix_fmt", "yuv420p", "-c:a", "aac"],
      ...["-f", "flv", `rtmp://127.0.0.1:${ingest.port}/live/bench`],
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  const pushed = new Promise((done) => pusher.once("exit", done));
  const loadBefore = loadavg();

  // When each segment is first listed (poll 50 ms), and when a player reloading every 1 s since its start would see it.
  const listed = new Map();
  const probes = new Map();
  const shown = new Map();
  let playerStart = 0;
  let pushing = true;
  void pushed.then(() => (pushing = false));
  const playlist = join(hlsDir, LIVE_PLAYLIST);
  const segmentsIn = async () =>
    (await readFile(playlist, "utf8").catch(() => ""))
      .split("\n")
      .filter((line) => /^\d{5}\.ts$/.test(line))
      .map((line) => Number(line.slice(0, 5)));
  while (pushing) {
    const now = performance.now();
    const names = await segmentsIn();
    for (const n of names) {
      if (listed.has(n)) continue;
      listed.set(n, now);
      // Probed at once (not awaited): the window deletes a segment a few seconds after it leaves the list.
      probes.set(n, firstPts(join(hlsDir, `${String(n).padStart(5, "0")}.ts`)).catch(() => undefined));
    }
    if (names.length > 0 && !playerStart) playerStart = now;
    if (playerStart && Math.floor((now - playerStart) / 1000) !== Math.floor((now - 50 - playerStart) / 1000)) {
      // A playlist reload of the player (every target duration): it plays the newest segment it finds.
      const newest = names.at(-1);
      if (newest !== undefined && !shown.has(newest)) {
        const started = performance.now();
        await stat(join(hlsDir, `${String(newest).padStart(5, "0")}.ts`)).catch(() => undefined);
        const file = await readFile(join(hlsDir, `${String(newest).padStart(5, "0")}.ts`)).catch(() => undefined);
        if (file) shown.set(newest, { at: performance.now(), fetchMs: performance.now() - started });
      }
    }
    await sleep(50);
  }
  const loadAfter = loadavg();

  // Each shown segment's capture time: the push's first byte + its first frame's source time.
  const zero = await probes.get(0);
  const rows = [];
  for (const [n, { at }] of shown) {
    const pts = await probes.get(n);
    if (pts === undefined || zero === undefined) continue;
    const capture = firstByte + (pts - zero) * 1000;
    rows.push({ n, glass: at - capture, listed: (listed.get(n) ?? at) - capture });
  }
  transcoder?.end();
  await ingest.stop();
  await transcoder?.done;
  await rm(dir, { recursive: true, force: true });

  const glass = rows.map((row) => row.glass);
  const list = rows.map((row) => row.listed);
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`\nLive latency (issue 17): ${SECONDS} s of test pattern over RTMP on loopback, ${rows.length} segments shown (every newest at each 1 s reload)`);
  console.log(`profile: 1 s segments (keyframe every 1 s), 6 listed, libx264 veryfast zerolatency ≤ 720p; player: hls.js liveSyncDurationCount 1`);
  console.log(`capture → listed in the playlist: p50 ${s(percentile(list, 50))}, p95 ${s(percentile(list, 95))}`);
  console.log(`glass-to-glass (capture → shown by a player at the live edge): p50 ${s(percentile(glass, 50))}, p95 ${s(percentile(glass, 95))}  goal ≤ ${s(GOAL_MS)}: ${percentile(glass, 95) <= GOAL_MS ? "met" : "not met"}`);
  console.log(`anchors: ${ANCHORS.join("; ")}`);
  console.log(`load average before / after: ${loadBefore} / ${loadAfter}`);
}
