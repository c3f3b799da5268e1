// 1 GiB chunk upload to the Cuepoint server (issue 3, "Benchmarks"): MiB/s of the SDK uploader
// (Node, the file added with the SDK's `fileFromPath`, so read from disk 1 MiB at a time, 100 MB chunks, each chunk's SHA-256 computed by the client as it sends it and verified by
// the server as it writes the chunk in place at its offset; the last chunk completes the file with
// a rename)
// to the real server's `POST /api/upload/chunk`, side by side in the same run with tus-js-client →
// @tus/server + @tus/file-store on the same disk. Goal: Cuepoint MiB/s ≥ 1.0× tus. Also the
// Cuepoint server's peak RSS (VmRSS from /proc every 50 ms) and its increase over its RSS before
// the upload (the embedded PGlite alone is large). Prints figures and ratios; asserts nothing.
//
//   node bench/server-upload.mjs                     PGlite (the default server): 1 warm-up upload each way, then 5 rounds
//   BENCH_ROUNDS=3 BENCH_UPLOAD_MB=512 node bench/server-upload.mjs
//   CUEPOINT_UPLOAD_ENTRY=path/to/upload.js node bench/server-upload.mjs   another build of the uploader
//
// Setup: a temp folder with the server's data and media store, an admin user (unlimited storage),
// one 1 GiB file of random-ish bytes (a random MiB stamped with its offset, as upload-node.mjs).
// Both servers are child processes on 127.0.0.1 writing into the same temp folder; each upload's
// client runs in a fresh process of its own (this script with `--client`: neither client's heap,
// nor the verifying hashes here, weigh on the other), one upload at a time, alternating which goes
// first each round; the time is the client's, from adding the file to the last reply. tus-js-client reads the
// file from disk (fs.ReadStream source) with the same 100 MiB `chunkSize` (one PATCH per chunk),
// and, last, once with its default (the whole file in one PATCH). @tus/server verifies no checksum
// (it has no checksum extension); the Cuepoint server hashes every byte it stores. After each
// upload (outside the timing) the stored file is hashed here and compared with the source.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, openAsBlob, readFileSync } from "node:fs";
import { mkdir, readdir, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Upload } from "tus-js-client";
import {
  benchDb,
  benchDir,
  bounded,
  loadSdk,
  loggedInClient,
  machineLine,
  MiB,
  mib,
  onCleanup,
  printTable,
  sampleRss,
  startServer,
  tempDir,
} from "./server-harness.mjs";
import { writeTestFile } from "./test-file.mjs";

