import { randomUUID } from "node:crypto";
import { ruleContextOf, validateTimeline, type TimelineBlocks, type TimelineMasterSetting } from "@cuepoint/sdk";
import { badRequest } from "../http/errors.js";

/**
 * Refuses blocks that break a timeline rule of spec §5 (SDK `validateTimeline`), with the rule's
 * message and the node's path as `field` (`blocks.-1.0`: bucket "-1", first node). Incomplete
 * nodes are not refused: the SDK's node schema allows saving a draft action, and the scheduler
 * skips an action until it is complete. `only` limits the report to some nodes (by path).
 */
export function assertTimelineRules(
  blocks: TimelineBlocks,
  setting: TimelineMasterSetting,
  only?: (path: string) => boolean,
): void {
  // The rules report a node by its `id`; giving each node its path as id makes the report a field.
  const located: TimelineBlocks = {};
  for (const [bucket, nodes] of Object.entries(blocks)) {
    located[bucket] = nodes.map((node, index) => ({ ...node, id: `blocks.${bucket}.${index}` }));
  }
  const problem = validateTimeline(located, ruleContextOf(setting.general)).find(
    (p) => p.code !== "incomplete" && (only === undefined || only(String(p.nodeId))),
  );
  if (!problem) return;
  // An action this release does not carry out is the node's `action` field (the SDK's checkActionRuns).
  throw badRequest(problem.message, problem.code === "action-not-running" ? `${String(problem.nodeId)}.action` : String(problem.nodeId));
}

/** Gives every node without an `id` one, so revisions, auto-chat imports and the editor can address it. */
export function withNodeIds(blocks: TimelineBlocks): TimelineBlocks {
  const named: TimelineBlocks = {};
  for (const [bucket, nodes] of Object.entries(blocks)) {
    named[bucket] = nodes.map((node) => (node.id ? node : { ...node, id: randomUUID() }));
  }
  return named;
}
