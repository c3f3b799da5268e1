// CSV import of 100k registrants (issue 3, "Benchmarks"): rows/s of `POST /api/registrants`
// through the SDK client (`client.leads.upload`) over loopback HTTP, with the Cuepoint server in a
// child process. Prints figures; asserts nothing (the issue sets no rows/s goal).
//
//   node bench/csv-import.mjs            PGlite, then PostgreSQL 15 (if installed)
//   BENCH_MODES=pglite BENCH_IMPORT_ROWS=20000 node bench/csv-import.mjs
//
// Per mode: a fresh database with one admin user carrying the `registrantUpload` feature and one
// timeline (apps/server/scripts/bench-db.ts). Three imports, each a generated CSV (email, first
// name, last name, phone, company: ~7 MB for 100k rows) timed from the call to the answer:
//   1. 100k new rows into the empty timeline (the import skips the existing-address lookup),
//   2. 100k other new rows into the same timeline (now each row is checked against 100k),
//   3. file 1 again: every row already there (all skipped).
// The server's RSS (VmRSS from /proc every 50 ms) is sampled during each import.
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import {
  benchDb,
  bounded,
  loadSdk,
  loggedInClient,
  machineLine,
  mib,
  mode,
  printTable,
  rerunUnderPostgres,
  sampleRss,
  startServer,
  tempDir,
} from "./server-harness.mjs";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const EMAIL = "bench-import@example.com";
const PASSWORD = "Bench-import-1";
const FIRST = ["Ava", "Liam", "Sofia", "Noah", "Mia", "Lucas", "Emma", "Oliver", "Amara", "Hiro", "Isabella", "Ethan"];
const LAST = ["Thompson", "Chen", "Garcia", "Williams", "Müller", "Martin", "Johansson", "Brown", "O'Neil", "Tanaka"];

/** A CSV of `rows` registrants whose addresses start with `tag` (so two files never overlap). */
function csvFile(tag, rows) {
  const lines = ["email,first name,last name,phone,company"];
  for (let i = 1; i <= rows; i++) {
    const first = FIRST[i % FIRST.length];
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
    const phone = i % 3 === 0 ? "" : `+1 (555) ${String(i % 10_000_000).padStart(7, "0")}`;
    const company = i % 7 === 0 ? `"Company ${i % 500}, Inc."` : `Company ${i % 500}`;
    lines.push(`${tag}.${first.toLowerCase()}.${i}@example${i % 97}.com,${first},${last},${phone},${company}`);
  }
  return new Blob([lines.join("\n") + "\n"], { type: "text/csv" });
}

async function runMode() {
  const which = mode();
  console.log(`\n== CSV import, ${which}: ${ROWS.toLocaleString("en")} rows per file ==`);
  console.log(machineLine());
  const dir = await tempDir("import");
  const env = { CUEPOINT_DATA_DIR: `${dir}/data`, CUEPOINT_MEDIA_DIR: `${dir}/media` };
  const { timelineId } = await benchDb(
    ["setup", "--email", EMAIL, "--password", PASSWORD, "--role", "admin", "--feature", "registrantUpload", "--timeline"],
    env,
  );
  const sdk = await loadSdk();
  const server = await startServer(env);
  const { client } = await loggedInClient(sdk, server.apiURL, EMAIL, PASSWORD);
  const first = csvFile("a", ROWS);
  const second = csvFile("b", ROWS);
  console.log(`file size: ${(first.size / 1024 / 1024).toFixed(1)} MiB per ${ROWS.toLocaleString("en")} rows`);
  const runs = [
    ["1. new rows, empty timeline", first],
    [`2. new rows, timeline holds ${ROWS / 1000}k`, second],
    ["3. file 1 again (all skipped)", first],
  ];
  const rows = [];
  for (const [name, csv] of runs) {
    const rss = sampleRss(server.pid);
    const started = performance.now();
    const { success: result } = await client.leads.upload({ webinarTimeline: timelineId, csv });
    const seconds = (performance.now() - started) / 1000;
    const { start, peak } = rss.stop();
    rows.push([
      name,
      result.imported.toLocaleString("en"),
      result.skipped.toLocaleString("en"),
      result.invalid,
      seconds.toFixed(2),
      Math.round(ROWS / seconds).toLocaleString("en"),
      `${mib(peak)} (+${mib(peak - start)})`,
    ]);
  }
  const { total } = await client.leads.list({ page: 1, filter: "all" });
  await server.stop();
  console.log();
  printTable(["import", "imported", "skipped", "invalid", "seconds", "rows/s", "server RSS MiB (peak, +over start)"], rows);
  console.log(`\n${which}: the account lists ${total.toLocaleString("en")} registrants after the imports.`);
}

const script = fileURLToPath(import.meta.url);
await bounded(15 * 60_000, async () => {
  if (process.env.BENCH_POSTGRES_CHILD) return runMode();
  const modes = (process.env.BENCH_MODES ?? "pglite,postgres").split(",");
  if (modes.includes("pglite")) await runMode();
  if (modes.includes("postgres") && !(await rerunUnderPostgres(script, [], 600_000)))
    console.log("PostgreSQL mode skipped (see the message above).");
});
