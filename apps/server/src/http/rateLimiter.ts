import { eq, lt, sql, type SQL } from "drizzle-orm";
import { rateLimits } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";

/**
 * Counts attempts per key in a fixed window, in the `rate_limits` table, so every server instance
 * on one database shares the counts (a guesser cannot multiply their tries by the number of
 * instances). Each count is one atomic upsert, so concurrent attempts never slip past the limit.
 */
export interface RateLimiter {
  /**
   * Counts one attempt; answers 0 when it is within the limit, else the milliseconds until the
   * window ends (the attempt must then be refused).
   */
  hit(key: string): Promise<number>;
  /** Forgets the key (after a success). */
  reset(key: string): Promise<void>;
}

export interface RateLimiterOptions {
  orm: Orm;
  /** Prefix of this limiter's keys in the shared table (`login`, `reset`, `register-ip`). */
  name: string;
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
  /** The clock (tests move it). */
  now: () => Date;
}

/** Expired windows are deleted at most this often per limiter (on a hit). */
const SWEEP_EVERY_MS = 60_000;

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;

interface LimiterParts {
  options: RateLimiterOptions;
  sweep(at: Date): Promise<void>;
}

/** Each limiter's options and sweep, for {@link hitInOrder} (kept out of the public interface). */
const parts = new WeakMap<RateLimiter, LimiterParts>();

/** The limiter that refused an attempt, by its place in the list, and how long until its window ends. */
export interface Refusal {
  index: number;
  waitMs: number;
}

/** One attempt counted on several limiters in turn, as parts of a statement (see {@link limitSteps}). */
export interface LimitSteps {
  /** The common table expressions that count: `limit_0`, `limit_1`… (columns count, ends). */
  ctes: SQL[];
  /** True when every limiter let the attempt through. */
  passed: SQL;
  /** The answer's columns: each step's count and window end (`limit_0_count`, `limit_0_ends`…). */
  columns: SQL;
  /** The first limiter that refused, read from the answer's row (null: none, or nothing was counted). */
  refusalOf(row: Record<string, unknown>): Refusal | null;
  /** Deletes ended windows (at most once a minute per limiter); call it after the statement. */
  sweep(): Promise<void>;
}

/**
 * One attempt on each limiter in turn, as parts of a statement, so that a caller can count it in
 * the same statement as what it guards (registration/storeRegistration.ts) and `hitInOrder` alone: a
 * limiter counts the attempt only when every limiter before it let it through (an address stopped
 * by its own limit does not use up a form's), and the first counts only when `when` (an SQL
 * condition) holds. Each count is an atomic upsert; a window that has ended starts again at 1.
 */
export function limitSteps(hits: readonly { limiter: RateLimiter; key: string }[], at: Date, when: SQL = sql`true`): LimitSteps {
  const steps = hits.map(({ limiter, key }, i) => {
    const found = parts.get(limiter);
    if (!found) throw new Error("limitSteps takes limiters made by createRateLimiter.");
    return { ...found, key, id: `limit_${i}`, name: sql.raw(`limit_${i}`) };
  });
  const last = steps.at(-1);
  if (!last) throw new Error("limitSteps needs at least one limiter.");
  const ctes = steps.map((step, i) => {
    const { options } = step;
    const before = steps[i - 1];
    const source = before ? sql`from ${before.name} where ${before.name}.count <= ${before.options.max}` : sql`where ${when}`;
    const endsAt = timestamp(new Date(at.getTime() + options.windowMs));
    const ended = sql`rate_limits.window_ends_at <= ${timestamp(at)}`;
    return sql`${step.name} as (
      insert into rate_limits (key, count, window_ends_at)
      select ${`${options.name}:${step.key}`}, 1, ${endsAt} ${source}
      on conflict (key) do update set
        count = case when ${ended} then 1 else rate_limits.count + 1 end,
        window_ends_at = case when ${ended} then ${endsAt} else rate_limits.window_ends_at end
      returning count, (extract(epoch from window_ends_at) * 1000)::float8 as ends)`;
  });
  const columns = steps.map(
    ({ id, name }) => sql`(select count from ${name}) as ${sql.raw(`${id}_count`)}, (select ends from ${name}) as ${sql.raw(`${id}_ends`)}`,
  );
  return {
    ctes,
    passed: sql`exists (select 1 from ${last.name} where ${last.name}.count <= ${last.options.max})`,
    columns: sql.join(columns, sql`, `),
    refusalOf(row) {
      for (const [index, step] of steps.entries()) {
        const count = row[`${step.id}_count`];
        if (typeof count !== "number") return null; // not counted: an earlier step refused, or `when` was false
        if (count > step.options.max) return { index, waitMs: Math.max(1, Number(row[`${step.id}_ends`]) - at.getTime()) };
      }
      return null;
    },
    async sweep() {
      for (const step of steps) await step.sweep(at);
    },
  };
}

/**
 * Counts one attempt on each limiter in turn, in one statement (one round trip, atomic): a
 * limiter counts the attempt only when every limiter before it let it through. Answers the first
 * limiter that refused, or null when all let it through.
 *
 * @example
 * const refused = await hitInOrder([{ limiter: perIp, key: ip }, { limiter: perForm, key: formId }]);
 * if (refused) throw new HttpError(429, `Try again in ${Math.ceil(refused.waitMs / 1000)} seconds.`);
 */
export async function hitInOrder(hits: readonly { limiter: RateLimiter; key: string }[]): Promise<Refusal | null> {
  const first = hits[0] && parts.get(hits[0].limiter);
  if (!first) return null;
  const steps = limitSteps(hits, first.options.now());
  const result = await first.options.orm.execute(sql`with ${sql.join(steps.ctes, sql`, `)} select ${steps.columns}`);
  // Both drivers answer raw SQL with `rows` (node-postgres QueryResult, PGlite Results).
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  await steps.sweep();
  return row ? steps.refusalOf(row) : null;
}

/**
 * A limiter over the shared `rate_limits` table. Rows whose window has ended are reset by the next
 * hit of their key, and deleted by a sweep that runs with a hit at most once a minute.
 *
 * @example
 * const logins = createRateLimiter({ orm, name: "login", max: 10, windowMs: 15 * 60_000, now: () => new Date() });
 * const wait = await logins.hit("ann@example.com"); // 0 for the first 10 attempts in 15 minutes
 * if (wait > 0) throw new HttpError(429, `Try again in ${Math.ceil(wait / 60_000)} minutes.`);
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { orm, name } = options;
  const keyOf = (key: string) => `${name}:${key}`;
  let lastSweep = 0;

  async function sweep(at: Date): Promise<void> {
    if (at.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at.getTime();
    await orm.delete(rateLimits).where(lt(rateLimits.windowEndsAt, at)).returning({ key: rateLimits.key });
  }

  const limiter: RateLimiter = {
    async hit(key) {
      const refused = await hitInOrder([{ limiter, key }]);
      return refused?.waitMs ?? 0;
    },
    async reset(key) {
      await orm.delete(rateLimits).where(eq(rateLimits.key, keyOf(key))).returning({ key: rateLimits.key });
    },
  };
  parts.set(limiter, { options, sweep });
  return limiter;
}
