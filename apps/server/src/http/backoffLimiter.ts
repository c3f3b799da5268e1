import { eq, sql } from "drizzle-orm";
import { rateLimits } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import type { BackoffSettings } from "../config/serverConfig.js";
import type { RateLimiter } from "./rateLimiter.js";

export interface BackoffLimiterOptions extends BackoffSettings {
  orm: Orm;
  /** Prefix of this limiter's keys in the shared `rate_limits` table. */
  name: string;
  now: () => Date;
}

/** A {@link RateLimiter} that can also forget every key starting with a prefix. */
export interface BackoffLimiter extends RateLimiter {
  /** Forgets every key that starts with `prefix` (every address's attempts on one account). */
  resetPrefix(prefix: string): Promise<void>;
}

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Exponential backoff per key, in the shared `rate_limits` table (so every instance counts
 * together): `free` attempts, then each further attempt must wait `firstWaitMs`, twice that, four
 * times … up to `maxWaitMs` after the one before it. A success forgets the key. A row holds the
 * attempts so far (`count`) and `window_ends_at` = last attempt + `memoryMs`, so the last attempt's
 * time is known without a column of its own.
 *
 * The check and the count are one conditional upsert: an attempt made while the key waits changes
 * nothing and returns no row, so parallel guesses cannot slip past the wait.
 *
 * @example
 * const logins = createBackoffLimiter({ orm, name: "login", free: 5, firstWaitMs: 60_000, maxWaitMs: 15 * 60_000, memoryMs: DAY, now });
 * const wait = await logins.hit(`${email}|${ip}`); // 0: go ahead and check the password
 */
export function createBackoffLimiter(options: BackoffLimiterOptions): BackoffLimiter {
  const { orm, free, firstWaitMs, maxWaitMs, memoryMs, now } = options;
  const keyOf = (key: string) => `${options.name}:${key}`;
  const waitAfter = (count: number) =>
    count < free ? 0 : Math.min(maxWaitMs, firstWaitMs * 2 ** Math.min(count - free, 30));

  return {
    async hit(key) {
      const at = now();
      const remembered = sql`${rateLimits.windowEndsAt} > ${timestamp(at)}`;
      // The wait of the row as it is, in SQL: last attempt + waitAfter(count) still ahead.
      const lastAttempt = sql`${rateLimits.windowEndsAt} - ${memoryMs} * interval '1 millisecond'`;
      const wait = sql`least(${maxWaitMs}::float8, ${firstWaitMs}::float8 * power(2::float8, least(${rateLimits.count} - ${free}, 30)))`;
      const waiting = sql`${remembered} and ${rateLimits.count} >= ${free} and ${lastAttempt} + ${wait} * interval '1 millisecond' > ${timestamp(at)}`;
      const [row] = await orm
        .insert(rateLimits)
        .values({ key: keyOf(key), count: 1, windowEndsAt: new Date(at.getTime() + memoryMs) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${remembered} then ${rateLimits.count} + 1 else 1 end`,
            windowEndsAt: timestamp(new Date(at.getTime() + memoryMs)),
          },
          setWhere: sql`not (${waiting})`,
        })
        .returning({ count: rateLimits.count });
      if (row) return 0;
      const [current] = await orm
        .select({ count: rateLimits.count, windowEndsAt: rateLimits.windowEndsAt })
        .from(rateLimits)
        .where(eq(rateLimits.key, keyOf(key)));
      if (!current) return 0;
      const last = current.windowEndsAt.getTime() - memoryMs;
      return Math.max(1, last + waitAfter(current.count) - at.getTime());
    },
    async reset(key) {
      await orm.delete(rateLimits).where(eq(rateLimits.key, keyOf(key))).returning({ key: rateLimits.key });
    },
    async resetPrefix(prefix) {
      const full = keyOf(prefix);
      await orm
        .delete(rateLimits)
        .where(sql`left(${rateLimits.key}, ${full.length}) = ${full}`)
        .returning({ key: rateLimits.key });
    },
  };
}
