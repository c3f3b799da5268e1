import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema/index.js";

/**
 * The query builder the routes use. PGlite's and node-postgres's drizzle databases are both this
 * type, so no route knows which database it talks to. Stick to the query builder (and
 * `.returning()` for writes): raw `execute()` results differ between the two drivers.
 */
export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Which database the server runs on: embedded PGlite, or PostgreSQL through `DATABASE_URL`. */
export type DatabaseKind = "pglite" | "postgres";

export interface Database {
  orm: Orm;
  kind: DatabaseKind;
  /** PostgreSQL's connection string (the room bus opens its LISTEN connection with it); absent on PGlite. */
  connectionString?: string | undefined;
  /** Closes the pool or the PGlite instance (and releases the data folder). */
  close(): Promise<void>;
}
