#!/usr/bin/env node
// Everything CI runs (`pnpm test`, which `.ci/run` calls), stage by stage, each timed; at the end a
// table of the stages' wall times, also when a stage fails (the run stops at the first failure and
// exits with its code).
//
// The dashboard's browser suite waits on its browser and server far more than it computes (about
// 0.4 of a core), so it runs in a lane of its own beside the other packages' suites, which run one
// after another in the second lane; everything else runs alone. The table shows both lanes' stages
// and the wall time of the run.
//   node scripts/test.mjs              every stage
//   node scripts/test.mjs lint sdk     only the named stages (by prefix), one after another
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const pnpm = ["npx", "-y", "pnpm@10.34.8"];
const filter = (name, ...script) => [...pnpm, "--filter", name, ...script];

/** A stage: its name and one command line, run from the repository root. */
const stage = (name, command) => ({ name, command });
const PLAN = [
  stage("typecheck", [...pnpm, "-r", "--parallel", "typecheck"]),
  stage("lint", [...pnpm, "lint"]),
  stage("system", ["bash", "scripts/ensure-system.sh"]),
  // embed.js and room.js, which the widgets', the server's and the dashboard's browser tests load.
  stage("widget scripts", ["bash", "-c", "cd packages/widgets && node scripts/build-embed.mjs && node scripts/build-room.mjs"]),
  {
    lanes: [
      [stage("dashboard", filter("@cuepoint/dashboard", "test"))],
      [
        stage("sdk", filter("@cuepoint/sdk", "test")),
        stage("widgets", filter("@cuepoint/widgets", "exec", "vitest", "run")),
        stage("server (PGlite)", filter("@cuepoint/server", "test:pglite")),
        stage("server (PostgreSQL)", filter("@cuepoint/server", "test:postgres")),
      ],
    ],
  },
  stage("pack", [...pnpm, "test:pack"]),
];

const results = [];
const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/** Runs one stage; with `prefix`, its output lines are prefixed with it (two lanes write at once). */
function run({ name, command }, prefix) {
  const [bin, ...args] = command;
  console.log(`\n── ${name}: ${command.join(" ")}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(bin, args, {
      cwd: root,
      env: { ...process.env, CI: process.env.CI ?? "1" },
      stdio: prefix ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    if (prefix) {
      for (const stream of [child.stdout, child.stderr]) {
        createInterface({ input: stream }).on("line", (line) => console.log(`[${prefix}] ${line}`));
      }
    }
    child.on("exit", (code, signal) => {
      const result = { name, ms: Date.now() - started, code: code ?? (signal ? 1 : 0), lane: prefix };
      results.push(result);
      console.log(`── ${name}: ${result.code === 0 ? "ok" : `failed (${result.code})`} in ${seconds(result.ms)}`);
      resolve(result.code);
    });
  });
}

/** Runs a lane's stages one after another; stops at the first failure. */
async function runLane(lane) {
  for (const step of lane) {
    const code = await run(step, step.name);
    if (code !== 0) return code;
  }
  return 0;
}

function report(startedAt) {
  console.log("\nStage timings (wall clock; the lanes ran side by side):");
  for (const r of results) {
    console.log(`  ${(r.lane ? `${r.name} (beside the other lane)` : r.name).padEnd(40)} ${seconds(r.ms).padStart(7)}  ${r.code === 0 ? "ok" : `failed (${r.code})`}`);
  }
  const wall = Date.now() - startedAt;
  console.log(`  ${"whole run".padEnd(40)} ${seconds(wall).padStart(7)}  (${(wall / 60000).toFixed(1)} min)`);
}

const startedAt = Date.now();
const wanted = process.argv.slice(2);
let code = 0;
if (wanted.length) {
  const all = PLAN.flatMap((step) => (step.lanes ? step.lanes.flat() : [step]));
  for (const step of all.filter((s) => wanted.some((w) => s.name.startsWith(w)))) {
    code = await run(step);
    if (code !== 0) break;
  }
} else {
  for (const step of PLAN) {
    code = step.lanes
      ? (await Promise.all(step.lanes.map(runLane))).find((c) => c !== 0) ?? 0
      : await run(step);
    if (code !== 0) break;
  }
}
report(startedAt);
process.exit(code);
