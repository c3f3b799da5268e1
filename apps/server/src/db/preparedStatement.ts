import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Database } from "./types.js";

const dialect = new PgDialect();
/** Statements prepared in each embedded database (its one session keeps them). */
const prepared = new WeakMap<Database, Set<string>>();

/** A parameter as an SQL literal (node-postgres's quoting); its type comes from the prepared statement. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return pg.escapeLiteral(value);
  if (typeof value === "number" || typeof value === "boolean") return pg.escapeLiteral(String(value));
  throw new TypeError(`A prepared statement's parameter cannot be a ${typeof value}.`);
}

/** "prepared statement does not exist": the session lost it (DEALLOCATE, DISCARD). drizzle wraps the driver's error. */
function isUnknownStatement(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === "26000") return true;
  return false;
}

/**
 * Runs a statement that is sent over and over with different values (the public registration's
 * write), prepared once on the embedded database: PGlite has no prepared statements of its own
 * (each query is parsed and planned again), and planning a statement of many parts costs it as
 * much as running it. The statement is prepared under a name made from its text (`PREPARE`), then
 * run with `EXECUTE` and its values as literals (quoted by node-postgres's `escapeLiteral`: the
 * protocol's parameters cannot reach an `EXECUTE`). On PostgreSQL it runs as usual (the server
 * plans it, and a pool's connections would each need it prepared). Answers what `orm.execute` does.
 *
 * @example
 * const result = await executePrepared(db, sql`select ${id}::uuid as id`);
 */
export async function executePrepared(db: Database, statement: SQL): Promise<unknown> {
  if (db.kind !== "pglite") return db.orm.execute(statement);
  const query = dialect.sqlToQuery(statement);
  const name = `prepared_${createHash("sha1").update(query.sql).digest("hex").slice(0, 24)}`;
  let names = prepared.get(db);
  if (!names) prepared.set(db, (names = new Set()));
  const values = query.params.length > 0 ? `(${query.params.map(literal).join(", ")})` : "";
  const run = sql.raw(`execute ${name}${values}`);
  if (!names.has(name)) {
    await db.orm.execute(sql.raw(`prepare ${name} as ${query.sql}`));
    names.add(name);
  }
  try {
    return await db.orm.execute(run);
  } catch (error) {
    if (!isUnknownStatement(error)) throw error;
    await db.orm.execute(sql.raw(`prepare ${name} as ${query.sql}`));
    return db.orm.execute(run);
  }
}
