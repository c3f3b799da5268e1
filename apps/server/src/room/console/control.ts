import { eq } from "drizzle-orm";
import { eventControls } from "../../db/schema/index.js";
import type { Orm } from "../../db/types.js";

/** The host's start and end of an event, as `roomTimingOf`'s `control` input. */
export interface EventControl {
  startedAt: Date | null;
  endedAt: Date | null;
}

/**
 * The host's start and end of an event of the account (none yet: both null). `roomTimingOf`
 * reads them only for a semi-automatic or manual event.
 *
 * @example
 * const timing = roomTimingOf({ general, startsAt, timeZone, programSeconds, control: await eventControlOf(orm, accountId, eventId) });
 */
export async function eventControlOf(orm: Orm, accountId: string, eventId: string): Promise<EventControl> {
  const [row] = await orm.select().from(eventControls).where(eq(eventControls.eventId, eventId));
  if (!row || row.accountId !== accountId) return { startedAt: null, endedAt: null };
  return { startedAt: row.startedAt, endedAt: row.endedAt };
}
