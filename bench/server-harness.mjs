// Shared by the server benchmarks (leads-page.mjs, csv-import.mjs, server-upload.mjs): starts the
// real Cuepoint server (apps/server/src/index.ts, through tsx with the SDK's source condition, as
// `pnpm start` does) in a child process on 127.0.0.1, runs the database helper
// (apps/server/scripts/bench-db.ts), samples a child's RSS from /proc, re-runs a benchmark under a
// throwaway PostgreSQL 15 cluster (apps/server/scripts/with-postgres.sh), bounds everything in
// time and removes its temporary folders on the way out, even on Ctrl-C.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { availableParallelism, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

export const benchDir = fileURLToPath(new URL(".", import.meta.url));
export const repoRoot = resolve(benchDir, "..");
export const serverDir = join(repoRoot, "apps/server");
const TSX = ["--import", "tsx", "--conditions=@cuepoint/source"];

// A DATABASE_URL from the caller's shell is never used: the benchmarks write a million rows, so
// PostgreSQL mode always gets its own throwaway cluster (rerunUnderPostgres).
if (!process.env.BENCH_POSTGRES_CHILD && process.env.DATABASE_URL) {
  console.log("(DATABASE_URL is ignored: PostgreSQL mode starts its own throwaway cluster.)");
  delete process.env.DATABASE_URL;
}

/** The mode a benchmark runs in: `postgres` when re-run under with-postgres.sh (DATABASE_URL set). */
export const mode = () => (process.env.DATABASE_URL ? "postgres" : "pglite");

// ---- cleanup and time limits -------------------------------------------------------------------

