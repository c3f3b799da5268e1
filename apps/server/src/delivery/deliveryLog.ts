import { platformLog, type DeliveryPlatform, type PlatformLogOutcome } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";

/** What the delivery sweep works with: the database and the server's clock. */
export interface DeliveryDeps {
  orm: Orm;
  now: () => Date;
}

/** How long a claimed session or registrant is held by the instance working on it. */
export const LEASE_MS = 2 * 60_000;

/** When a call that could not reach the platform is tried again: 30 s × 2^(attempt−1), at most an hour. */
export const retryAt = (now: Date, attempts: number): Date =>
  new Date(now.getTime() + Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1)));

export const retryNote = (message: string, next: Date): string => `${message} Trying again at ${next.toISOString()}.`;

export interface LogLine {
  accountId: string;
  eventId: string;
  registrantId?: string | null;
  platform: DeliveryPlatform;
  operation: string;
  outcome: PlatformLogOutcome;
  detail: string;
  at: Date;
}

/** Writes lines of the platforms' delivery log (one statement for any number). */
export async function deliveryLog(orm: Orm, ...lines: LogLine[]): Promise<void> {
  if (lines.length === 0) return;
  await orm.insert(platformLog).values(lines.map((line) => ({ ...line, registrantId: line.registrantId ?? null })));
}
