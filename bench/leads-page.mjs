// Leads page at 1M registrants (issue 3, "Benchmarks"): p50/p99 latency of `GET /api/registrants`
// through the SDK client over HTTP, versus the same SQL run raw. Goal: API p99 ≤ 1.5× raw p99.
// Prints figures and ratios; asserts nothing.
//
//   node bench/leads-page.mjs            PGlite, then PostgreSQL 15 (if installed)
//   BENCH_MODES=pglite node bench/leads-page.mjs
//   BENCH_LEADS_ROWS=200000 BENCH_LEADS_ROUNDS=20 node bench/leads-page.mjs   (a quicker run)
//   BENCH_LEADS_VACUUM=0 ...   skip the VACUUM ANALYZE after seeding (what a PGlite server sees after
//                               a bulk import: PGlite runs no autovacuum)
//
// Per mode: a fresh database (PGlite in a temp folder, or a throwaway PostgreSQL 15 cluster from
// apps/server/scripts/with-postgres.sh — fsync off, as for the tests), one account with 1M
// registrants in one timeline, inserted with SQL `generate_series` by apps/server/scripts/bench-db.ts
// (through the server's own openDatabase and migrations, then VACUUM ANALYZE: PGlite has no
// autovacuum). Six cases, interleaved round by round: newest page, page 5, the middle page
// (offset 500,000), the banned filter, a common search word (1 in 40 leads), two words, a rare
// number (one lead).
//
// How the raw side is measured (honestly, for PGlite's one-process rule): bench-db.ts opens the
// database itself — the server is NOT running, as PGlite's data folder takes one process — runs
// `listLeads()` once per case through a drizzle logger on the same connection to capture the exact
// SQL text and parameters it sends (page keys + rows, and the count), then times that text sent
// straight to the driver (`client.query(text, params)`), both statements concurrently as listLeads
// runs them. No HTTP, no auth, no drizzle, no JSON. Then the server starts on the same data and the
// API side is timed from here: `client.leads.list({ page, filter })` over loopback HTTP, which adds
// the token check, drizzle, the wire mapping and JSON. Both sides get 3 warm-up rounds first. For
// PostgreSQL the raw side uses the same pool settings (10 connections) as the server.
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import {
  benchDb,
  bounded,
  loadSdk,
  loggedInClient,
  machineLine,
  mode,
  percentile,
  printTable,
  rerunUnderPostgres,
  startServer,
  tempDir,
} from "./server-harness.mjs";

const ROWS = Number(process.env.BENCH_LEADS_ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_LEADS_ROUNDS ?? 40);
const WARMUP = 3;
const VACUUM = process.env.BENCH_LEADS_VACUUM !== "0";
const GOAL = 1.5;
const EMAIL = "bench-leads@example.com";
const PASSWORD = "Bench-leads-1";

const middle = Math.max(1, Math.floor(ROWS / 20 / 2));
const CASES = [
  { name: "all, page 1", page: 1, filter: "all" },
  { name: "all, page 5", page: 5, filter: "all" },
  { name: `all, page ${middle} (middle)`, page: middle, filter: "all" },
  { name: "banned, page 1", page: 1, filter: "banned" },
  { name: 'search "olivia", page 2', page: 2, filter: "olivia" },
  { name: 'search "mia lopez"', page: 1, filter: "mia lopez" },
  { name: 'search "123456" (rare)', page: 1, filter: "123456" },
];

const ms = (value) => value.toFixed(1);

