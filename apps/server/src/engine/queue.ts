import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import type pg from "pg";
import { scheduledActions } from "../db/schema/index.js";
import type { Database } from "../db/types.js";

/** The pg-boss queue the engine's jobs go through. */
export const ACTIONS_QUEUE = "cuepoint-actions";
/** pg-boss's schema in our database. */
export const BOSS_SCHEMA = "pgboss";

interface SqlResult {
  rows: unknown[];
}

/**
 * pg-boss on the app's own database connection: node-postgres's pool on PostgreSQL, and on PGlite
 * a custom `db` (pg-boss's documented `{ executeSql }` option). PGlite's `query` takes one
 * statement with parameters; pg-boss's schema setup is many statements without any, which only
 * `exec` runs.
 */
function executorOf(db: Database): { executeSql(text: string, values?: unknown[]): Promise<SqlResult> } {
  const client = (db.orm as unknown as { $client: unknown }).$client;
  if (db.kind === "pglite") {
    const lite = client as PGlite;
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) return lite.query(text, values);
        const results = await lite.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      },
    };
  }
  const pool = client as pg.Pool;
  return { executeSql: (text, values) => pool.query(text, values) };
}

export interface QueueOptions {
  /** Seconds a fetched job may stay active before pg-boss hands it out again (crash recovery). */
  leaseSeconds: number;
  /** How often pg-boss's maintenance looks for expired jobs, in seconds (≥ 1). */
  maintenanceSeconds: number;
}

/**
 * Starts pg-boss on the database (creating its schema on first use) and the actions queue.
 *
 * @example
 * const boss = await startBoss(db, { leaseSeconds: 60, maintenanceSeconds: 10 });
 */
export async function startBoss(db: Database, options: QueueOptions): Promise<PgBoss> {
  const boss = new PgBoss({
    db: executorOf(db),
    schema: BOSS_SCHEMA,
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceSeconds,
  });
  boss.on("error", (error) => console.error("pg-boss:", error.message));
  await boss.start();
  await boss.createQueue(ACTIONS_QUEUE, { name: ACTIONS_QUEUE, retryLimit: 100, expireInSeconds: options.leaseSeconds });
  return boss;
}

/**
 * Moves due actions (`due_at` ≤ the engine's clock) into pg-boss, at most `limit`, in ONE
 * statement: each row becomes `queued` with a fresh `job_id` and a pg-boss job with that id is
 * inserted in the same statement, so a crash can neither lose a due action nor queue it twice.
 * `FOR UPDATE SKIP LOCKED` lets several instances pump at once. Answers how many were queued.
 *
 * pg-boss's `job` table is pg-boss 10's documented schema; its `insert()` cannot join our
 * update in one statement, which is why the row is written here (defaults: state `created`,
 * start now; `expire_in` is the lease after which a crashed worker's job is handed out again).
 */
export async function pumpDue(db: Database, now: Date, limit: number, leaseSeconds: number): Promise<number> {
  const result = await db.orm.execute(sql`
    with picked as (
      select ${scheduledActions.id} as id from ${scheduledActions}
      where ${scheduledActions.status} = 'pending' and ${scheduledActions.dueAt} <= ${now.toISOString()}::timestamptz
      order by ${scheduledActions.dueAt}
      limit ${limit}
      for update skip locked
    ), queued as (
      update ${scheduledActions} set status = 'queued', job_id = gen_random_uuid(), updated_at = ${now.toISOString()}::timestamptz
      from picked where ${scheduledActions.id} = picked.id
      returning ${scheduledActions.id} as id, ${scheduledActions.jobId} as job_id
    )
    insert into ${sql.raw(BOSS_SCHEMA)}.job (id, name, data, retry_limit, expire_in, policy)
    select job_id, ${ACTIONS_QUEUE}, jsonb_build_object('id', id), 100, ${leaseSeconds} * interval '1 second',
      (select policy from ${sql.raw(BOSS_SCHEMA)}.queue where name = ${ACTIONS_QUEUE})
    from queued
    returning id`);
  return (result as unknown as SqlResult).rows.length;
}
