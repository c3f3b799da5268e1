import { and, count, eq } from "drizzle-orm";
import { registrants } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import type { RoomLink } from "../events/roomLink.js";

/** Registrants of the link's event (banned ones left out): what the simulated audience is a share of. */
export async function countRegistrants(orm: Orm, link: Pick<RoomLink, "accountId"> & { event: { id: string } }): Promise<number> {
  const [row] = await orm
    .select({ n: count() })
    .from(registrants)
    .where(and(eq(registrants.eventId, link.event.id), eq(registrants.accountId, link.accountId), eq(registrants.banned, false)));
  return row?.n ?? 0;
}