async function runMode() {
  const which = mode();
  console.log(`\n== Leads page, ${which}: ${ROWS.toLocaleString("en")} registrants, ${ROUNDS} rounds × ${CASES.length} cases ==`);
  console.log(machineLine());
  const dir = await tempDir("leads");
  const env = { CUEPOINT_DATA_DIR: `${dir}/data`, CUEPOINT_MEDIA_DIR: `${dir}/media` };

  const seeded = await benchDb(
    ["setup", "--email", EMAIL, "--password", PASSWORD, "--role", "admin", "--registrants", String(ROWS), ...(VACUUM ? [] : ["--no-vacuum"])],
    env,
    360_000,
  );
  console.log(
    `seeded ${seeded.registrants.toLocaleString("en")} registrants in ${seeded.seedSeconds.toFixed(1)} s ` +
      `(${Math.round(seeded.registrants / seeded.seedSeconds).toLocaleString("en")} rows/s), ` +
      (VACUUM ? `VACUUM ANALYZE ${seeded.vacuumSeconds.toFixed(1)} s` : "no VACUUM (BENCH_LEADS_VACUUM=0)"),
  );

  const raw = await benchDb(
    ["raw-leads", "--account", seeded.accountId, "--cases", JSON.stringify(CASES), "--rounds", String(ROUNDS), "--warmup", String(WARMUP)],
    env,
    300_000,
  );

  const sdk = await loadSdk();
  const server = await startServer(env);
  const { client } = await loggedInClient(sdk, server.apiURL, EMAIL, PASSWORD);
  const api = Object.fromEntries(CASES.map((c) => [c.name, []]));
  const totals = {};
  const once = async (c) => {
    const started = performance.now();
    const answer = await client.leads.list({ page: c.page, filter: c.filter });
    const took = performance.now() - started;
    totals[c.name] = { rows: answer.success.length, total: answer.total };
    return took;
  };
  for (let round = 0; round < WARMUP; round++) for (const c of CASES) await once(c);
  for (let round = 0; round < ROUNDS; round++) for (const c of CASES) api[c.name].push(await once(c));
  await server.stop();

  const rows = CASES.map((c) => {
    const [a, r] = [api[c.name], raw.samples[c.name]];
    const same = totals[c.name].total === raw.answers[c.name].total && totals[c.name].rows === raw.answers[c.name].rows;
    return [
      c.name,
      `${totals[c.name].rows}/${totals[c.name].total.toLocaleString("en")}${same ? "" : " (≠ raw!)"}`,
      ms(percentile(a, 50)),
      ms(percentile(a, 99)),
      ms(percentile(r, 50)),
      ms(percentile(r, 99)),
      `${(percentile(a, 99) / percentile(r, 99)).toFixed(2)}×`,
    ];
  });
  const allApi = Object.values(api).flat();
  const allRaw = Object.values(raw.samples).flat();
  const ratio = percentile(allApi, 99) / percentile(allRaw, 99);
  rows.push([
    `all ${allApi.length} calls`,
    "",
    ms(percentile(allApi, 50)),
    ms(percentile(allApi, 99)),
    ms(percentile(allRaw, 50)),
    ms(percentile(allRaw, 99)),
    `${ratio.toFixed(2)}×`,
  ]);
  console.log();
  printTable(["case (ms)", "rows/total", "API p50", "API p99", "raw p50", "raw p99", "p99 API/raw"], rows);
  const worst = Math.max(...CASES.map((c) => percentile(api[c.name], 99) / percentile(raw.samples[c.name], 99)));
  console.log(
    `\n${which}: API p99 / raw p99 = ${ratio.toFixed(2)}× over all calls (worst case ${worst.toFixed(2)}×); ` +
      `goal ≤ ${GOAL}×: ${ratio <= GOAL ? "met" : "MISSED"}`,
  );
  const overhead = percentile(allApi, 50) - percentile(allRaw, 50);
  console.log(`${which}: API p50 − raw p50 = ${overhead >= 0 ? "+" : "−"}${ms(Math.abs(overhead))} ms (HTTP, token check, drizzle, JSON; noise when negative)`);
}

const script = fileURLToPath(import.meta.url);
await bounded(15 * 60_000, async () => {
  if (process.env.BENCH_POSTGRES_CHILD) return runMode();
  const modes = (process.env.BENCH_MODES ?? "pglite,postgres").split(",");
  if (modes.includes("pglite")) await runMode();
  if (modes.includes("postgres") && !(await rerunUnderPostgres(script, [], 600_000)))
    console.log("PostgreSQL mode skipped (see the message above).");
});
