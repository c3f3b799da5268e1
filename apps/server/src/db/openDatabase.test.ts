import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { accounts } from "./schema/index.js";
import { openDatabase } from "./openDatabase.js";
import { openTestDatabase } from "../test-support/testDatabase.js";

const folders: string[] = [];
/** Every migration of drizzle/, each of which must be applied exactly once. */
const MIGRATIONS = (
  JSON.parse(readFileSync(new URL("../../drizzle/meta/_journal.json", import.meta.url), "utf8")) as { entries: unknown[] }
).entries.length;
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

const tableCount = async (db: Awaited<ReturnType<typeof openDatabase>>) => {
  const rows = await db.orm.select({ n: sql<number>`count(*)::int` }).from(sql`drizzle.__drizzle_migrations`);
  return rows[0]?.n;
};

describe.skipIf(Boolean(process.env.DATABASE_URL))("embedded PGlite in a data folder", () => {
  it("keeps data across restarts, migrates once, and refuses a second opener", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "cuepoint-data-"));
    folders.push(dataDir);
    const first = await openDatabase({ dataDir });
    await first.orm.insert(accounts).values({ name: "kept" });
    await expect(openDatabase({ dataDir })).resolves.toBeDefined(); // same process holds the lock: allowed
    await first.close();

    writeFileSync(join(dataDir, "cuepoint.pid"), String(process.ppid)); // a live process "holds" it
    await expect(openDatabase({ dataDir })).rejects.toThrow(/is in use by process/);
    writeFileSync(join(dataDir, "cuepoint.pid"), "999999999"); // a dead holder does not block
    const second = await openDatabase({ dataDir });
    expect((await second.orm.select().from(accounts)).map((row) => row.name)).toEqual(["kept"]);
    expect(await tableCount(second)).toBe(MIGRATIONS);
    await second.close();
  }, 120_000); // three PGlite starts from scratch (initdb and every migration), not from the suite's template
});

describe("migrations", () => {
  it("apply once even when several instances start together", async () => {
    const db = await openTestDatabase();
    if (db.kind === "postgres") {
      // Three more "instances" on the same database at once: the advisory lock serialises them.
      const url = new URL(process.env.DATABASE_URL ?? "");
      const current = await db.orm.execute(sql`select current_database() as name`);
      url.pathname = `/${(current as unknown as { rows: { name: string }[] }).rows[0]?.name}`;
      const others = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), poolSize: 1 })));
      await Promise.all(others.map((other) => other.close()));
    }
    expect(await tableCount(db)).toBe(MIGRATIONS);
    await db.close();
  });
});
