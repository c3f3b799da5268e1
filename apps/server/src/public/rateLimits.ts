import type { Context } from "hono";
import { createRateLimiter, type RateLimiter } from "../http/rateLimiter.js";
import type { AppDeps } from "../deps.js";
import type { Database } from "../db/types.js";
import { HttpError } from "../http/errors.js";

export interface PublicRateLimits {
  /** Registrations one address may send (a venue or office behind one address needs room). */
  perIp: { max: number; windowMs: number };
  /** Registrations one timeline takes, from everyone together (a flood on one form). */
  perTimeline: { max: number; windowMs: number };
}

export const DEFAULT_PUBLIC_RATE_LIMITS: PublicRateLimits = {
  perIp: { max: 30, windowMs: 10 * 60_000 },
  perTimeline: { max: 600, windowMs: 60_000 },
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
 * The app's public registration limiters, in memory per server instance like the login limiter
 * (counted in fixed windows; see http/rateLimiter.ts). Kept beside the app's dependencies rather
 * than in them so this slice needs no change to the shared `AppDeps`.
 */
function limitersOf(deps: AppDeps): Limiters {
  let limiters = made.get(deps);
  if (!limiters) {
    const limits = chosen.get(deps.db) ?? DEFAULT_PUBLIC_RATE_LIMITS;
    const now = deps.config.now;
    limiters = {
      perIp: createRateLimiter({ ...limits.perIp, now }),
      perTimeline: createRateLimiter({ ...limits.perTimeline, now }),
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

/** Counts a registration attempt from `ip`, or throws 429 when that address has sent too many. */
export function limitIp(c: Context, deps: AppDeps, ip: string): void {
  const { perIp } = limitersOf(deps);
  const wait = perIp.retryAfter(ip);
  if (wait > 0) throw tooMany(c, wait, "Too many registrations from your network.");
  perIp.hit(ip);
}

/** Counts a registration attempt on a timeline, or throws 429 when it takes too many at once. */
export function limitTimeline(c: Context, deps: AppDeps, timelineId: string): void {
  const { perTimeline } = limitersOf(deps);
  const wait = perTimeline.retryAfter(timelineId);
  if (wait > 0) throw tooMany(c, wait, "This registration form is very busy right now.");
  perTimeline.hit(timelineId);
}
