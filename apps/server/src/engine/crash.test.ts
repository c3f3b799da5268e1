import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../app.js";
import { actionDeliveries, scheduledActions, usageEvents } from "../db/schema/index.js";
import { openDatabase } from "../db/openDatabase.js";
import type { Database } from "../db/types.js";
import { freePort } from "../test-support/freePort.js";
import { createUser } from "../users/users.js";
import { insertRegistrants, insertTimeline } from "../webinars/attendanceData.js";
import { occurrences } from "../webinars/recurrence.js";
import { storeSchedule } from "../webinars/schedule.js";
import { createClient } from "@cuepoint/sdk";
import { scheduleRegistrants } from "./schedule.js";

/**
 * The crash test: 1,000 webhook actions due, the real server (`tsx src/index.ts`) killed with
 * SIGKILL mid-dispatch and started again. The webhook peer on 127.0.0.1 honours
 * `Idempotency-Key` as a real one would (a repeated key is answered, not applied again) and counts
 * what it applied: each of the 1,000 exactly once. On PGlite (a temporary data folder) by default,
 * on PostgreSQL when the suite runs there.
 */

const ACTIONS = 1000;
const SERVER_DIR = fileURLToPath(new URL("../..", import.meta.url));

interface IdempotentPeer {
  url: string;
  applied: Map<string, number>;
  replays: number;
  close(): Promise<void>;
}