const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * MiB;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Untimed uploads each way before the rounds (JIT, first-use allocations, the page cache's first pages). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const CHUNK = 100 * MiB; // the SDK's UPLOAD_CHUNK_SIZE
const GOAL = 1.0;
const EMAIL = "bench-upload@example.com";
const signed = (bytes) => `${bytes < 0 ? "-" : "+"}${mib(Math.abs(bytes))}`;
const PASSWORD = "Bench-upload-1";

/** CPU seconds (user + system) a process has used so far, from /proc (clock ticks of 1/100 s). */
function cpuOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds of process `pid` (a server) from now until `stop()`. */
function cpuMeter(pid) {
  const start = cpuOf(pid);
  return { stop: () => cpuOf(pid) - start };
}

/** CPU seconds of this process so far. */
const ownCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

async function sha256OfFile(path) {
  const hash = createHash("sha256");
  for await (const piece of createReadStream(path, { highWaterMark: 4 * MiB })) hash.update(piece);
  return hash.digest("hex");
}

/**
 * Before each upload, outside the timing: `sync`, so that no upload starts while the kernel is
 * still writing back (or throttling on) the previous one's dirty pages.
 */
async function settle() {
  const child = spawn("sync", { stdio: "ignore" });
  await new Promise((done) => child.once("exit", done));
}

async function startTus(dir) {
  await mkdir(dir, { recursive: true });
  const child = spawn(process.execPath, [join(benchDir, "tus-server.mjs"), dir], { stdio: ["ignore", "pipe", "inherit"] });
  onCleanup(async () => void child.kill("SIGTERM"));
  const { value } = await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
  return { pid: child.pid, endpoint: `http://127.0.0.1:${JSON.parse(value).port}/files` };
}

/**
 * In a client process: one upload through the SDK uploader. Answers seconds, this process's CPU
 * seconds, the full chunks' pace and what the last chunk took beyond it, and the reply.
 */
async function cuepointClient({ apiURL, token, userId, source }) {
  const sdk = await loadSdk();
  // Another build of the upload entry (e.g. one made from the source being changed), as upload-node.mjs.
  if (process.env.CUEPOINT_UPLOAD_ENTRY) sdk.upload = await import(pathToFileURL(resolve(process.env.CUEPOINT_UPLOAD_ENTRY)).href);
  const uploader = sdk.upload.createUploader({ endpoint: `${apiURL}/upload/chunk`, userId, token, chunkSize: CHUNK });
  // When the server acknowledged each chunk (the uploader reports the bytes the server holds).
  const marks = [];
  uploader.on("progress", ({ status }) => {
    const boundary = status.uploaded % CHUNK === 0 || status.uploaded === SIZE;
    if (boundary && marks.at(-1)?.bytes !== status.uploaded) marks.push({ bytes: status.uploaded, at: performance.now() });
  });
  const cpu = ownCpu();
  const started = performance.now();
  // The file as the SDK's Node users add it: `fileFromPath` (read from disk 1 MiB at a time);
  // an uploader build without it (CUEPOINT_UPLOAD_ENTRY) gets Node's `openAsBlob`.
  const blob = sdk.upload.fileFromPath ? await sdk.upload.fileFromPath(source) : await openAsBlob(source);
  const [item] = uploader.add({ blob, name: "bench.mp4" });
  const result = await uploader.done(item.uuid);
  const seconds = (performance.now() - started) / 1000;
  const client = ownCpu() - cpu;
  // Full chunks' pace, and what the last chunk took beyond that pace for its size: the server's
  // last-chunk work (completing the file: a rename, the rows).
  const steps = marks.map((mark, i) => ({ bytes: mark.bytes - (marks[i - 1]?.bytes ?? 0), ms: mark.at - (marks[i - 1]?.at ?? started) }));
  const full = steps.slice(0, -1).filter((step) => step.bytes === CHUNK).map((step) => step.ms / step.bytes);
  const perByte = full.sort((a, b) => a - b)[Math.floor(full.length / 2)] ?? NaN;
  const last = steps.at(-1);
  const tail = last ? (last.ms - last.bytes * perByte) / 1000 : NaN;
  uploader.destroy();
  return { seconds, client, tail, chunkRate: 1000 / perByte / MiB, result };
}

/**
 * Runs one upload in a client process of its own (`--client`), so that neither client's memory
 * and heap state (nor the verifying hashes here) weigh on the other's figures; answers its report.
 */
async function inClient(job) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), "--client", JSON.stringify(job)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  onCleanup(async () => void child.kill("SIGKILL"));
  let out = "";
  child.stdout.on("data", (piece) => (out += piece));
  const code = await new Promise((done) => child.once("exit", done));
  if (code !== 0) throw new Error(`the ${job.kind} client failed (${code}):\n${out}`);
  return JSON.parse(out.trim().split("\n").at(-1));
}

/** `job` run by `inClient`, with the RSS and CPU seconds of the server `pid` meanwhile. */
async function measured(pid, job) {
  const rss = sampleRss(pid);
  const cpu = cpuMeter(pid);
  const report = await inClient(job);
  return { report, memory: rss.stop(), used: { client: report.client, server: cpu.stop() } };
}

/** One upload through the SDK uploader (in its own process); answers seconds, CPU and the server's RSS. */
async function cuepointUpload(server, token, userId, source, mediaDir, expected) {
  const { report, memory, used } = await measured(server.pid, { kind: "cuepoint", apiURL: server.apiURL, token, userId, source });
  const { result } = report;
  if (typeof result !== "object" || !result?.uniqueID) throw new Error(`the upload did not complete: ${JSON.stringify(result)}`);
  const [name] = (await readdir(mediaDir)).filter((entry) => entry.startsWith(String(result.uniqueID)));
  if (!name) throw new Error(`no stored file for ${result.uniqueID} in ${mediaDir}`);
  const stored = join(mediaDir, name);
  const sha = await sha256OfFile(stored);
  if (sha !== expected) throw new Error(`the stored file differs: ${sha} != ${expected}`);
  await rm(stored); // the database row stays; the admin's storage is unlimited
  return { seconds: report.seconds, memory, tail: report.tail, chunkRate: report.chunkRate, cpu: used };
}

