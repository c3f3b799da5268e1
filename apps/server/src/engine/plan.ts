import { isActionComplete, isLiveAction, isRegistrantAction, nodeInstant, type TimelineBlocks, type TimelineNode } from "@cuepoint/sdk";
import { checkActionReady } from "../integrations/actions/ready.js";

/** One node of a timeline placed against one event. */
export interface PlannedNode {
  /** The node's `id` (or its position when an old node has none). */
  key: string;
  node: TimelineNode;
  /** When the timeline math puts it for this event (null when its timing cannot be read). */
  plannedAt: Date | null;
  /**
   * `action`: a per-registrant job; `live`: part of the event's live script; `draft`: incomplete
   * (no group, action or time) or not ready (a required field of spec §5 missing, no integration
   * picked), given no job until it is fixed; `invalid`: timing or zone unreadable.
   */
  kind: "action" | "live" | "draft" | "invalid";
  /** For `draft` and `invalid`: why. */
  reason?: string;
}

/** The event a timeline is placed against. */
export interface PlanEvent {
  startsAt: Date;
  /** The event's IANA zone: relative nodes keep its wall-clock time across days. */
  timeZone: string;
}

/**
 * Every node of a timeline's blocks with its instant for one event: the SDK's `nodeInstant` with
 * the event's start and zone, exact-time nodes at the wall time of the timeline's zone
 * (`general.timeZone`, DOMAIN.md). Sorted by instant.
 *
 * @example
 * planTimeline(timeline.blocks, "America/Los_Angeles", { startsAt, timeZone: "America/New_York" });
 * // [{ key: "n1", kind: "action", plannedAt: 2026-03-07T15:00:00Z, node }, …]
 */
export function planTimeline(blocks: TimelineBlocks, timelineTimeZone: string, event: PlanEvent): PlannedNode[] {
  const planned: PlannedNode[] = [];
  for (const [bucket, nodes] of Object.entries(blocks)) {
    nodes.forEach((node, index) => {
      const key = node.id || `${bucket}:${index}`;
      let plannedAt: Date | null = null;
      try {
        plannedAt = nodeInstant(node, { start: event.startsAt, timeZone: event.timeZone, timelineTimeZone });
      } catch (error) {
        planned.push({ key, node, plannedAt, kind: "invalid", reason: `Its time cannot be placed: ${(error as Error).message}` });
        return;
      }
      // encore, addEvent and deleteSystemWide act on the registrant: jobs like any action, not the room's.
      if (isLiveAction(node) && !isRegistrantAction(node)) {
        planned.push({ key, node, plannedAt, kind: "live" });
        return;
      }
      const complete = isActionComplete(node);
      if (!complete.ok) {
        planned.push({ key, node, plannedAt, kind: "draft", reason: `Incomplete action: ${complete.message}` });
        return;
      }
      // Spec §5's per-integration required fields (the SDK rule), checked before any job exists.
      const ready = checkActionReady(node);
      if (!ready.ok) planned.push({ key, node, plannedAt, kind: "draft", reason: `Not ready (${ready.field}): ${ready.message}` });
      else planned.push({ key, node, plannedAt, kind: "action" });
    });
  }
  return planned.sort((a, b) => (a.plannedAt?.getTime() ?? 0) - (b.plannedAt?.getTime() ?? 0));
}
