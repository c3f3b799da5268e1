/**
 * Database side of the benchmarks in bench/ (leads-page.mjs, csv-import.mjs, server-upload.mjs).
 * Opens the database the server would (`DATABASE_URL`, else PGlite in `CUEPOINT_DATA_DIR`, same
 * migrations, same data-folder lock: run it while the server is STOPPED in PGlite mode) and does
 * one of two things, printing one JSON line on stdout at the end:
 *
 *   tsx --conditions=@cuepoint/source scripts/bench-db.ts setup \
 *       --email e --password p --role admin [--feature registrantUpload] [--timeline] [--registrants N] [--no-vacuum]
 *     A user (createUser, like `pnpm cuepoint user create`), optional feature flags, optionally a
 *     timeline (from the first wizard template) and N registrants in it, inserted with SQL
 *     `generate_series` in batches, then `VACUUM ANALYZE registrants` (unless `--no-vacuum`).
 *     → {"accountId","userId","timelineId","registrants","seedSeconds","vacuumSeconds"}
 *
 *   tsx --conditions=@cuepoint/source scripts/bench-db.ts raw-leads \
 *       --account <id> --cases '[{"name":"…","page":1,"filter":"all"}]' --rounds 40 --warmup 3
 *     The raw side of the leads-page benchmark: for each case, captures the exact SQL text and
 *     parameters `listLeads()` (src/leads/listLeads.ts) sends (a drizzle logger on the same
 *     connection), then times that SQL sent straight to the driver (`client.query(text, params)`),
 *     the page query and the count concurrently as `listLeads` runs them. Cases are interleaved
 *     round by round. → {"samples":{case:[ms…]},"sql":{case:[{text,params}…]}}
 *
 * Not part of the server: it only uses the server's own modules, so the rows and the SQL are
 * the ones the routes see.
 */
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { runtimeSettings } from "../src/config/serverConfig.js";
import { openDatabase } from "../src/db/openDatabase.js";
import * as schema from "../src/db/schema/index.js";
import { users } from "../src/db/schema/index.js";
import type { Orm } from "../src/db/types.js";
import type { Caller } from "../src/http/authenticate.js";
import { listLeads, readLeadsFilter } from "../src/leads/listLeads.js";
import { insertTimeline } from "../src/timelines/store.js";
import { templateParts, WIZARD_TEMPLATES } from "../src/timelines/wizardTemplates.js";
import { createUser } from "../src/users/users.js";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  allowNegative: true,
  options: {
    email: { type: "string" },
    password: { type: "string" },
    role: { type: "string", default: "admin" },
    feature: { type: "string", multiple: true },
    timeline: { type: "boolean", default: false },
    registrants: { type: "string", default: "0" },
    batch: { type: "string", default: "100000" },
    vacuum: { type: "boolean", default: true },
    account: { type: "string" },
    cases: { type: "string" },
    rounds: { type: "string", default: "40" },
    warmup: { type: "string", default: "3" },
  },
});

const log = (line: string) => console.error(`[bench-db] ${line}`);
const settings = runtimeSettings();
const db = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });

/** Raw SQL through the driver, rows as objects (both drivers answer `{ rows }`). */
async function query(text: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = (db.orm as unknown as { $client: PGlite | pg.Pool }).$client;
  const result = await (client as PGlite).query<Record<string, unknown>>(text, params);
  return result.rows;
}

const FIRST = ["Ava", "Liam", "Sofia", "Noah", "Mia", "Lucas", "Emma", "Oliver", "Amara", "Hiro", "Isabella", "Ethan",
  "Olivia", "James", "Charlotte", "Mateo", "Amelia", "Elijah", "Harper", "Leo", "Chloe", "Omar", "Zoe", "Ravi", "Nora",
  "Felix", "Ines", "Jonas", "Maya", "Kenji", "Lena", "Diego", "Aisha", "Tomas", "Freya", "Arjun", "Clara", "Yusuf",
  "Elena", "Sven"];
const LAST = ["Thompson", "Chen", "Garcia", "Williams", "Muller", "Martin", "Johansson", "Brown", "Okafor", "Tanaka",
  "Rossi", "Davis", "Smith", "Jones", "Lopez", "Nguyen", "Kim", "Patel", "Silva", "Novak", "Kowalski", "Dubois",
  "Schmidt", "Moreau", "Ivanova", "Hansen", "Costa", "Ali", "Singh", "Cohen", "Fischer", "Romano", "Yilmaz", "Berg",
  "Murphy", "Walsh", "Reyes", "Ortiz", "Sato", "Lind", "Weber", "Bauer", "Keller", "Horvat", "Popescu", "Nowak",
  "Larsen", "Baker", "Clarke", "Evans"];
const sqlArray = (names: string[]) => `array[${names.map((name) => `'${name}'`).join(",")}]`;