/** In a client process: one upload through tus-js-client. Answers seconds, CPU seconds and its URL. */
async function tusClient({ endpoint, source, chunkSize, readBytes }) {
  const cpu = ownCpu();
  const started = performance.now();
  const url = await new Promise((done, fail) => {
    const upload = new Upload(createReadStream(source, readBytes ? { highWaterMark: readBytes } : {}), {
      endpoint,
      ...(chunkSize ? { chunkSize } : {}),
      uploadSize: SIZE,
      retryDelays: [0, 1000, 3000],
      metadata: { filename: "bench.mp4", filetype: "video/mp4" },
      onError: fail,
      onSuccess: () => done(upload.url),
    });
    upload.start();
  });
  return { seconds: (performance.now() - started) / 1000, client: ownCpu() - cpu, url };
}

/** One upload through tus-js-client (in its own process); answers seconds, CPU and the tus server's RSS. */
async function tusUpload(tus, tusDir, source, expected, chunkSize, readBytes) {
  const { report, memory, used } = await measured(tus.pid, { kind: "tus", endpoint: tus.endpoint, source, chunkSize, readBytes });
  const stored = join(tusDir, report.url.split("/").at(-1));
  const sha = await sha256OfFile(stored);
  if (sha !== expected) throw new Error(`tus stored file differs: ${sha} != ${expected}`);
  await rm(stored);
  await rm(`${stored}.json`, { force: true });
  return { seconds: report.seconds, memory, cpu: used };
}

// A client process (see `inClient`): one upload, its report as the last line of stdout.
if (process.argv[2] === "--client") {
  const job = JSON.parse(process.argv[3]);
  const report = job.kind === "tus" ? await tusClient(job) : await cuepointClient(job);
  console.log(JSON.stringify(report));
  process.exit(0);
}

