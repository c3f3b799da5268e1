import { createEmptyBlocks, type TimelineBlocks, type TimelineMaster, type TimelineNode } from "@cuepoint/sdk";
import type { TimelineRow } from "../db/schema/index.js";

/** A stored timeline as the wire's `TimelineMaster` (SDK `TimelineMasterSchema`). */
export const toMaster = (row: TimelineRow): TimelineMaster => ({
  id: row.id,
  timelineName: row.name,
  setting: row.setting,
  status: row.status,
  shared: row.shareCode !== null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The blocks as `get` answers them: all 91 buckets "-45".."45", empty ones included. */
export function allBuckets(blocks: TimelineBlocks): TimelineBlocks {
  return { ...createEmptyBlocks<TimelineNode>(), ...blocks };
}

/** The blocks as stored: empty buckets left out, so a snapshot costs only what it holds. */
export function compactBlocks(blocks: TimelineBlocks): TimelineBlocks {
  return Object.fromEntries(Object.entries(blocks).filter(([, nodes]) => nodes.length > 0));
}

/** How many actions (nodes) the blocks hold: what the plan's action limit counts. */
export const countActions = (blocks: TimelineBlocks): number =>
  Object.values(blocks).reduce((total, nodes) => total + nodes.length, 0);
