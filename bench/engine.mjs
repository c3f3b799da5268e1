// The automation engine under load (issue 6, "Benchmarks"): 100k actions due within one minute,
// on PGlite and on a throwaway PostgreSQL 15 cluster. Prints actions/s and firing lateness
// (when the executor was called − when the action was due) p50/p99 beside the goals; asserts nothing.
//
//   node bench/engine.mjs                     both modes, both shapes
//   BENCH_MODES=postgres BENCH_ENGINE_ACTIONS=20000 node bench/engine.mjs
//
// Two shapes per mode, each on a fresh database seeded with one account, one event and 100k
// registrants with one scheduled action each (apps/server/src/engine/test-support/bench.run.ts):
//   - spread: due evenly over 60 s (1,667/s arrive): lateness says whether the engine keeps up;
//   - burst: all due at the same instant: actions/s is the engine's capacity.
// The executor only records when it was called, so the figures are the engine's own cost
// (scheduling table, pg-boss, delivery log, usage rows), not a vendor's.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { bounded, machineLine, mode, printTable, rerunUnderPostgres, serverDir } from "./server-harness.mjs";

const GOAL_RATE = 2000;
const GOAL_P99_MS = 1000;

/** Runs the inner benchmark once and answers its JSON line. */
function runOnce(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--conditions=@cuepoint/source", "src/engine/test-support/bench.run.ts"], {
      cwd: serverDir,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let result;
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (line.startsWith("{")) result = JSON.parse(line);
      else if (process.env.BENCH_VERBOSE) console.error(line);
    });
    child.on("exit", (code) => (code === 0 && result ? resolve(result) : reject(new Error(`bench.run.ts exited ${code}`))));
  });
}

async function measure() {
  const rows = [];
  for (const [shape, spread] of [
    ["spread 60 s", "60000"],
    ["burst", "0"],
  ]) {
    const r = await runOnce({ BENCH_ENGINE_SPREAD_MS: spread });
    rows.push([
      `${r.mode} · ${shape}`,
      `${r.carriedOut.toLocaleString("en-US")} / ${r.actions.toLocaleString("en-US")}`,
      `${r.actionsPerSecond.toLocaleString("en-US")}${shape === "burst" ? (r.actionsPerSecond >= GOAL_RATE ? " ✓" : " ✗") : ""}`,
      `${r.p50} ms`,
      `${r.p99} ms${shape.startsWith("spread") ? (r.p99 < GOAL_P99_MS ? " ✓" : " ✗") : ""}`,
      `${r.max} ms`,
      `${r.recordLagMs} ms`,
    ]);
  }
  printTable(["mode · shape", "carried out", "actions/s", "lateness p50", "p99", "max", "last outcome stored after"], rows);
}

await bounded(30 * 60_000, async () => {
  if (process.env.BENCH_POSTGRES_CHILD) {
    await measure();
    return;
  }
  console.log(machineLine());
  console.log(`Goals: ≥ ${GOAL_RATE.toLocaleString("en-US")} actions/s (burst) and lateness p99 < ${GOAL_P99_MS} ms (spread).`);
  const modes = (process.env.BENCH_MODES ?? "pglite,postgres").split(",");
  if (modes.includes("pglite")) {
    console.log(`\n${mode()}:`);
    await measure();
  }
  if (modes.includes("postgres")) {
    console.log("\npostgres:");
    if (!(await rerunUnderPostgres(fileURLToPath(import.meta.url), [], 20 * 60_000))) console.log("(skipped)");
  }
});
