import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema/index.js";
import { lockDataDir } from "./dataDirLock.js";
import type { Database, Orm } from "./types.js";

/** drizzle-kit writes here; both drivers apply the very same SQL files. */
export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/**
 * Session-level advisory lock held while migrating, so several server instances starting
 * against one PostgreSQL at once apply each migration exactly once (the others wait, then find
 * nothing left to do). Any constant works; this one spells "cuepoint" in a bigint's low bytes.
 */
export const MIGRATION_LOCK_KEY = 0x6375_6570_6f69_6e74n;

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string: when set, the server runs on PostgreSQL. */
  databaseUrl?: string | undefined;
  /** PGlite data folder (ignored with `databaseUrl`). Without it, and without `memory`, nothing opens. */
  dataDir?: string | undefined;
  /** An in-memory PGlite (tests). */
  memory?: boolean;
  /**
   * A PGlite data folder dumped with `dumpDataDir` to start the in-memory PGlite from (tests: a
   * migrated template, so each test file skips PGlite's initdb). Pending migrations still apply.
   */
  template?: Blob | undefined;
  /** Apply pending migrations before answering (default true). */
  migrate?: boolean;
  /** Connections in the pool (PostgreSQL only). */
  poolSize?: number;
}

/**
 * Opens the database: PostgreSQL through a `pg` pool when `databaseUrl` is given, else the
 * embedded PGlite in `dataDir` (or in memory), and migrates it.
 *
 * @example
 * const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: ".cuepoint-data" });
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const migrate = options.migrate ?? true;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, migrate, options.poolSize ?? 10);
  if (!options.memory && !options.dataDir)
    throw new Error("openDatabase needs a databaseUrl, a dataDir or memory: true.");
  if (options.memory) return openPglite({ loadDataDir: options.template }, migrate);
  return openPglite({ dataDir: options.dataDir }, migrate);
}

async function openPostgres(connectionString: string, migrate: boolean, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client that loses its connection emits on the pool; without a listener Node exits.
  pool.on("error", (error) => console.error("PostgreSQL pool error:", error.message));
  try {
    if (migrate) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY.toString()]);
        try {
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY.toString()]);
        }
      } finally {
        client.release();
      }
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  const orm: Orm = drizzlePg(pool, { schema });
  return { orm, kind: "postgres", connectionString, close: () => pool.end() };
}

async function openPglite(
  place: { dataDir?: string | undefined; loadDataDir?: Blob | undefined },
  migrate: boolean,
): Promise<Database> {
  const { dataDir, loadDataDir } = place;
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite | undefined;
  try {
    client = await PGlite.create({ dataDir, loadDataDir });
    const orm: Orm = drizzlePglite(client, { schema });
    // One process, one connection: no lock is needed, and the migrations are the same files.
    if (migrate) await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    const opened = client;
    return {
      orm,
      kind: "pglite",
      close: async () => {
        await opened.close();
        unlock();
      },
    };
  } catch (error) {
    await client?.close().catch(() => {});
    unlock();
    throw error;
  }
}
