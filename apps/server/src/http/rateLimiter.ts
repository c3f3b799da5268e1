import { eq, lt, sql } from "drizzle-orm";
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
  const { orm, max, windowMs, now } = options;
  const keyOf = (key: string) => `${options.name}:${key}`;
  let lastSweep = 0;

  async function sweep(at: Date): Promise<void> {
    if (at.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at.getTime();
    await orm.delete(rateLimits).where(lt(rateLimits.windowEndsAt, at)).returning({ key: rateLimits.key });
  }

  return {
    async hit(key) {
      const at = now();
      const endsAt = new Date(at.getTime() + windowMs);
      const ended = sql`${rateLimits.windowEndsAt} <= ${timestamp(at)}`;
      const [row] = await orm
        .insert(rateLimits)
        .values({ key: keyOf(key), count: 1, windowEndsAt: endsAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${ended} then 1 else ${rateLimits.count} + 1 end`,
            windowEndsAt: sql`case when ${ended} then ${timestamp(endsAt)} else ${rateLimits.windowEndsAt} end`,
          },
        })
        .returning({ count: rateLimits.count, windowEndsAt: rateLimits.windowEndsAt });
      await sweep(at);
      if (!row || row.count <= max) return 0;
      return Math.max(1, row.windowEndsAt.getTime() - at.getTime());
    },
    async reset(key) {
      await orm.delete(rateLimits).where(eq(rateLimits.key, keyOf(key))).returning({ key: rateLimits.key });
    },
  };
}
