import type { Database } from "../../db/types.js";
import { createPostgresRoomBus } from "./postgresBus.js";
import { createLocalRoomBus, type RoomBus } from "./roomBus.js";

/**
 * The bus for the database the server runs on: LISTEN/NOTIFY on PostgreSQL (several instances may
 * share it), in-process on the embedded PGlite (one process holds its data folder).
 *
 * @example
 * const bus = createRoomBus(db); // … on shutdown: await bus.stop();
 */
export function createRoomBus(db: Pick<Database, "kind" | "orm" | "connectionString">): RoomBus {
  if (db.kind === "postgres" && db.connectionString) return createPostgresRoomBus({ connectionString: db.connectionString, orm: db.orm });
  return createLocalRoomBus();
}
