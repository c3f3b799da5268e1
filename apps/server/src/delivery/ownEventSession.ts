import type { EventRow, PlatformSessionRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { ownEvent } from "../events/access.js";
import { sessionOf } from "./sessions.js";

/**
 * The caller's event `id` and its session on its delivery platform (undefined until the delivery
 * sweep opens one), as the delivery routes read them: an event of another account, an unknown id
 * and a malformed one answer ownEvent's 404, and the session is looked up in the account only.
 *
 * @example
 * const { event, session } = await ownEventSession(orm, caller.accountId, params.id ?? "");
 */
export async function ownEventSession(
  orm: Orm,
  accountId: string,
  id: string,
): Promise<{ event: EventRow; session: PlatformSessionRow | undefined }> {
  const event = await ownEvent(orm, accountId, id);
  return { event, session: await sessionOf(orm, accountId, event.id) };
}