const cleanups = [];
/** Registers `fn` to run (last in, first out) when the benchmark ends, fails or is interrupted. */
export const onCleanup = (fn) => cleanups.push(fn);
export async function cleanup() {
  while (cleanups.length > 0) await cleanups.pop()().catch((error) => console.error("cleanup:", error.message));
}
for (const signal of ["SIGINT", "SIGTERM"])
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up ...`);
    void cleanup().finally(() => process.exit(130));
  });

/**
 * Runs `main` with a deadline (ms): past it, everything started is stopped and removed and the
 * process exits 1. Always cleans up.
 */
export async function bounded(deadlineMs, main) {
  const timer = setTimeout(() => {
    console.error(`\nTime limit of ${deadlineMs / 1000} s reached: stopping.`);
    void cleanup().finally(() => process.exit(1));
  }, deadlineMs);
  try {
    await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    clearTimeout(timer);
    await cleanup();
  }
}

/** A temporary folder removed at cleanup. */
export async function tempDir(prefix) {
  const dir = await mkdtemp(join(tmpdir(), `cuepoint-bench-${prefix}-`));
  onCleanup(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

export function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
    probe.on("error", fail);
  });
}

/** The environment of a server-side child: the benchmark's database, nothing from pnpm's cwd. */
function childEnv(extra) {
  const env = { ...process.env, ...extra };
  delete env.INIT_CWD; // runtimeSettings() resolves relative folders from it; ours are absolute
  return env;
}

/** Waits for a child to exit, killing it after `ms`. Resolves its exit code (or signal). */
function exited(child, ms, what) {
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      fail(new Error(`${what} did not finish within ${ms / 1000} s`));
    }, ms);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      done(code ?? signal);
    });
  });
}

// ---- the database helper -----------------------------------------------------------------------

/**
 * Runs apps/server/scripts/bench-db.ts with `args` against the database in `env`; its progress
 * (stderr) is shown, its last stdout line is parsed as JSON. In PGlite mode the server must be
 * stopped (one process per data folder).
 */
export async function benchDb(args, env, timeoutMs = 600_000) {
  const child = spawn(process.execPath, [...TSX, "scripts/bench-db.ts", ...args], {
    cwd: serverDir,
    env: childEnv(env),
    stdio: ["ignore", "pipe", "inherit"],
  });
  onCleanup(async () => void child.kill("SIGKILL"));
  let out = "";
  child.stdout.on("data", (piece) => (out += piece));
  const code = await exited(child, timeoutMs, `bench-db ${args[0]}`);
  if (code !== 0) throw new Error(`bench-db ${args[0]} failed (${code}):\n${out}`);
  return JSON.parse(out.trim().split("\n").at(-1));
}

// ---- the server --------------------------------------------------------------------------------

/**
 * Starts `apps/server/src/index.ts` on a free port of 127.0.0.1 with `env` (CUEPOINT_DATA_DIR,
 * CUEPOINT_MEDIA_DIR, DATABASE_URL...), and answers once `GET /api/health` does. `stop()` sends
 * SIGTERM (the server closes its database) and waits.
 */
export async function startServer(env, timeoutMs = 120_000) {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS: extra Node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...extra, ...TSX, "src/index.ts"], {
    cwd: serverDir,
    env: childEnv({ ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    await exited(child, 30_000, "the server").catch(() => {});
  };
  onCleanup(stop);
  const lines = [];
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on("line", (line) => {
      lines.push(line);
      if (process.env.BENCH_VERBOSE) console.error(`[server] ${line}`);
    });
  const origin = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${lines.join("\n")}`);
    if (Date.now() - started > timeoutMs) throw new Error(`the server did not answer within ${timeoutMs / 1000} s`);
    const ok = await fetch(`${origin}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, pid: child.pid, port, origin, apiURL: `${origin}/api`, stop, log: lines };
}

// ---- memory ------------------------------------------------------------------------------------

/** A process's resident set (VmRSS) in bytes, from /proc; undefined once it is gone. */
/**
 * CPU seconds a process has used (user + system, from /proc): the server's CPU per operation
 * says what one costs even on a machine shared with other work, where wall-clock
 * figures mostly measure the load.
 */
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
}

export function rssOf(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples a process's VmRSS every `ms` until `stop()`, which answers `{ start, peak, samples }`. */
export function sampleRss(pid, ms = 50) {
  const start = rssOf(pid) ?? 0;
  let peak = start;
  let samples = 1;
  const timer = setInterval(() => {
    const rss = rssOf(pid);
    if (rss === undefined) return;
    samples += 1;
    if (rss > peak) peak = rss;
  }, ms);
  return {
    stop() {
      clearInterval(timer);
      const rss = rssOf(pid);
      if (rss !== undefined && rss > peak) peak = rss;
      return { start, peak, samples };
    },
  };
}

// ---- PostgreSQL mode ---------------------------------------------------------------------------

/**
 * Runs this benchmark again under apps/server/scripts/with-postgres.sh (a throwaway PostgreSQL 15
 * cluster on 127.0.0.1, deleted afterwards), passing `args`. Answers false when the script skipped
 * (PostgreSQL 15 not installed) — it says so itself.
 */
export async function rerunUnderPostgres(script, args = [], timeoutMs = 600_000) {
  if (!existsSync(join(serverDir, "scripts/with-postgres.sh"))) {
    console.log("PostgreSQL mode: apps/server/scripts/with-postgres.sh is missing: skipped.");
    return false;
  }
  const child = spawn("bash", ["scripts/with-postgres.sh", process.execPath, script, ...args], {
    cwd: serverDir,
    env: childEnv({ BENCH_POSTGRES_CHILD: "1" }),
    stdio: ["ignore", "pipe", "inherit"],
    detached: true, // its own process group, so that an early stop reaches the benchmark inside too
  });
  onCleanup(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // The group: the benchmark inside cleans up after itself, and with-postgres.sh's EXIT trap
    // stops and deletes the cluster.
    process.kill(-child.pid, "SIGTERM");
    await exited(child, 30_000, "the PostgreSQL run").catch(() => {});
  });
  let ran = false;
  createInterface({ input: child.stdout }).on("line", (line) => {
    if (line.startsWith("with-postgres: PostgreSQL 15 on")) ran = true;
    console.log(line);
  });
  const code = await exited(child, timeoutMs, "the PostgreSQL run");
  if (code !== 0) throw new Error(`the PostgreSQL run failed (${code})`);
  return ran;
}

// ---- figures -----------------------------------------------------------------------------------

/** Nearest-rank percentile of `values` (p in 0..100). */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1];
}

/** Prints rows of cells as a table with right-aligned columns after the first. */
export function printTable(header, rows) {
  const all = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i].length)));
  for (const [n, row] of all.entries()) {
    console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "));
    if (n === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
  }
}

export const MiB = 1024 * 1024;
export const mib = (bytes) => (bytes / MiB).toFixed(0);

/** The machine, for the record: Node, cores, load averages (a shared machine skews figures). */
export function machineLine() {
  const [one, five] = readFileSync("/proc/loadavg", "utf8").split(" ");
  return `Node ${process.version}, ${availableParallelism()} cores, load average ${one} (1 min) ${five} (5 min)`;
}

/** The SDK's build, imported from packages/sdk/dist (built first when missing). */
export async function loadSdk() {
  const dist = join(repoRoot, "packages/sdk/dist");
  if (!existsSync(join(dist, "index.js")) || !existsSync(join(dist, "upload/index.js"))) {
    console.log("building @cuepoint/sdk (dist/ missing) ...");
    const child = spawn("npx", ["tsup"], { cwd: join(repoRoot, "packages/sdk"), stdio: "inherit" });
    if ((await exited(child, 300_000, "the SDK build")) !== 0) throw new Error("the SDK build failed");
  }
  return { ...(await import("@cuepoint/sdk")), upload: await import("@cuepoint/sdk/upload") };
}

/** Logs in through the SDK client and answers a client carrying the session token. */
export async function loggedInClient(sdk, apiURL, email, password) {
  const anonymous = sdk.createClient({ apiURL });
  const { success: user } = await anonymous.session.login(email, password);
  const token = user.api_token;
  return { client: sdk.createClient({ apiURL, token }), token, user };
}
