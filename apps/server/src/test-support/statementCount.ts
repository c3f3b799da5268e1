import type { Database } from "../db/types.js";

/**
 * How many statements `run` sends to the database (counted at the driver: PGlite's or
 * node-postgres's `query`), for tests that hold a hot path to its number of round trips.
 *
 * @example
 * expect(await statementsOf(db, () => register("crowd@example.com"))).toBe(1);
 */
export async function statementsOf(db: Database, run: () => Promise<unknown>): Promise<number> {
  const client = (db.orm as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const query = client.query;
  let sent = 0;
  client.query = (...args) => {
    sent += 1;
    return query.apply(client, args);
  };
  try {
    await run();
  } finally {
    client.query = query;
  }
  return sent;
}
