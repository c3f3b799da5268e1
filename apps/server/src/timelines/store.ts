import { and, desc, eq, lt } from "drizzle-orm";
import type { TimelineBlocks, TimelineMasterSetting } from "@cuepoint/sdk";
import type { Caller } from "../http/authenticate.js";
import { accounts, timelineRevisions, timelines, type TimelineRow } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";
import { rescheduleTimeline } from "../engine/reschedule.js";
import { notFound, unprocessable } from "../http/errors.js";
import { requeueForHighDefinition } from "../media/highDefinition.js";
import { isUuid } from "../http/ids.js";
import { compactBlocks, countActions } from "./wire.js";

export const NO_TIMELINE = "There is no timeline with this id.";

/**
 * The caller's timeline with this id, or 404 — the same 404 for an unknown id, a malformed one
 * and another account's, so ids of other accounts cannot be probed.
 */
export async function findTimeline(orm: Orm, caller: Caller, id: string | number): Promise<TimelineRow> {
  const key = String(id);
  const [row] = isUuid(key)
    ? await orm
        .select()
        .from(timelines)
        .where(and(eq(timelines.id, key), eq(timelines.accountId, caller.accountId)))
    : [];
  if (!row) throw notFound(NO_TIMELINE);
  return row;
}

/** As {@link findTimeline}, and refuses a trashed timeline: edits wait until it is restored. */
export async function findActiveTimeline(orm: Orm, caller: Caller, id: string | number, field = "webinarTimeline") {
  const row = await findTimeline(orm, caller, id);
  if (row.status === "trash") {
    throw unprocessable("This timeline is in the trash. Restore it before changing it.", field);
  }
  return row;
}

/**
 * Locks the caller's account row until the transaction ends, so two requests cannot both pass a
 * plan-limit count and together go over it (several server instances share PostgreSQL).
 */
export async function lockAccount(tx: Orm, caller: Caller): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, caller.accountId)).for("update");
}

/** What a save changes, and why (the revision's `reason`). */
export interface TimelineChange {
  name?: string;
  setting?: TimelineMasterSetting;
  blocks?: TimelineBlocks;
  status?: "active" | "trash";
  reason: string;
  isPast?: boolean;
  restoredFrom?: string;
}

/** The newest this many revisions of a timeline are kept; older ones are dropped as new ones come. */
export const REVISIONS_KEPT = 100;

/**
 * Applies a change to a timeline and stores the revision it makes (a full snapshot, who, when),
 * in the caller's transaction. Answers the updated row.
 */
export async function saveTimeline(tx: Orm, caller: Caller, row: TimelineRow, change: TimelineChange, now: Date) {
  const blocks = change.blocks === undefined ? undefined : compactBlocks(change.blocks);
  const [saved] = await tx
    .update(timelines)
    .set({
      ...(change.name === undefined ? {} : { name: change.name }),
      ...(change.setting === undefined ? {} : { setting: change.setting }),
      ...(blocks === undefined ? {} : { blocks, actionCount: countActions(blocks) }),
      ...(change.status === undefined ? {} : { status: change.status }),
      updatedAt: now,
    })
    .where(and(eq(timelines.id, row.id), eq(timelines.accountId, caller.accountId)))
    .returning();
  if (!saved) throw notFound(NO_TIMELINE);
  await recordRevision(tx, caller, saved, change, now);
  // Blocks, time zone or status changed: the waiting jobs follow, in this transaction.
  if (change.blocks !== undefined || change.setting !== undefined || change.status !== undefined) {
    await rescheduleTimeline(tx, saved, now);
  }
  // High definition asked for: its videos encoded without 1080p get it, playing on meanwhile.
  if (change.setting !== undefined || change.status !== undefined) await requeueForHighDefinition(tx, caller.accountId, saved);
  return saved;
}

/** A new timeline of the caller's account, with its first revision. */
export async function insertTimeline(
  tx: Orm,
  caller: Caller,
  fields: { name: string; setting: TimelineMasterSetting; blocks?: TimelineBlocks; reason: string },
  now: Date,
): Promise<TimelineRow> {
  const blocks = compactBlocks(fields.blocks ?? {});
  const [row] = await tx
    .insert(timelines)
    .values({
      accountId: caller.accountId,
      name: fields.name,
      setting: fields.setting,
      blocks,
      actionCount: countActions(blocks),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error("The timeline was not stored.");
  await recordRevision(tx, caller, row, { reason: fields.reason }, now);
  await requeueForHighDefinition(tx, caller.accountId, row);
  return row;
}

async function recordRevision(tx: Orm, caller: Caller, row: TimelineRow, change: TimelineChange, now: Date) {
  await tx.insert(timelineRevisions).values({
    accountId: caller.accountId,
    timelineId: row.id,
    userId: caller.userId,
    reason: change.reason,
    isPast: change.isPast ?? false,
    restoredFrom: change.restoredFrom ?? null,
    name: row.name,
    setting: row.setting,
    blocks: row.blocks,
    createdAt: now,
  });
  await pruneRevisions(tx, row.id);
}

/** Drops revisions beyond the newest {@link REVISIONS_KEPT} of a timeline. */
async function pruneRevisions(tx: Orm, timelineId: string): Promise<void> {
  const [oldestKept] = await tx
    .select({ seq: timelineRevisions.seq })
    .from(timelineRevisions)
    .where(eq(timelineRevisions.timelineId, timelineId))
    .orderBy(desc(timelineRevisions.seq))
    .offset(REVISIONS_KEPT - 1)
    .limit(1);
  if (!oldestKept) return;
  await tx
    .delete(timelineRevisions)
    .where(and(eq(timelineRevisions.timelineId, timelineId), lt(timelineRevisions.seq, oldestKept.seq)));
}
