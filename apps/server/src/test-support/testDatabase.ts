import { randomUUID } from "node:crypto";
import pg from "pg";
import { openDatabase } from "../db/openDatabase.js";
import type { Database } from "../db/types.js";

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or — when the suite runs in
 * Postgres mode (`DATABASE_URL` set by scripts/with-postgres.sh) — a new database created on that
 * server and dropped afterwards, so test files never see each other's rows.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ memory: true });
  const name = `cuepoint_test_${randomUUID().replaceAll("-", "")}`;
  await adminQuery(url, `create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: own.toString(), poolSize: 4 });
  return {
    ...db,
    close: async () => {
      await db.close();
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
