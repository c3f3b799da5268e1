// scratch probe (not committed): server-only and client-only throughput
import { createHash, randomUUID } from "node:crypto";
import { createReadStream, openAsBlob } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { benchDb, benchDir, bounded, loadSdk, loggedInClient, MiB, sampleRss, startServer, tempDir, onCleanup } from "./server-harness.mjs";
import { writeTestFile } from "./test-file.mjs";

const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * MiB;
const CHUNK = 100 * MiB;
await bounded(10 * 60_000, async () => {
  const dir = await tempDir("probe");
  const env = { CUEPOINT_DATA_DIR: join(dir, "data"), CUEPOINT_MEDIA_DIR: join(dir, "media") };
  await benchDb(["setup", "--email", "p@example.com", "--password", "Bench-upload-1", "--role", "admin"], env);
  const source = join(dir, "source.mp4");
  await writeTestFile(source, SIZE);
  const sums = [];
  for (let s = 0; s < SIZE; s += CHUNK) {
    const h = createHash("sha256");
    for await (const p of createReadStream(source, { start: s, end: Math.min(SIZE, s + CHUNK) - 1, highWaterMark: 4 * MiB })) h.update(p);
    sums.push(h.digest("hex"));
  }
  const sdk = await loadSdk();
  const server = process.env.PROF ? await (async () => {
    const { spawn } = await import("node:child_process");
    const port = 40000 + Math.floor(Math.random() * 1000);
    const child = spawn(process.execPath, ["--cpu-prof", "--cpu-prof-dir=/tmp/up-bench/prof", "--import", "tsx", "--conditions=@cuepoint/source", "src/index.ts"], { cwd: join(benchDir, "../apps/server"), env: { ...process.env, ...env, PORT: String(port) }, stdio: "inherit" });
    onCleanup(async () => { child.kill("SIGTERM"); await new Promise((r) => child.once("exit", r)); });
    for (;;) { if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) break; await new Promise((r) => setTimeout(r, 200)); }
    return { pid: child.pid, apiURL: `http://127.0.0.1:${port}/api` };
  })() : await startServer(env);
  const { token } = await loggedInClient(sdk, server.apiURL, "p@example.com", "Bench-upload-1");
  for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++) {
    // raw: precomputed checksums, body piped from the file
    const fileId = randomUUID();
    const rss = sampleRss(server.pid);
    const t0 = performance.now();
    for (let i = 0, s = 0; s < SIZE; i++, s += CHUNK) {
      const e = Math.min(SIZE, s + CHUNK);
      const b = "----probe" + i;
      const f = { fileId, userId: "x", isLast: String(e === SIZE), name: "p.mp4", mime: "", start: s, position: e, index: i, size: SIZE, checksum: sums[i] };
      const head = Object.entries(f).map(([k, v]) => `--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join("") +
        `--${b}\r\nContent-Disposition: form-data; name="file"; filename="p.mp4"\r\nContent-Type: application/octet-stream\r\n\r\n`;
      const tail = `\r\n--${b}--\r\n`;
      const status = await new Promise((done, fail) => {
        const req = request(`${server.apiURL}/upload/chunk`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${b}`, "content-length": Buffer.byteLength(head) + (e - s) + Buffer.byteLength(tail) } }, (res) => { res.resume(); res.on("end", () => done(res.statusCode)); });
        req.on("error", fail);
        req.write(head);
        const rs = createReadStream(source, { start: s, end: e - 1, highWaterMark: 1 * MiB });
        rs.on("data", (d) => { if (!req.write(d)) { rs.pause(); req.once("drain", () => rs.resume()); } });
        rs.on("end", () => req.end(tail));
      });
      if (status !== 200) throw new Error(`status ${status}`);
    }
    const secs = (performance.now() - t0) / 1000;
    console.log(`raw client → server: ${(SIZE / MiB / secs).toFixed(0)} MiB/s, server peak RSS ${(rss.stop().peak / MiB).toFixed(0)} MiB`);
    const u = sdk.upload.createUploader({ endpoint: `${server.apiURL}/upload/chunk`, userId: "x", token, chunkSize: CHUNK });
    const t1 = performance.now();
    const [item] = u.add({ blob: await openAsBlob(source), name: "q.mp4" });
    await u.done(item.uuid);
    const s2 = (performance.now() - t1) / 1000;
    console.log(`SDK client → server: ${(SIZE / MiB / s2).toFixed(0)} MiB/s`);
    u.destroy();
  }
  // SDK client → simple loopback server (upload-server.mjs)
  const child = spawn(process.execPath, [join(benchDir, "upload-server.mjs"), dir], { stdio: ["ignore", "pipe", "inherit"] });
  onCleanup(async () => void child.kill());
  const { value } = await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
  const port = JSON.parse(value).port;
  for (let round = 0; round < 2; round++) {
    const u = sdk.upload.createUploader({ endpoint: `http://127.0.0.1:${port}/upload/chunk`, userId: "x", chunkSize: CHUNK });
    const t1 = performance.now();
    const [item] = u.add({ blob: await openAsBlob(source), name: "q.mp4" });
    await u.done(item.uuid);
    console.log(`SDK client → upload-server.mjs: ${(SIZE / MiB / ((performance.now() - t1) / 1000)).toFixed(0)} MiB/s (includes its final re-hash)`);
    u.destroy();
  }
});
