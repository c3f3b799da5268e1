import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./types.js";
import { openTestDatabase } from "../test-support/testDatabase.js";
import { executePrepared } from "./preparedStatement.js";

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const echo = (text: string, n: number, flag: boolean) =>
  executePrepared(db, sql`select ${text}::text as text, ${n}::int + 1 as n, not ${flag}::boolean as flag, ${null}::text as nothing`);

describe("executePrepared", () => {
  it("answers what the statement answers, with every value passed as it was — quotes and backslashes too", async () => {
    for (const text of ["plain", "O'Neil", "a\\'; drop table accounts; --", "back\\slash", "ünïcode ✓", ""]) {
      expect(rowsOf(await echo(text, 41, true))).toEqual([{ text, n: 42, flag: false, nothing: null }]);
    }
  });

  it("prepares again a statement the session lost", async () => {
    await echo("before", 1, false);
    if (db.kind === "pglite") await db.orm.execute(sql`deallocate all`);
    expect(rowsOf(await echo("after", 1, false))).toEqual([{ text: "after", n: 2, flag: true, nothing: null }]);
  });
});
