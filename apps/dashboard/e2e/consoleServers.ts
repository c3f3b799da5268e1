import { spawn, type ChildProcess } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createApp } from "../../server/src/app.js";
import { openDatabase } from "../../server/src/db/openDatabase.js";
import { createRoomBus } from "../../server/src/room/bus/createRoomBus.js";
import { memoryMailer } from "../../server/src/mail/mailer.js";
import { createLocalMediaStore } from "../../server/src/media/store.js";
import { freePort, listenApp } from "../../server/src/test-support/listenApp.js";
import type { RoomServer } from "../../server/src/test-support/roomServer.js";

/*
 * The console e2e's servers beyond the room server (apps/server/src/test-support/roomServer.ts):
 * a throwaway PostgreSQL 15 cluster, started by the server suite's own script
 * (apps/server/scripts/with-postgres.sh: it installs postgresql-15 as root when missing, fails in
 * CI when it cannot), and a second server instance on the room server's database, so attendees
 * on one instance and the host on another share a room through the database (LISTEN/NOTIFY).
 */

const serverDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "server");

export interface ThrowawayPostgres {
  /** `postgres://postgres@127.0.0.1:PORT/cuepoint_test` */
  url: string;
  /** Stops the cluster and deletes its folder (the script's own clean-up). */
  close(): Promise<void>;
}

/**
 * Starts PostgreSQL 15 through with-postgres.sh, holding it open with a child that prints the
 * connection string and waits for its stdin to close. Answers why not when the script skipped
 * (no PostgreSQL 15 outside CI); rejects when it failed.
 */
export function startThrowawayPostgres(): Promise<ThrowawayPostgres | { skipped: string }> {
  const hold = 'console.log("DATABASE_URL=" + process.env.DATABASE_URL); process.stdin.resume(); process.stdin.on("end", () => process.exit(0));';
  const child: ChildProcess = spawn("bash", ["scripts/with-postgres.sh", process.execPath, "-e", hold], {
    cwd: serverDir,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let log = "";
  return new Promise((resolve, reject) => {
    child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
    child.stdout?.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      const url = /DATABASE_URL=(\S+)/.exec(log)?.[1];
      if (!url) return;
      resolve({
        url,
        close: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.stdin?.end();
          }),
      });
    });
    child.once("exit", (code) => {
      if (code === 0 && /skipping/.test(log)) resolve({ skipped: log.trim() });
      else reject(new Error(`with-postgres.sh exited (${code}) before PostgreSQL was up:\n${log}`));
    });
  });
}

export interface SecondInstance {
  url: string;
  close(): Promise<void>;
}

/**
 * Another server instance on the room server's PostgreSQL database: its own pool, its own room
 * hub and bus (LISTEN/NOTIFY), the same clock, public URL, media folder and built dashboard, its own port
 * (`port`, to restart it where the browsers reconnect; else a free one).
 */
export async function startSecondInstance(server: RoomServer, port?: number): Promise<SecondInstance> {
  const connectionString = server.t.db.connectionString;
  if (!connectionString) throw new Error("A second instance needs the room server on PostgreSQL (DATABASE_URL).");
  const db = await openDatabase({ databaseUrl: connectionString, poolSize: 4 });
  const listenOn = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenOn}`;
  const roomBus = createRoomBus(db);
  const app = createApp({
    db,
    roomBus,
    mailer: memoryMailer(),
    // Instances behind one address share its public URL (mailed links point there).
    config: { publicURL: server.url, now: () => new Date(server.now()), mediaDir: server.t.mediaDir },
    media: createLocalMediaStore(server.t.mediaDir),
  });
  const listening = await listenApp(app, listenOn);
  return {
    url,
    async close() {
      await listening.close();
      await roomBus.stop();
      await db.close();
    },
  };
}
