import type PgBoss from "pg-boss";
import { and, count, eq, lte } from "drizzle-orm";
import { defaultConfig, type ServerConfig } from "../config/serverConfig.js";
import { scheduledActions } from "../db/schema/index.js";
import type { Database } from "../db/types.js";
import { executeAction } from "./actions/index.js";
import type { ExecuteAction } from "../integrations/actions/types.js";
import { ACTIONS_QUEUE, pumpDue, startBoss } from "./queue.js";
import { DEFAULT_RETRY, handleJobs, type QueueJob, type RetryPolicy } from "./worker.js";

export interface EngineOptions {
  db: Database;
  /** The app's config; `config.now` is the engine's clock (tests move it instead of sleeping). */
  config?: Partial<ServerConfig>;
  /** Carries out one action (default: the integration executors of engine/actions). */
  execute?: ExecuteAction;
  retry?: Partial<RetryPolicy>;
  /** Jobs fetched at once (default 500). */
  batchSize?: number;
  /** Actions carried out at once within a batch (default 50). */
  concurrency?: number;
  /** How long an idle loop waits before looking again, in ms (default 200). */
  idleMs?: number;
  /** Seconds before a crashed instance's jobs are handed out again (default 60). */
  leaseSeconds?: number;
  /** How often pg-boss looks for expired jobs, in seconds (default 10). */
  maintenanceSeconds?: number;
  /** Run the polling loops (default true); tests that step with `drain()` turn them off. */
  loop?: boolean;
  /**
   * Loops in this process (default 2): while one waits for the database, another prepares or
   * records its batch.
   */
  loops?: number;
}

export interface Engine {
  /**
   * Runs until nothing is due by the engine's clock and no job is waiting or running: moves due
   * actions into pg-boss, fetches and carries them out. Tests call it after moving the clock.
   */
  drain(): Promise<void>;
  /** One round: pump due actions, fetch one batch and carry it out. Answers the jobs handled. */
  tick(): Promise<number>;
  /** Stops the loop, waits for the batch in hand, stops pg-boss (the database stays open). */
  stop(): Promise<void>;
}

/**
 * Starts the automation engine on a database: pg-boss (its schema created on first start), and a
 * loop that every `idleMs` moves due actions into pg-boss and carries out what it fetches. On
 * PostgreSQL several server instances can run one each and share the work.
 *
 * @example
 * const engine = await startEngine({ db, config: { now: clock.now } });
 * clock.advance(60 * 60_000);
 * await engine.drain();
 * await engine.stop();
 */
export async function startEngine(options: EngineOptions): Promise<Engine> {
  const config = defaultConfig(options.config);
  const leaseSeconds = options.leaseSeconds ?? 60;
  const batchSize = options.batchSize ?? 500;
  const idleMs = options.idleMs ?? 200;
  const deps = {
    db: options.db,
    config,
    execute: options.execute ?? executeAction,
    retry: { ...DEFAULT_RETRY, ...options.retry },
    concurrency: options.concurrency ?? 50,
  };
  const boss: PgBoss = await startBoss(options.db, { leaseSeconds, maintenanceSeconds: options.maintenanceSeconds ?? 10 });

  let running = true;
  const wakers = new Set<() => void>();

  const tick = async (): Promise<number> => {
    await pumpDue(options.db, config.now(), batchSize * 2, leaseSeconds);
    const jobs = (await boss.fetch(ACTIONS_QUEUE, { batchSize })) as unknown as QueueJob[] | null;
    if (!jobs || jobs.length === 0) return 0;
    try {
      await handleJobs(deps, jobs);
      await boss.complete(ACTIONS_QUEUE, jobs.map((job) => job.id));
    } catch (error) {
      // The jobs stay active; pg-boss hands them out again after the lease.
      console.error("Automation engine: a batch failed:", (error as Error).message);
    }
    return jobs.length;
  };

  const loop = async () => {
    while (running) {
      const handled = await tick().catch((error: unknown) => {
        console.error("Automation engine:", (error as Error).message);
        return 0;
      });
      if (handled === 0 && running) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            wakers.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, idleMs);
          wakers.add(wake);
        });
      }
    }
  };
  const looping = options.loop === false ? Promise.resolve() : Promise.all(Array.from({ length: options.loops ?? 2 }, loop));

  const busy = async (): Promise<number> => {
    const [row] = await options.db.orm
      .select({ n: count() })
      .from(scheduledActions)
      .where(eq(scheduledActions.status, "queued"));
    return row?.n ?? 0;
  };

  return {
    async drain() {
      for (let rounds = 0; rounds < 10_000; rounds++) {
        const handled = await tick();
        if (handled > 0) continue;
        const pendingDue = await countDue(options.db, config.now());
        if (pendingDue === 0 && (await busy()) === 0) return;
        // Another loop (or instance) holds the rest: give it a moment.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error("The engine did not drain.");
    },
    tick,
    async stop() {
      running = false;
      for (const wake of [...wakers]) wake();
      await looping;
      await boss.stop({ graceful: false, close: false, wait: true });
    },
  };
}

async function countDue(db: Database, now: Date): Promise<number> {
  const [row] = await db.orm
    .select({ n: count() })
    .from(scheduledActions)
    .where(and(eq(scheduledActions.status, "pending"), lte(scheduledActions.dueAt, now)));
  return row?.n ?? 0;
}
