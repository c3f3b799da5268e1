import { eventLiveScripts, type EventRow, type LiveScriptItem, type TimelineRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import type { PlannedNode } from "./plan.js";

/**
 * The live script of an event from its planned nodes: the live-event actions (livechat, cta,
 * changesubject…) with their instants and offsets from the start, in time order.
 *
 * @example
 * liveScriptOf(planTimeline(blocks, zone, event), event.startsAt);
 * // [{ nodeKey, action: "livechat", at: "2026-03-08T17:05:00.000Z", offsetSeconds: 300, model: { message } }]
 */
export function liveScriptOf(planned: readonly PlannedNode[], startsAt: Date): LiveScriptItem[] {
  return planned
    .filter((p) => p.kind === "live" && p.plannedAt)
    .map((p) => {
      const model = p.node.model as Record<string, unknown>;
      // Auto-chat keeps the exact second in the model (the node itself has minute precision).
      const afterSeconds = typeof model.afterSeconds === "number" && p.node.isAfter === 1 && p.node.days === 0 ? model.afterSeconds : undefined;
      const at = afterSeconds === undefined ? (p.plannedAt as Date) : new Date(startsAt.getTime() + afterSeconds * 1000);
      return {
        nodeKey: p.key,
        action: p.node.key || p.node.action,
        at: at.toISOString(),
        offsetSeconds: Math.round((at.getTime() - startsAt.getTime()) / 1000),
        model,
      };
    })
    .sort((a, b) => a.offsetSeconds - b.offsetSeconds);
}

/** Stores (replaces) an event's live script. */
export async function storeLiveScript(
  tx: Orm,
  timeline: Pick<TimelineRow, "id" | "accountId">,
  event: Pick<EventRow, "id" | "startsAt">,
  planned: readonly PlannedNode[],
  now: Date,
): Promise<void> {
  const items = liveScriptOf(planned, event.startsAt);
  await tx
    .insert(eventLiveScripts)
    .values({ eventId: event.id, accountId: timeline.accountId, timelineId: timeline.id, items, updatedAt: now })
    .onConflictDoUpdate({ target: eventLiveScripts.eventId, set: { items, updatedAt: now } });
}
