import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Orm } from "../../db/types.js";
import { createLocalFanOut, type RoomBus, type RoomSignal } from "./roomBus.js";
import { createReassembler, encodeSignal, readPart } from "./signalChunks.js";

/** The one NOTIFY channel of every room signal (a receiver filters by the event in the header). */
export const ROOM_CHANNEL = "cuepoint_room";
const APPLICATION = "cuepoint-room-bus";
/** At most this many notifications per statement (one statement is one transaction, one commit). */
const PER_STATEMENT = 200;

export interface PostgresRoomBusOptions {
  /** The database of the pool (`orm`): the LISTEN connection is one more connection to it. */
  connectionString: string;
  /** NOTIFY goes through the pool. */
  orm: Orm;
  /** Wait before reconnecting a lost LISTEN connection, ms (doubled up to 10 s). */
  retryMs?: number;
  /** The LISTEN connection is checked with a query this often, ms (a silent dead TCP is found). */
  checkMs?: number;
}

export interface PostgresRoomBus extends RoomBus {
  /** Resolves once the LISTEN connection listens (again). */
  ready(): Promise<void>;
  /** This instance's id in the payloads (its own notifications are skipped: delivered in-process). */
  readonly instance: string;
}

/**
 * The bus across instances on one PostgreSQL: every signal is delivered in-process at once and sent
 * with NOTIFY for the others; a dedicated connection (opened with the first subscriber) LISTENs and
 * hands other instances' signals to this process's listeners.
 *
 * NOTIFY takes a database-wide lock while its transaction commits, so signals are few and small:
 * one per signal (never per recipient), and those published in the same turn of the event loop
 * go in one statement, one commit. Payloads over 8000 bytes are sent as parts (signalChunks.ts).
 * A lost LISTEN connection is reopened (signals sent while it was down are not replayed; a reopened
 * browser channel resumes its chat from `Last-Event-ID`).
 *
 * @example
 * const bus = createPostgresRoomBus({ connectionString: process.env.DATABASE_URL!, orm });
 * await bus.ready();
 */
export function createPostgresRoomBus(options: PostgresRoomBusOptions): PostgresRoomBus {
  const instance = randomUUID().replaceAll("-", "").slice(0, 16);
  const local = createLocalFanOut();
  const parts = createReassembler();
  const baseRetry = options.retryMs ?? 500;
  const checkMs = options.checkMs ?? 15_000;
  let counter = 0;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry = baseRetry;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let checkTimer: ReturnType<typeof setInterval> | undefined;
  let listening: Promise<void>;
  let markListening = () => {};
  const waitListening = () => {
    listening = new Promise((resolve) => (markListening = resolve));
  };
  waitListening();

  function receive(payload: string | undefined): void {
    const part = readPart(payload ?? "");
    if (!part || part.header.instance === instance || !local.has(part.header.eventId)) return;
    const text = parts.add(part.header, part.text);
    if (text === null) return;
    let signal: RoomSignal;
    try {
      signal = JSON.parse(text) as RoomSignal;
    } catch {
      console.error(`A room signal of event ${part.header.eventId} could not be read.`);
      return;
    }
    local.deliver(signal);
  }

  function lost(connection: pg.Client, why: string): void {
    if (client !== connection) return;
    client = undefined;
    clearInterval(checkTimer);
    connection.removeAllListeners("notification");
    connection.on("error", () => {});
    void connection.end().catch(() => {});
    if (stopped) return;
    waitListening();
    console.error(`The room bus lost its PostgreSQL connection (${why}); reconnecting in ${retry} ms.`);
    retryTimer = setTimeout(() => void connect(), retry);
    retryTimer.unref?.();
    retry = Math.min(retry * 2, 10_000);
  }

  async function connect(): Promise<void> {
    if (stopped || client) return;
    const connection = new pg.Client({
      connectionString: options.connectionString,
      application_name: APPLICATION,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = connection;
    connection.on("error", (error) => lost(connection, error.message));
    connection.on("end", () => lost(connection, "the connection ended"));
    connection.on("notification", (message) => {
      if (message.channel === ROOM_CHANNEL) receive(message.payload);
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${ROOM_CHANNEL}`);
    } catch (error) {
      lost(connection, error instanceof Error ? error.message : String(error));
      return;
    }
    if (client !== connection) return;
    retry = baseRetry;
    markListening();
    checkTimer = setInterval(() => {
      connection.query("select 1").catch((error: unknown) => lost(connection, error instanceof Error ? error.message : String(error)));
    }, checkMs);
    checkTimer.unref?.();
  }
  // The LISTEN connection opens with the first subscriber (an app that never opens a channel holds none).
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void connect();
  };

  // Signals published in one turn of the event loop share a statement.
  let queue: { payloads: string[]; done: () => void; fail: (error: unknown) => void }[] = [];
  async function send(): Promise<void> {
    const batch = queue;
    queue = [];
    const payloads = batch.flatMap((entry) => entry.payloads);
    try {
      for (let i = 0; i < payloads.length; i += PER_STATEMENT) {
        const calls = payloads.slice(i, i + PER_STATEMENT).map((payload) => sql`pg_notify(${ROOM_CHANNEL}, ${payload})`);
        await options.orm.execute(sql`select ${sql.join(calls, sql`, `)}`);
      }
      for (const entry of batch) entry.done();
    } catch (error) {
      for (const entry of batch) entry.fail(error);
    }
  }

  return {
    instance,
    ready() {
      start();
      return listening;
    },
    subscribe(eventId, listener) {
      start();
      return local.subscribe(eventId, listener);
    },
    publish(signal) {
      local.deliver(signal);
      const payloads = encodeSignal({ instance, signal: String(++counter), eventId: signal.eventId }, JSON.stringify(signal));
      return new Promise<void>((done, fail) => {
        if (queue.length === 0) setImmediate(() => void send());
        queue.push({ payloads, done, fail });
      });
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(checkTimer);
      const connection = client;
      client = undefined;
      if (connection) {
        connection.removeAllListeners();
        connection.on("error", () => {});
        await connection.end().catch(() => {});
      }
    },
  };
}
