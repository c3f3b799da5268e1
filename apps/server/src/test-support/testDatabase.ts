import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { openDatabase } from "../db/openDatabase.js";
import type { Database } from "../db/types.js";

/** Where globalSetup.ts left the migrated template: a dumped PGlite folder's file, or a PostgreSQL database's name. */
export const TEMPLATE_ENV = "CUEPOINT_TEST_TEMPLATE";

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or — when the suite runs in
 * Postgres mode (`DATABASE_URL` set by scripts/with-postgres.sh) — a new database created on that
 * server and dropped afterwards, so test files never see each other's rows. Under vitest both
 * start as copies of the template globalSetup.ts migrated once; elsewhere (the engine's bench)
 * they migrate from scratch.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  const template = process.env[TEMPLATE_ENV];
  if (!url) {
    if (!template) return openDatabase({ memory: true });
    return openDatabase({ memory: true, template: new Blob([await readFile(template)]) });
  }
  const name = `cuepoint_test_${randomUUID().replaceAll("-", "")}`;
  await adminQuery(url, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const db = await openDatabase({ databaseUrl: databaseUrlNamed(url, name), poolSize: 4 });
  return {
    ...db,
    close: async () => {
      await db.close();
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    },
  };
}

/** The connection string `url` with its database replaced by `name`. */
export function databaseUrlNamed(url: string, name: string): string {
  const own = new URL(url);
  own.pathname = `/${name}`;
  return own.toString();
}

/** Runs one statement on the server's own database (create/drop database cannot run in a transaction). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
