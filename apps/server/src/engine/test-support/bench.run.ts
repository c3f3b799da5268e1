/**
 * The engine benchmark's inner half (bench/engine.mjs runs it, once on PGlite and once on
 * PostgreSQL): seeds ACTIONS scheduled actions due evenly over one minute starting a few seconds
 * from now, starts the engine with an executor that only records when it was called, and prints
 * one JSON line: actions/s and firing lateness (call time − due time) p50/p99/max. With
 * BENCH_ENGINE_SPREAD_MS=0 every action is due at once (a burst): the rate is then the engine's capacity.
 *
 *   node --import tsx --conditions=@cuepoint/source src/engine/test-support/bench.run.ts
 *   env: DATABASE_URL (else a temporary PGlite folder), BENCH_ENGINE_ACTIONS (100000),
 *        BENCH_ENGINE_SPREAD_MS (60000), BENCH_ENGINE_BATCH (1000), BENCH_ENGINE_INSTANCES (engines, 1),
 *        BENCH_ENGINE_LOOPS (loops per engine, 2)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { openDatabase } from "../../db/openDatabase.js";
import { scheduledActions } from "../../db/schema/index.js";
import { openTestDatabase } from "../../test-support/testDatabase.js";
import { createUser } from "../../users/users.js";
import { insertTimeline } from "../../webinars/attendanceData.js";
import type { ExecuteAction } from "../../integrations/actions/types.js";
import { startEngine } from "../engine.js";

const ACTIONS = Number(process.env.BENCH_ENGINE_ACTIONS ?? 100_000);
const SPREAD_MS = Number(process.env.BENCH_ENGINE_SPREAD_MS ?? 60_000);
const BATCH = Number(process.env.BENCH_ENGINE_BATCH ?? 1000);
const INSTANCES = Number(process.env.BENCH_ENGINE_INSTANCES ?? 1);
const LOOPS = Number(process.env.BENCH_ENGINE_LOOPS ?? 2);
const LEAD_MS = 20_000;

const folder = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), "cuepoint-bench-engine-"));
// On PostgreSQL each run gets a database of its own (created here, dropped at the end).
const db = process.env.DATABASE_URL ? await openTestDatabase() : await openDatabase({ dataDir: folder });
try {
  // One admin account (unlimited actions), one timeline with one node, one event, ACTIONS registrants.
  const user = await createUser(db.orm, { email: "bench-engine@example.com", password: "Bench-engine-1", role: "99", name: "Bench" });
  const timeline = await insertTimeline(db.orm, user.accountId, { name: "Bench", timeZone: "UTC" });
  await db.orm.execute(sql`update timelines set blocks = ${JSON.stringify({ "0": [{ id: "n", days: 0, hours: 0, minutes: 30, isAfter: -1, action: "sendMail", groupID: "3", model: {} }] })}::jsonb where id = ${timeline.id}`);
  const [event] = (
    (await db.orm.execute(
      sql`insert into events (account_id, timeline_id, name, starts_at, time_zone) values (${user.accountId}, ${timeline.id}, 'Bench', now() + interval '2 hours', 'UTC') returning id`,
    )) as unknown as { rows: { id: string }[] }
  ).rows;
  if (!event) throw new Error("no event");
  await db.orm.execute(sql`
    insert into registrants (account_id, timeline_id, event_id, email, name)
    select ${user.accountId}, ${timeline.id}, ${event.id}, 'p' || i || '@example.com', 'P ' || i
    from generate_series(1, ${ACTIONS}) as i`);
  const lateness: number[] = [];
  let lastCall = 0;
  const execute: ExecuteAction = async (_ctx, job) => {
    const now = Date.now();
    lateness.push(now - job.dueAt.getTime());
    lastCall = now;
    return { status: "sent", detail: "bench" };
  };
  // The engines run (and poll) before the actions exist, as a server would.
  const engines = await Promise.all(
    Array.from({ length: INSTANCES }, () => startEngine({ db, execute, batchSize: BATCH, concurrency: 200, idleMs: 50, loops: LOOPS })),
  );
  const first = Date.now() + LEAD_MS;
  await db.orm.execute(sql`
    insert into scheduled_actions (account_id, timeline_id, event_id, registrant_id, node_key, action, planned_at, due_at)
    select r.account_id, r.timeline_id, r.event_id, r.uuid, 'n', 'sendMail', d.at, d.at
    from (select uuid, account_id, timeline_id, event_id, row_number() over (order by seq) as i from registrants where event_id = ${event.id}) r,
      lateral (select to_timestamp((${first}::float8 + (r.i - 1) * ${SPREAD_MS / ACTIONS}::float8) / 1000.0) as at) d`);
  const seedSlack = first - Date.now(); // how long before the first due instant the actions were in
  const started = Date.now();
  const deadline = started + LEAD_MS + SPREAD_MS + 240_000;
  // Watch the executor's own count (no query competes with the engine), then wait for the last
  // outcomes to be stored.
  while (lateness.length < ACTIONS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  for (;;) {
    const [open] = await db.orm
      .select({ n: count() })
      .from(scheduledActions)
      .where(sql`${scheduledActions.status} in ('pending', 'queued')`);
    if ((open?.n ?? 0) === 0 || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const recordedAt = Date.now();
  await Promise.all(engines.map((engine) => engine.stop()));
  const [sent] = await db.orm.select({ n: count() }).from(scheduledActions).where(eq(scheduledActions.status, "sent"));
  const sorted = [...lateness].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  // Throughput over the busy span: from the first due instant to the last call (or the spread, if
  // the engine kept up: then the rate is the arrival rate, and lateness says it kept up).
  const span = Math.max(1, lastCall - first);
  console.log(
    JSON.stringify({
      mode: db.kind,
      actions: ACTIONS,
      carriedOut: lateness.length,
      recordedSent: sent?.n ?? 0,
      spreadMs: SPREAD_MS,
      spanMs: span,
      actionsPerSecond: Math.round(lateness.length / (span / 1000)),
      recordLagMs: recordedAt - lastCall,
      p50: pct(50),
      p99: pct(99),
      max: sorted[sorted.length - 1] ?? 0,
      seedSlackMs: seedSlack,
      batch: BATCH,
      instances: INSTANCES,
      loops: LOOPS,
    }),
  );
} finally {
  await db.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
}