await bounded(15 * 60_000, async () => {
  console.log(`\n== Server upload: ${mib(SIZE)} MiB, ${CHUNK / MiB} MiB chunks, ${ROUNDS} rounds ==`);
  console.log(machineLine());
  const dir = await tempDir("upload");
  const media = join(dir, "media");
  const env = { CUEPOINT_DATA_DIR: join(dir, "data"), CUEPOINT_MEDIA_DIR: media };
  const { accountId } = await benchDb(["setup", "--email", EMAIL, "--password", PASSWORD, "--role", "admin"], env);
  const source = join(dir, "source.mp4");
  const expected = await writeTestFile(source, SIZE);

  const sdk = await loadSdk();
  // Another build of the upload entry (e.g. one made from the source being changed), as upload-node.mjs.
  if (process.env.CUEPOINT_UPLOAD_ENTRY) sdk.upload = await import(pathToFileURL(resolve(process.env.CUEPOINT_UPLOAD_ENTRY)).href);
  // What the uploader does before sending each chunk, alone: SHA-256 of every 100 MiB slice.
  const blob = await openAsBlob(source);
  const hashStarted = performance.now();
  for (let start = 0; start < SIZE; start += CHUNK) await sdk.upload.sha256Hex(blob.slice(start, start + CHUNK));
  const hashSeconds = (performance.now() - hashStarted) / 1000;
  const server = await startServer(env);
  const { token, user } = await loggedInClient(sdk, server.apiURL, EMAIL, PASSWORD);
  const tusDir = join(dir, "tus");
  const tus = await startTus(tusDir);
  const cuepointStart = sampleRss(server.pid).stop().start;
  const tusStart = sampleRss(tus.pid).stop().start;

  for (let i = 0; i < WARMUP; i++) {
    await settle();
    await cuepointUpload(server, token, user.id, source, join(media, accountId), expected);
    await settle();
    await tusUpload(tus, tusDir, source, expected, CHUNK);
  }
  if (WARMUP > 0) console.log(`(${WARMUP} untimed upload${WARMUP > 1 ? "s" : ""} each way first: warm-up)`);

  const rows = [];
  const ratios = [];
  const tails = [];
  const chunkRates = [];
  const cpuRows = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const order = round % 2 === 1 ? ["cuepoint", "tus"] : ["tus", "cuepoint"];
    const results = {};
    for (const which of order) {
      await settle();
      results[which] =
        which === "cuepoint"
          ? await cuepointUpload(server, token, user.id, source, join(media, accountId), expected)
          : await tusUpload(tus, tusDir, source, expected, CHUNK);
    }
    const [c, t] = [results.cuepoint, results.tus];
    const ratio = t.seconds / c.seconds;
    ratios.push(ratio);
    tails.push(c.tail);
    chunkRates.push(c.chunkRate);
    const speed = (r) => (SIZE / MiB / r.seconds).toFixed(0);
    rows.push([`round ${round} (${order[0]} first)`, speed(c), speed(t), `${ratio.toFixed(2)}×`,
      `${mib(c.memory.peak)} (${signed(c.memory.peak - cuepointStart)})`, `${mib(t.memory.peak)} (${signed(t.memory.peak - tusStart)})`]);
    const cpu = (r) => `${r.cpu.client.toFixed(1)} + ${r.cpu.server.toFixed(1)}`;
    cpuRows.push([`round ${round}`, c.seconds.toFixed(1), cpu(c), t.seconds.toFixed(1), cpu(t)]);
  }
  await settle();
  const single = await tusUpload(tus, tusDir, source, expected, undefined);
  // For the record: tus-js-client fed by a ReadStream reading 1 MiB at a time (its documented
  // `fs.createReadStream(path)` reads 64 KiB), as the SDK's `fileFromPath` reads.
  await settle();
  const bigReads = await tusUpload(tus, tusDir, source, expected, CHUNK, MiB);
  await server.stop();

  console.log();
  printTable(["upload, MiB/s", "Cuepoint", "tus", "Cuepoint/tus", "Cuepoint RSS MiB peak (+over start)", "tus RSS MiB peak (+over start)"], rows);
  console.log();
  printTable(["CPU seconds", "Cuepoint wall", "Cuepoint client + server CPU", "tus wall", "tus client + server CPU"], cpuRows);
  const median = [...ratios].sort((a, b) => a - b)[Math.floor((ratios.length - 1) / 2)];
  console.log(`\ntus-js-client default chunkSize (one PATCH for the whole file): ${(SIZE / MiB / single.seconds).toFixed(0)} MiB/s, tus RSS peak ${mib(single.memory.peak)} MiB`);
  console.log(
    `tus-js-client, 100 MiB chunks, ReadStream with 1 MiB reads (highWaterMark): ${(SIZE / MiB / bigReads.seconds).toFixed(0)} MiB/s ` +
      `(client + server CPU ${bigReads.cpu.client.toFixed(1)} + ${bigReads.cpu.server.toFixed(1)} s)`,
  );
  console.log(
    `Cuepoint time, split: full 100 MiB chunks went at ${chunkRates.map((r) => r.toFixed(0)).join(", ")} MiB/s (median, ` +
      `from the previous answer to this chunk's); the last chunk took ${tails.map((t) => t.toFixed(1)).join(", ")} s more than ` +
      `that pace (the server completing the file: a rename, reading the media length, ` +
      `writing rows); the client's SHA-256 of all chunks alone takes ${hashSeconds.toFixed(1)} s (in Node the uploader ` +
      `hashes each chunk as it sends it, reading it once: no separate pass is on the clock).`,
  );
  console.log(`servers' RSS at start (running, logged in, before any upload): Cuepoint ${mib(cuepointStart)} MiB, tus ${mib(tusStart)} MiB`);
  console.log(
    `Cuepoint/tus throughput: ${ratios.map((r) => r.toFixed(2)).join(", ")} (median ${median.toFixed(2)}×); ` +
      `goal ≥ ${GOAL.toFixed(1)}×: ${median >= GOAL ? "met" : "MISSED"}`,
  );
});
