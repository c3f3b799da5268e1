import { and, eq, inArray } from "drizzle-orm";
import { isLiveAction, type TimelineBlocks } from "@cuepoint/sdk";
import type { Caller } from "../http/authenticate.js";
import { events } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { badRequest } from "../http/errors.js";
import { isUuid } from "../http/ids.js";

/**
 * An action added from a past event (spec §4) names that event in `model.fromEventID` and fires for
 * its registrants only (the SDK's `nodeAppliesToEvent`). The event must be one of this timeline's,
 * of the caller's account: else a 400 on the node (`blocks.-1.0`), so no save can reach another
 * account's registrants. Live-event actions keep their auto-chat `eventID` there and are not checked.
 *
 * @example
 * await assertSourceEvents(tx, caller, timeline.id, blocks);
 */
export async function assertSourceEvents(tx: Orm, caller: Caller, timelineId: string, blocks: TimelineBlocks): Promise<void> {
  const named: { id: string; field: string }[] = [];
  for (const [bucket, nodes] of Object.entries(blocks)) {
    nodes.forEach((node, index) => {
      const id = node.model.fromEventID;
      if (id && !isLiveAction(node)) named.push({ id, field: `blocks.${bucket}.${index}` });
    });
  }
  if (named.length === 0) return;
  const ids = [...new Set(named.map((entry) => entry.id).filter(isUuid))];
  const found =
    ids.length === 0
      ? []
      : await tx
          .select({ id: events.id })
          .from(events)
          .where(and(inArray(events.id, ids), eq(events.timelineId, timelineId), eq(events.accountId, caller.accountId)));
  const known = new Set(found.map((row) => row.id));
  const stray = named.find((entry) => !known.has(entry.id));
  if (stray) {
    throw badRequest(
      `This action belongs to the event "${stray.id}", which is not one of this timeline's events. Add it from one of them.`,
      stray.field,
    );
  }
}
