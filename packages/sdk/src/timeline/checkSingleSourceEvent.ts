import { isBlank } from "./normaliseTiming.js";
import { OK, fail } from "./ruleSupport.js";
import type { RuleResult, TimelineNodeLike } from "./types.js";

/**
 * Spec §5 "An action may not come from several source events": the nodes of one multi-event
 * action (its copies, which share a `nodeID`; `validateTimeline` groups them so) must all carry the
 * same `model.fromEventID`. Nodes without a source event are not multi-event nodes and are ignored.
 *
 * @example
 * checkSingleSourceEvent([
 *   { isAfter: 1, model: { fromEventID: "e1", fromEventName: "Monday" } },
 *   { isAfter: 1, model: { fromEventID: "e2", fromEventName: "Tuesday" } },
 * ]);
 * // { ok: false, code: "multiple-source-events", message: "...Monday, Tuesday..." }
 */
export function checkSingleSourceEvent(nodes: readonly Pick<TimelineNodeLike, "model">[]): RuleResult {
  const sources = new Map<string, string>();
  for (const node of nodes) {
    const id = node.model?.fromEventID;
    if (isBlank(id)) continue;
    const key = String(id).trim();
    if (!sources.has(key)) sources.set(key, node.model?.fromEventName?.trim() || key);
  }
  if (sources.size <= 1) return OK;
  return fail(
    "multiple-source-events",
    `This action comes from ${sources.size} source events (${[...sources.values()].join(", ")}); an ` +
      `action must come from a single source event. Keep the copies of one event and remove the others.`,
  );
}
