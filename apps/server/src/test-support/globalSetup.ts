import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsFolder, openDatabase } from "../db/openDatabase.js";
import { adminQuery, databaseUrlNamed, TEMPLATE_ENV } from "./testDatabase.js";

/**
 * Vitest's global setup: migrates one template database before the suite, so each test file's
 * own database starts from a copy instead of running PGlite's initdb and every migration again
 * (about 4 s a file on PGlite). On PGlite the template is a dumped data folder in a temporary
 * file; on PostgreSQL (`DATABASE_URL`) a database the files `create database … template` from.
 * The test workers find it through `CUEPOINT_TEST_TEMPLATE`, set before they start.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `cuepoint_template_${randomUUID().replaceAll("-", "")}`;
    await adminQuery(url, `create database ${name}`);
    const db = await openDatabase({ databaseUrl: databaseUrlNamed(url, name), poolSize: 1 });
    await db.close();
    process.env[TEMPLATE_ENV] = name;
    return () => adminQuery(url, `drop database if exists ${name} with (force)`);
  }
  const folder = await mkdtemp(join(tmpdir(), "cuepoint-template-"));
  const client = await PGlite.create();
  await migrate(drizzle(client), { migrationsFolder });
  const dump = await client.dumpDataDir("none");
  await client.close();
  const file = join(folder, "template.tar");
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  process.env[TEMPLATE_ENV] = file;
  return () => rm(folder, { recursive: true, force: true });
}
