import type { Context } from "hono";
import type { SQL } from "drizzle-orm";
import { createRateLimiter, limitSteps, type LimitSteps, type RateLimiter, type Refusal } from "../http/rateLimiter.js";
import type { AppDeps } from "../deps.js";
import type { Database } from "../db/types.js";
import { HttpError } from "../http/errors.js";

export interface PublicRateLimits {
  /** Registrations one address may send (a venue or office behind one address needs room). */
  perIp: { max: number; windowMs: number };
  /** Registrations one timeline takes, from everyone together (a flood on one form). */
  perTimeline: { max: number; windowMs: number };
}

/**
 * A mailing sends a crowd to one form at once: the timeline's ceiling sits well above the
 * 100 registrations a second one instance sustains (bench/registration-rush.mjs), so it stops only
 * a flood from many addresses; one address is stopped by its own limit.
 */
export const DEFAULT_PUBLIC_RATE_LIMITS: PublicRateLimits = {
  perIp: { max: 30, windowMs: 10 * 60_000 },
  perTimeline: { max: 15_000, windowMs: 60_000 },
};

interface Limiters {
  perIp: RateLimiter;
  perTimeline: RateLimiter;
}

const chosen = new WeakMap<Database, PublicRateLimits>();
const made = new WeakMap<AppDeps, Limiters>();

/**
 * Sets the public registration limits of the apps on `db` (tests use small ones). Call it before
 * the first registration: limiters are made on first use.
 */
export function setPublicRateLimits(db: Database, limits: PublicRateLimits): void {
  chosen.set(db, limits);
}

/**
 * The app's public registration limiters: fixed windows counted in the `rate_limits` table, so
 * every instance on the database shares them (see http/rateLimiter.ts). Kept beside the app's
 * dependencies rather than in them so this slice needs no change to the shared `AppDeps`.
 */
function limitersOf(deps: AppDeps): Limiters {
  let limiters = made.get(deps);
  if (!limiters) {
    const limits = chosen.get(deps.db) ?? DEFAULT_PUBLIC_RATE_LIMITS;
    const now = deps.config.now;
    limiters = {
      perIp: createRateLimiter({ orm: deps.db.orm, name: "register-ip", ...limits.perIp, now }),
      perTimeline: createRateLimiter({ orm: deps.db.orm, name: "register-timeline", ...limits.perTimeline, now }),
    };
    made.set(deps, limiters);
  }
  return limiters;
}

/** A 429 with `Retry-After` (seconds), which the error answer keeps and CORS lets the widget read. */
const tooMany = (c: Context, waitMs: number, message: string) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  c.header("Retry-After", String(seconds));
  return new HttpError(429, `${message} Try again in ${seconds} seconds.`);
};

/**
 * The counting of a valid registration attempt, as parts of the statement that stores it
 * (registration/storeRegistration.ts): the address's limit, then the timeline's — which counts only
 * when the address passed, so one sender cannot close the form for everyone.
 */
export function registrationLimits(deps: AppDeps, ip: string, timelineId: string, at: Date): (when: SQL) => LimitSteps {
  const { perIp, perTimeline } = limitersOf(deps);
  return (when) =>
    limitSteps(
      [
        { limiter: perIp, key: ip },
        { limiter: perTimeline, key: timelineId },
      ],
      at,
      when,
    );
}

/** The 429 for a registration a limit refused (its `Retry-After`), saying which limit. */
export function refusedRegistration(c: Context, refusal: Refusal): HttpError {
  const message = refusal.index === 0 ? "Too many registrations from your network." : "This registration form is very busy right now.";
  return tooMany(c, refusal.waitMs, message);
}
