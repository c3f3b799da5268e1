// Upload benchmark: throughput and client memory of @cuepoint/sdk/upload in Node.
//
//   node bench/upload-node.mjs
//
// Writes a 1 GiB and a 2 GiB file of random-ish bytes into bench/.tmp/, uploads each with the
// default 100 MB chunks to a loopback chunk server running in a child process (upload-server.mjs,
// which writes to disk), and prints MiB/s and the client's peak RSS (sampled every 50 ms) for each
// size. Goal: peak RSS ≤ 100 MB, and flat when the file doubles. Needs the built SDK
// (packages/sdk/dist); set CUEPOINT_UPLOAD_ENTRY to import another build of the upload entry,
// BENCH_CHUNK_MB to try another chunk size, and BENCH_SOURCE=blob to add the file as Node's
// `fs.openAsBlob` (read through Blob.stream()) instead of the SDK's `fileFromPath` (read from disk).
import { spawn } from "node:child_process";
import { existsSync, openAsBlob } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { clearInterval, setInterval } from "node:timers";
import { fileURLToPath, pathToFileURL } from "node:url";
import { writeTestFile } from "./test-file.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const entry = resolve(here, process.env.CUEPOINT_UPLOAD_ENTRY ?? "../packages/sdk/dist/upload/index.js");
if (!existsSync(entry)) {
  console.error(`No build of the upload entry at ${entry}.\nBuild it first: pnpm --filter @cuepoint/sdk build`);
  process.exit(1);
}
const { createUploader, fileFromPath, UPLOAD_CHUNK_SIZE } = await import(pathToFileURL(entry).href);
const fromDisk = process.env.BENCH_SOURCE !== "blob" && typeof fileFromPath === "function";
const open = (path) => (fromDisk ? fileFromPath(path) : openAsBlob(path));

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const GOAL_BYTES = 100 * MiB; // "100 MB" as UPLOAD_CHUNK_SIZE counts it
const SI_GOAL_BYTES = 100e6; // "100 MB" read strictly: 95.4 MiB
const chunkSize = Number(process.env.BENCH_CHUNK_MB) * MiB || UPLOAD_CHUNK_SIZE;
const tmp = join(here, ".tmp");
const mib = (bytes) => (bytes / MiB).toFixed(0);

async function startServer() {
  const child = spawn(process.execPath, [join(here, "upload-server.mjs"), tmp], { stdio: ["ignore", "pipe", "inherit"] });
  const [line] = await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next().then((r) => [r.value]);
  return { child, endpoint: `http://127.0.0.1:${JSON.parse(line).port}/upload/chunk` };
}

async function run(endpoint, size, baseline) {
  const path = join(tmp, `bench-${size / GiB}GiB.mp4`);
  const expected = await writeTestFile(path, size);
  globalThis.gc?.();
  let peak = process.memoryUsage().rss;
  let buffers = 0; // bytes in ArrayBuffers, live or awaiting collection
  const sample = () => {
    const { rss, arrayBuffers } = process.memoryUsage();
    peak = Math.max(peak, rss);
    buffers = Math.max(buffers, arrayBuffers);
  };
  const sampler = setInterval(sample, 50);
  const uploader = createUploader({ endpoint, userId: "bench", chunkSize });
  const started = performance.now();
  const [item] = uploader.add({ blob: await open(path), name: "bench.mp4" });
  const result = await uploader.done(item.uuid);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  sample();
  uploader.destroy();
  await rm(path);
  if (result.sha256 !== expected) throw new Error(`assembled file differs: ${result.sha256} != ${expected}`);
  return { size, seconds, mibPerSecond: size / MiB / seconds, peak, increase: peak - baseline, buffers };
}

await mkdir(tmp, { recursive: true });
const { child, endpoint } = await startServer();
try {
  console.log(`chunk size ${chunkSize / MiB} MiB, Node ${process.version}, ${entry}, file added with ${fromDisk ? "fileFromPath" : "fs.openAsBlob"}`);
  const baseline = process.memoryUsage().rss;
  console.log(`client RSS before any upload (Node, the SDK, this script): ${mib(baseline)} MiB`);
  const results = [];
  for (const size of [GiB, 2 * GiB]) {
    const r = await run(endpoint, size, baseline);
    results.push(r);
    console.log(
      `${size / GiB} GiB: ${r.mibPerSecond.toFixed(0)} MiB/s (${r.seconds.toFixed(1)} s); client peak RSS ` +
        `${mib(r.peak)} MiB (+${mib(r.increase)} MiB over the baseline; ArrayBuffers peak ${mib(r.buffers)} MiB)`,
    );
  }
  const [one, two] = results;
  const ratio = two.peak / one.peak;
  const maxRSS = process.resourceUsage().maxRSS * 1024;
  console.log(`peak RSS 2 GiB / 1 GiB: ${ratio.toFixed(2)}; process max RSS (kernel): ${mib(maxRSS)} MiB`);
  const highest = Math.max(one.peak, two.peak, maxRSS);
  const withinGoal = highest <= GOAL_BYTES;
  const increaseWithinGoal = Math.max(one.increase, two.increase) <= GOAL_BYTES;
  const flat = ratio <= 1.1;
  console.log(
    `goal peak RSS ≤ 100 MB: ${withinGoal ? "met" : "MISSED"} ` +
      `(as 10^8 bytes, ${mib(SI_GOAL_BYTES)} MiB: ${highest <= SI_GOAL_BYTES ? "met" : "MISSED"}) ` +
      `(increase over the baseline ≤ 100 MB: ${increaseWithinGoal ? "met" : "MISSED"}); ` +
      `flat when the file doubles: ${flat ? "yes" : "NO"}`,
  );
} finally {
  child.kill();
  await rm(tmp, { recursive: true, force: true });
}