async function setup() {
  const { email, password, role } = values;
  if (!email || !password) throw new Error("setup needs --email and --password");
  const user = await createUser(db.orm, { email, password, role: role ?? "admin", name: "Bench" });
  const features = Object.fromEntries((values.feature ?? []).map((name) => [name, true]));
  if (Object.keys(features).length > 0) await db.orm.update(users).set({ features }).where(eq(users.id, user.id));
  let timelineId: string | null = null;
  if (values.timeline || Number(values.registrants) > 0) {
    const caller = { userId: user.id, accountId: user.accountId, role: user.role } as Caller;
    const template = WIZARD_TEMPLATES[0]!;
    const row = await insertTimeline(db.orm, caller, { name: "Bench", ...templateParts(template), reason: "create" }, new Date());
    timelineId = row.id;
  }
  const total = Number(values.registrants);
  const batch = Number(values.batch);
  let seedSeconds = 0;
  let vacuumSeconds = 0;
  if (total > 0) {
    const started = performance.now();
    // Names from 40 first names × 50 surnames; the email carries the row number as its own word
    // (so a number is a rare search), one in 1,000 is banned; `seq` follows i, newest = highest.
    for (let from = 1; from <= total; from += batch) {
      const to = Math.min(total, from + batch - 1);
      await db.orm.execute(sql`
        insert into registrants (account_id, timeline_id, email, name, phone, custom_fields, banned, source, created_at)
        select ${user.accountId}::uuid, ${timelineId}::uuid,
          lower(f.name) || '.' || lower(l.name) || '.' || i || '@example' || (i % 97) || '.com',
          f.name || ' ' || l.name,
          case when i % 3 = 0 then '' else '+1 (555) ' || lpad((i % 10000000)::text, 7, '0') end,
          jsonb_build_object('company', 'Company ' || (i % 500)),
          i % 1000 = 0, 'csv', now() - make_interval(secs => ${total} - i)
        from generate_series(${from}::int, ${to}::int) as i,
          lateral (select (${sql.raw(sqlArray(FIRST))})[1 + i % ${FIRST.length}] as name) f,
          lateral (select (${sql.raw(sqlArray(LAST))})[1 + (i / ${FIRST.length}) % ${LAST.length}] as name) l
        order by i`);
      log(`${to.toLocaleString("en")} / ${total.toLocaleString("en")} registrants (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
    seedSeconds = (performance.now() - started) / 1000;
    // PGlite has no autovacuum; PostgreSQL's would get there by itself. Without it the leads
    // page's index-only walk visits the heap for every entry it skips (`--no-vacuum` to see it).
    if (values.vacuum) {
      const vacuumStarted = performance.now();
      await query("vacuum analyze registrants");
      vacuumSeconds = (performance.now() - vacuumStarted) / 1000;
      log(`vacuum analyze: ${vacuumSeconds.toFixed(1)} s`);
    }
  }
  return { accountId: user.accountId, userId: user.id, timelineId, registrants: total, seedSeconds, vacuumSeconds };
}

interface LeadsCase {
  name: string;
  page: number;
  filter: string;
}

/** The statements `listLeads` sends for one case, caught by a logger on the same connection. */
async function captureSql(accountId: string, item: LeadsCase) {
  const statements: { text: string; params: unknown[] }[] = [];
  const logger = { logQuery: (text: string, params: unknown[]) => void statements.push({ text, params }) };
  const client = (db.orm as unknown as { $client: unknown }).$client;
  const orm = (
    db.kind === "pglite"
      ? drizzlePglite(client as PGlite, { schema, logger })
      : drizzlePg(client as pg.Pool, { schema, logger })
  ) as unknown as Orm;
  const { rows, total } = await listLeads(orm, accountId, readLeadsFilter(item.filter), item.page);
  return { statements, rows: rows.length, total };
}

async function rawLeads() {
  const accountId = values.account;
  if (!accountId || !values.cases) throw new Error("raw-leads needs --account and --cases");
  const cases = JSON.parse(values.cases) as LeadsCase[];
  const sqlOf: Record<string, { text: string; params: unknown[] }[]> = {};
  const samples: Record<string, number[]> = {};
  const answers: Record<string, { rows: number; total: number }> = {};
  for (const item of cases) {
    const captured = await captureSql(accountId, item);
    if (captured.statements.length !== 2) throw new Error(`listLeads sent ${captured.statements.length} statements, expected 2`);
    sqlOf[item.name] = captured.statements;
    answers[item.name] = { rows: captured.rows, total: captured.total };
    samples[item.name] = [];
  }
  const once = async (item: LeadsCase) => {
    const started = performance.now();
    await Promise.all(sqlOf[item.name]!.map(({ text, params }) => query(text, params)));
    return performance.now() - started;
  };
  for (let round = 0; round < Number(values.warmup); round++) for (const item of cases) await once(item);
  for (let round = 0; round < Number(values.rounds); round++)
    for (const item of cases) samples[item.name]!.push(await once(item));
  return { kind: db.kind, samples, sql: sqlOf, answers };
}

try {
  const command = positionals.join(" ");
  const result = command === "setup" ? await setup() : command === "raw-leads" ? await rawLeads() : undefined;
  if (!result) throw new Error(`unknown command "${command}": setup | raw-leads`);
  console.log(JSON.stringify(result));
} finally {
  await db.close();
}
