// Scheduling many registrants at once (the CSV import's engine half): rows/s of `importLeadsCsv`
// into a timeline with one upcoming event and 0 or N ready actions, and jobs/s of
// `scheduleRegistrants` alone. In process (no HTTP, no child server): the figures are the import's
// and the scheduler's own cost. Prints figures; asserts nothing.
//
//   node bench/engine-schedule.mjs                                   PGlite (in memory), 20k rows
//   BENCH_IMPORT_ROWS=50000 BENCH_IMPORT_ACTIONS=2 node bench/engine-schedule.mjs
//   DATABASE_URL=postgres://… node bench/engine-schedule.mjs         a throwaway database on PostgreSQL
//
// Each case gets a fresh database (apps/server's openTestDatabase) with one account, one timeline
// (UTC) and one event two days ahead:
//   - import, 0 actions:  a generated CSV of ROWS addresses through importLeadsCsv (every row gets
//     the event, the next open session), nothing to schedule;
//   - import, N actions:  the same with BENCH_IMPORT_ACTIONS (2) ready sendMail actions: ROWS × N jobs;
//   - schedule only:      ROWS registrants of the event inserted with SQL, then one
//     scheduleRegistrants call over all of them in one transaction (jobs/s of the scheduler alone).
// The script re-runs itself under tsx (apps/server's) to load the server's TypeScript modules.
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { machineLine, mode, printTable, serverDir } from "./server-harness.mjs";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 20_000);
const ACTIONS = Number(process.env.BENCH_IMPORT_ACTIONS ?? 2);
const script = fileURLToPath(import.meta.url);

if (!process.env.BENCH_SCHEDULE_CHILD) {
  const child = spawnSync(process.execPath, ["--import", "tsx", "--conditions=@cuepoint/source", script], {
    cwd: serverDir,
    env: { ...process.env, BENCH_SCHEDULE_CHILD: "1" },
    stdio: "inherit",
  });
  process.exit(child.status ?? 1);
}

const server = (path) => import(new URL(`../apps/server/src/${path}`, import.meta.url).href);
const { openTestDatabase } = await server("test-support/testDatabase.ts");
const { createUser } = await server("users/users.ts");
const { insertTimeline } = await server("webinars/attendanceData.ts");
const { importLeadsCsv } = await server("leads/importCsv.ts");
const { scheduleRegistrants } = await server("engine/schedule.ts");

/** A ready sendMail action (spec §5 fields and an integration), `hours` before the event. */
const readyAction = (index) => ({
  id: `bench-${index}`,
  days: 0,
  hours: index + 1,
  minutes: 0,
  isAfter: -1,
  action: "sendMail",
  groupID: "3",
  integrationType: "SMTP",
  integrationID: "smtp-bench",
  model: { emailFrom: "events@example.com", emailSubject: "See you soon", message: "Hi {name}" },
});

/** Raw SQL through the driver (PGlite and node-postgres both answer `{ rows }`). */
const query = async (db, text, params = []) => (await db.orm.$client.query(text, params)).rows;

/** A fresh database with an account, a timeline with `actions` ready actions and one event. */
async function fixture(actions) {
  const db = await openTestDatabase();
  const user = await createUser(db.orm, { email: "bench-schedule@example.com", password: "Bench-schedule-1", role: "99", name: "Bench" });
  const timeline = await insertTimeline(db.orm, user.accountId, { name: "Bench", timeZone: "UTC" });
  const blocks = { "-1": Array.from({ length: actions }, (_, i) => readyAction(i)) };
  await query(db, "update timelines set blocks = $1::jsonb where id = $2", [JSON.stringify(blocks), timeline.id]);
  const [event] = await query(
    db,
    "insert into events (account_id, timeline_id, name, starts_at, time_zone) values ($1, $2, 'Bench', now() + interval '2 days', 'UTC') returning id",
    [user.accountId, timeline.id],
  );
  return { db, accountId: user.accountId, timelineId: timeline.id, eventId: event.id };
}

async function jobsIn(db, timelineId) {
  const [row] = await query(db, "select count(*)::int as n from scheduled_actions where timeline_id = $1", [timelineId]);
  return row.n;
}

function csvFile(rows) {
  const lines = ["email,first name,last name,company"];
  for (let i = 1; i <= rows; i++) lines.push(`lead.${i}@example${i % 97}.com,Ann,Lee ${i},Company ${i % 500}`);
  return new Blob([lines.join("\n") + "\n"], { type: "text/csv" });
}

async function importCase(actions) {
  const { db, accountId, timelineId } = await fixture(actions);
  try {
    const csv = csvFile(ROWS);
    const started = performance.now();
    const result = await importLeadsCsv(db.orm, { accountId, timelineId, csv, now: new Date() });
    const seconds = (performance.now() - started) / 1000;
    const jobs = await jobsIn(db, timelineId);
    if (result.imported !== ROWS || jobs !== ROWS * actions) throw new Error(`imported ${result.imported}, ${jobs} jobs`);
    return [`import, ${actions} actions`, ROWS, jobs, seconds.toFixed(2), Math.round(ROWS / seconds), actions ? Math.round(jobs / seconds) : "–"];
  } finally {
    await db.close();
  }
}

async function scheduleCase(actions) {
  const { db, accountId, timelineId, eventId } = await fixture(actions);
  try {
    const inserted = await query(
      db,
      `insert into registrants (account_id, timeline_id, event_id, email, name, source)
       select $1::uuid, $2::uuid, $3::uuid, 'p' || i || '@example.com', 'P ' || i, 'csv'
       from generate_series(1, $4::int) as i
       returning uuid`,
      [accountId, timelineId, eventId, ROWS],
    );
    const ids = inserted.map((row) => row.uuid);
    const started = performance.now();
    await db.orm.transaction((tx) => scheduleRegistrants(tx, ids, new Date()));
    const seconds = (performance.now() - started) / 1000;
    const jobs = await jobsIn(db, timelineId);
    if (jobs !== ROWS * actions) throw new Error(`${jobs} jobs`);
    return [`scheduleRegistrants only, ${actions} actions`, ROWS, jobs, seconds.toFixed(2), Math.round(ROWS / seconds), Math.round(jobs / seconds)];
  } finally {
    await db.close();
  }
}

console.log(`\n== Scheduling many registrants, ${mode()}: ${ROWS.toLocaleString("en")} rows, ${ACTIONS} ready actions ==`);
console.log(machineLine());
const table = [await importCase(0), await importCase(ACTIONS), await scheduleCase(ACTIONS)];
printTable(["case", "rows", "jobs", "seconds", "rows/s", "jobs/s"], table);
