import { bucketOf, isBucket } from "./buckets.js";
import { isLiveAction } from "./liveActions.js";
import { isBlank } from "./normaliseTiming.js";
import type { Blocks, BlocksInput, TimelineNodeLike } from "./types.js";

/** The event a timeline's nodes are placed against: its id and, on a multi-event timeline, its day. */
export interface EventRef {
  /** The event's `webinarID`. */
  eventId: string;
  /** The multi-event day the event is (`general.multiEvents.settings[].dayKey`); blank for none. */
  dayKey?: string | null | undefined;
}

/**
 * Whether a node fires for an event (spec §4 "multi-event nodes are tied to day keys", "adding an
 * action to a past event"):
 * - a node tied to a day (`model.dayKey`) fires only for the events of that day;
 * - a node added from a past event (`model.fromEventID`) fires only for that event. Live-event
 *   actions (the auto-chat's messages carry their CSV's `eventID` there) stay the room's for
 *   every event, as before;
 * - every other node fires for every event of the timeline.
 *
 * @example
 * nodeAppliesToEvent({ model: { dayKey: "day-2" } }, { eventId: "e1", dayKey: "day-1" }); // false
 * nodeAppliesToEvent({ action: "sendMail", model: { fromEventID: "e1" } }, { eventId: "e1" }); // true
 */
export function nodeAppliesToEvent(node: TimelineNodeLike, event: EventRef): boolean {
  const dayKey = node.model?.dayKey;
  if (!isBlank(dayKey) && String(dayKey) !== String(event.dayKey ?? "")) return false;
  const source = node.model?.fromEventID;
  if (!isBlank(source) && !isLiveAction(node) && String(source) !== event.eventId) return false;
  return true;
}

/**
 * The blocks that fire for one event: the timeline's nodes that apply to it
 * ({@link nodeAppliesToEvent}), plus the nodes a multi-event setting keeps per day
 * (`general.multiEvents.nodes[dayKey]`, the spec's other place for them) placed in their day's
 * bucket. A node kept there without an `id` gets `"<dayKey>:<index>"`, so its jobs have a stable
 * identity; nodes outside -45..45 are left out (the editor refuses them). When no node is left
 * out or added, the answer is `blocks` itself.
 *
 * @example
 * blocksForEvent(blocks, { nodes: { "day-2": [n] } }, { eventId: "e2", dayKey: "day-2" });
 */
export function blocksForEvent<N extends TimelineNodeLike>(
  blocks: BlocksInput<N>,
  multiEvents: { nodes?: Readonly<Record<string, readonly N[]>> } | undefined,
  event: EventRef,
): Blocks<N> {
  const result: Blocks<N> = {};
  let changed = false;
  for (const [bucket, nodes] of Object.entries(blocks)) {
    result[bucket] = (nodes ?? []).filter((node) => nodeAppliesToEvent(node, event));
    changed ||= result[bucket].length !== (nodes ?? []).length;
  }
  const dayKey = event.dayKey ?? "";
  const dayNodes = dayKey ? multiEvents?.nodes?.[dayKey] ?? [] : [];
  // Nothing left out or added: the very same blocks, so plans remembered per blocks still apply.
  if (!changed && dayNodes.length === 0) return blocks as Blocks<N>;
  dayNodes.forEach((node, index) => {
    let day: number;
    try {
      day = bucketOf(node);
    } catch {
      return;
    }
    if (!isBucket(day)) return;
    const tied = { ...node, id: isBlank(node.id) ? `${dayKey}:${index}` : node.id } as N;
    result[String(day)] = [...(result[String(day)] ?? []), tied];
  });
  return result;
}

/**
 * A node added from a past event's screen (spec §4): tied to that event by `model.fromEventID`
 * (and named by `fromEventName`), so it fires for that event's registrants only — at once when its
 * time relative to the event has passed, else at it. Save it with `addNodeToPastEvent` (isPast).
 *
 * @example
 * pastEventNode(node, { webinarID: "e1", name: "Monday's class" }).model; // { …, fromEventID: "e1", fromEventName: "Monday's class" }
 */
export function pastEventNode<N extends TimelineNodeLike & { model?: object | null }>(
  node: N,
  event: { webinarID: string; name: string },
): N {
  return { ...node, model: { ...(node.model ?? {}), fromEventID: event.webinarID, fromEventName: event.name } };
}