async function startIdempotentPeer(): Promise<IdempotentPeer> {
  const peer = { applied: new Map<string, number>(), replays: 0 };
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const key = String(request.headers["idempotency-key"] ?? "");
      if (peer.applied.has(key)) peer.replays += 1;
      else peer.applied.set(key, 1);
      // A little work per delivery, so the kill lands while deliveries are in flight.
      setTimeout(() => response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'), 3);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(peer, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** Seeds an account, a webhook integration, a timeline, an event and 1,000 registrants whose action is due now. */
async function seed(db: Database): Promise<{ token: string; timelineId: string }> {
  const now = new Date();
  const app = createApp({ db, config: { now: () => now } });
  const user = await createUser(db.orm, { email: "crash@example.com", password: "Webinar#2024", role: "2", name: "Crash" });
  const client = createClient({ apiURL: "http://localhost/api", fetch: (input, init) => app.request(String(input), init), xsrf: false });
  const { success: session } = await client.session.login("crash@example.com", "Webinar#2024");
  const owner = createClient({
    apiURL: "http://localhost/api",
    fetch: (input, init) => app.request(String(input), init),
    token: session.api_token,
    xsrf: false,
  });
  const hook = (await owner.integrations.create({ type: "WEBHOOK" })).success.integrationid;
  const timeline = await insertTimeline(db.orm, user.accountId, { name: "Crash", timeZone: "UTC" });
  // The event starts 30 minutes from now (next whole minute); its action is due 20 minutes before.
  const start = new Date(Math.ceil((now.getTime() + 30 * 60_000) / 60_000) * 60_000);
  const startLocal = start.toISOString().slice(0, 16);
  const { rows } = await storeSchedule(db.orm, {
    accountId: user.accountId,
    timelineId: timeline.id,
    name: "Crash",
    timeZone: "UTC",
    startLocal,
    starts: occurrences(startLocal, "UTC", undefined, new Date(0)),
    now,
  });
  const event = rows[0];
  if (!event) throw new Error("no event");
  await owner.timelines.setEvents({
    webinarTimeline: timeline.id,
    isPast: false,
    blocks: {
      "0": [
        {
          id: "hook",
          minutes: 20,
          isAfter: -1,
          action: "sendWebhook",
          integrationType: "WEBHOOK",
          integrationID: hook,
          groupID: "3",
          model: { webhook: "https://hooks.example.com/catch" },
        },
      ],
    },
  });
  const people = Array.from({ length: ACTIONS }, (_, i) => ({ email: `p${i}@example.com`, name: `P ${i}` }));
  const registered = await insertRegistrants(db.orm, event, people);
  await db.orm.transaction((tx) => scheduleRegistrants(tx, registered.map((r) => r.uuid), now));
  // Due now rather than in 10 minutes: the test does not wait.
  await db.orm.update(scheduledActions).set({ dueAt: sql`now()` });
  return { token: session.api_token ?? "", timelineId: timeline.id };
}

function startServer(env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=@cuepoint/source", "src/index.ts"], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.resume();
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[server] ${chunk.toString()}`));
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())));

/**
 * Waits until `check()` holds. Fails only when `progress()` has not moved for `stallMs`: a loaded
 * machine may be slow (the server boots, then works), but a stuck engine is caught.
 */
async function until(check: () => boolean, progress: () => number, stallMs: number, what: string): Promise<void> {
  let last = progress();
  let movedAt = Date.now();
  while (!check()) {
    const now = progress();
    if (now !== last) [last, movedAt] = [now, Date.now()];
    if (Date.now() - movedAt > stallMs) throw new Error(`No progress for ${stallMs / 1000} s waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("a crash mid-dispatch", () => {
  const folder = mkdtempSync(join(tmpdir(), "cuepoint-crash-"));
  const children: ChildProcess[] = [];
  let peer: IdempotentPeer | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await Promise.all(children.map(exited));
    await peer?.close();
    await dropDatabase?.();
    rmSync(folder, { recursive: true, force: true });
  });

  it(
    "loses nothing and doubles nothing: every action carried out exactly once",
    async () => {
      peer = await startIdempotentPeer();
      const url = process.env.DATABASE_URL;
      let databaseUrl: string | undefined;
      if (url) {
        // PostgreSQL mode: a database of its own.
        const name = `cuepoint_crash_${Date.now()}`;
        const admin = await openDatabase({ databaseUrl: url, migrate: false, poolSize: 1 });
        await admin.orm.execute(sql.raw(`create database ${name}`));
        await admin.close();
        const own = new URL(url);
        own.pathname = `/${name}`;
        databaseUrl = own.toString();
        dropDatabase = async () => {
          const drop = await openDatabase({ databaseUrl: url, migrate: false, poolSize: 1 });
          await drop.orm.execute(sql.raw(`drop database if exists ${name} with (force)`));
          await drop.close();
        };
      }
      const dataDir = join(folder, "data");
      const db = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
      const { token, timelineId } = await seed(db);
      await db.close();

      const port = await freePort();
      const env = {
        PORT: String(port),
        CUEPOINT_DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? "",
        CUEPOINT_WEBHOOK_BASE_URL: peer.url,
        CUEPOINT_ENGINE_LEASE_SECONDS: "3",
        CUEPOINT_ENGINE_BATCH: "50",
        CUEPOINT_ENGINE_IDLE_MS: "50",
      };
      const first = startServer(env);
      children.push(first);
      const p = peer;
      const delivered = () => p.applied.size + p.replays;
      await until(() => p.applied.size >= ACTIONS / 4, delivered, 90_000, "the first deliveries");
      first.kill("SIGKILL");
      await exited(first);
      const atKill = p.applied.size;
      expect(atKill).toBeLessThan(ACTIONS);

      const second = startServer(env);
      children.push(second);
      await until(() => p.applied.size === ACTIONS, delivered, 90_000, "every delivery after the restart");
      // The deliveries in flight at the kill are handed out again after the lease: wait until the
      // server has logged an outcome for every action (its own API), then stop it cleanly.
      const api = createClient({ apiURL: `http://127.0.0.1:${port}/api`, token, xsrf: false });
      // Up to 150 s: on a loaded 2-core machine (CI runs the browser suite beside this one) the
      // in-flight jobs' lease expiry and retry took past 60 s once.
      const end = Date.now() + 150_000;
      while ((await api.automation.deliveries({ webinarTimeline: timelineId })).total !== ACTIONS) {
        if (Date.now() > end) throw new Error("The server did not log every action.");
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      second.kill("SIGTERM");
      await exited(second);
      const reopenCheck = async () => {
        const check = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
        try {
          const statuses = await check.orm
            .select({ status: scheduledActions.status, n: count() })
            .from(scheduledActions)
            .groupBy(scheduledActions.status);
          const [sent] = await check.orm.select({ n: count() }).from(actionDeliveries).where(eq(actionDeliveries.outcome, "sent"));
          const [used] = await check.orm.select({ n: count() }).from(usageEvents);
          return { statuses, sent: sent?.n, used: used?.n };
        } finally {
          await check.close();
        }
      };
      const stored = await reopenCheck();

      console.info(`crash test: killed after ${atKill} deliveries; ${p.replays} repeated with the same key after the restart`);
      // From the outside: each of the 1,000 applied exactly once.
      expect(p.applied.size).toBe(ACTIONS);
      expect([...p.applied.values()].every((n) => n === 1)).toBe(true);
      // Only deliveries in flight at the kill can have been repeated (with the same key): at most
      // one batch of 50 per engine loop (2).
      expect(p.replays).toBeLessThanOrEqual(100);
      // Inside: every action sent, logged once and counted once.
      expect(stored.statuses).toEqual([{ status: "sent", n: ACTIONS }]);
      expect(stored.sent).toBe(ACTIONS);
      expect(stored.used).toBe(ACTIONS);
    },
    300_000,
  );
});
