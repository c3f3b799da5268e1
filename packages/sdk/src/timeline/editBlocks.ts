import { bucketOf, isBucket } from "./buckets.js";
import { dayLabel } from "./groupByDay.js";
import { isBlank } from "./normaliseTiming.js";
import { toInstant } from "./nodeInstant.js";
import { OK, fail, readTiming } from "./ruleSupport.js";
import type { Blocks, BlocksInput, RuleResult, TimelineNodeLike, TimelineRuleCode } from "./types.js";

/** Thrown by the editing operations when an edit is refused; `code` says why. */
export class TimelineEditError extends Error {
  readonly code: TimelineRuleCode;
  constructor(code: TimelineRuleCode, message: string) {
    super(message);
    this.name = "TimelineEditError";
    this.code = code;
  }
}

type NodeId = string | number;

function sameId(a: unknown, b: NodeId): boolean {
  return !isBlank(a) && String(a) === String(b);
}

/** A new blocks object with a new list for every key (missing lists become empty). */
function copyBlocks<N>(blocks: BlocksInput<N>): Blocks<N> {
  const copy: Blocks<N> = {};
  for (const [key, nodes] of Object.entries(blocks)) copy[key] = [...(nodes ?? [])];
  return copy;
}

/**
 * Where a node is: its bucket key, index and the node.
 *
 * @example
 * findNode(blocks, "n1"); // { bucket: "-1", index: 0, node: { id: "n1", ... } }
 */
export function findNode<N extends TimelineNodeLike>(
  blocks: BlocksInput<N>,
  nodeId: NodeId,
): { bucket: string; index: number; node: N } | undefined {
  for (const [bucket, nodes] of Object.entries(blocks)) {
    const index = (nodes ?? []).findIndex((node) => sameId(node.id, nodeId));
    const node = nodes?.[index];
    if (node) return { bucket, index, node };
  }
  return undefined;
}

/**
 * Adds a node at the end of its bucket (`bucketOf(node)`), returning new blocks.
 *
 * @throws TimelineEditError (`invalid-bucket`) when the node's day is outside -45..45;
 *   RangeError when its timing cannot be read.
 * @example
 * addNode(createEmptyBlocks(), { id: "n1", days: 1, hours: 0, minutes: 0, isAfter: -1 })["-1"]; // [the node]
 */
export function addNode<N extends TimelineNodeLike>(blocks: BlocksInput<N>, node: N): Blocks<N> {
  const day = bucketOf(node);
  if (!isBucket(day)) throw new TimelineEditError("invalid-bucket", `Day ${day} is outside the timeline (-45 to 45).`);
  const next = copyBlocks(blocks);
  next[String(day)] = [...(next[String(day)] ?? []), node];
  return next;
}

/**
 * Whether `moveNode` would accept a move, and why not. Multi-event nodes (with a `model.dayKey`)
 * are tied to their day: they keep their day key and may not move to another day.
 *
 * @example
 * canMoveNode(blocks, "n1", -2); // { ok: true }
 */
export function canMoveNode(blocks: BlocksInput<TimelineNodeLike>, nodeId: NodeId, toDays: number): RuleResult {
  if (!isBucket(toDays)) return fail("invalid-bucket", `Day ${toDays} is outside the timeline (-45 to 45).`);
  const found = findNode(blocks, nodeId);
  if (!found) return fail("node-not-found", `No action with id "${nodeId}" in this timeline.`);
  const timing = readTiming(found.node);
  if ("ok" in timing) return timing;
  const fromDays = timing.days * timing.isAfter || 0;
  const dayKey = found.node.model?.dayKey;
  if (fromDays !== toDays && !isBlank(dayKey)) {
    return fail(
      "multi-event-day-locked",
      `This action belongs to the multi-event day "${dayKey}" and can't move to ${dayLabel(toDays).toLowerCase()}; ` +
        `add it to that event's day instead.`,
    );
  }
  return OK;
}

/**
 * Moves a node to another day (signed day offset): sets `days` and `isAfter` (kept when moving to
 * the event day), and re-buckets it at the end of the target day. Hours, minutes, exact time and
 * `model` (with its `dayKey`) are kept.
 *
 * @throws TimelineEditError when `canMoveNode` refuses the move.
 * @example
 * moveNode(blocks, "n1", -3); // n1 now "3 days before", in blocks["-3"]
 */
export function moveNode<N extends TimelineNodeLike>(blocks: BlocksInput<N>, nodeId: NodeId, toDays: number): Blocks<N> {
  const check = canMoveNode(blocks, nodeId, toDays);
  if (!check.ok) throw new TimelineEditError(check.code, check.message);
  const found = findNode(blocks, nodeId);
  if (!found) throw new TimelineEditError("node-not-found", `No action with id "${nodeId}" in this timeline.`);
  const isAfter = toDays === 0 ? bucketDirection(found.node) : toDays < 0 ? -1 : 1;
  const moved = { ...found.node, days: Math.abs(toDays), isAfter } as N;
  const next = copyBlocks(blocks);
  const target = String(toDays);
  if (found.bucket === target) {
    next[target] = (next[target] ?? []).map((node, index) => (index === found.index ? moved : node));
  } else {
    next[found.bucket] = (next[found.bucket] ?? []).filter((_, index) => index !== found.index);
    next[target] = [...(next[target] ?? []), moved];
  }
  return next;
}

function bucketDirection(node: TimelineNodeLike): 1 | -1 {
  const timing = readTiming(node);
  return "ok" in timing ? 1 : timing.isAfter;
}

/**
 * Removes every node with this id, returning new blocks (unchanged contents when none matches).
 *
 * @example
 * deleteNode(blocks, "n1");
 */
export function deleteNode<N extends TimelineNodeLike>(blocks: BlocksInput<N>, nodeId: NodeId): Blocks<N> {
  const next: Blocks<N> = {};
  for (const [key, nodes] of Object.entries(blocks)) next[key] = (nodes ?? []).filter((node) => !sameId(node.id, nodeId));
  return next;
}

/**
 * Spec §4 "Adding an action to a past event puts it in the node list of the relevant bucket and
 * saves all blocks with isPast true": the new blocks and the `isPast` flag to send with them.
 *
 * @example
 * const { blocks: next, isPast } = addNodeToPastEvent(blocks, node); // save next with isPast: true
 */
export function addNodeToPastEvent<N extends TimelineNodeLike>(
  blocks: BlocksInput<N>,
  node: N,
): { blocks: Blocks<N>; isPast: true } {
  return { blocks: addNode(blocks, node), isPast: true };
}

/**
 * True once the event has started (start ≤ now): from then on it is listed among past events and
 * edits are saved with `isPast`. Pass `now` explicitly, so the function stays pure.
 *
 * @example
 * isEventPast("2026-03-08T17:00:00Z", new Date("2026-03-08T17:00:00Z")); // true
 */
export function isEventPast(start: Date | string, now: Date | string): boolean {
  return toInstant(start).getTime() <= toInstant(now).getTime();
}
