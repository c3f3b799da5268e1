import { and, desc, eq } from "drizzle-orm";
import * as v from "valibot";
import { TimelineBlocksSchema, TimelineMasterSettingSchema } from "@cuepoint/sdk";
import { timelineRevisions, users, type TimelineRevisionRow } from "../../db/schema/index.js";
import type { Orm } from "../../db/types.js";
import { notFound } from "../../http/errors.js";
import { isUuid } from "../../http/ids.js";
import { defineRoute } from "../../http/route.js";
import type { Caller } from "../../http/authenticate.js";
import { assertActions } from "../limits.js";
import { findActiveTimeline, findTimeline, lockAccount, REVISIONS_KEPT, saveTimeline } from "../store.js";
import { allBuckets, countActions, toMaster } from "../wire.js";
import { MasterAnswer, TIMELINES_TAG as tag } from "./answers.js";

const RevisionSchema = v.object({
  id: v.string(),
  created_at: v.string(),
  user: v.optional(v.string()),
  user_id: v.nullable(v.string()),
  reason: v.string(),
  isPast: v.boolean(),
  restored_from: v.nullable(v.string()),
  timelineName: v.string(),
  actions: v.number(),
});

const toWire = (row: TimelineRevisionRow, user: { name: string; email: string } | null) => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  ...(user ? { user: user.name || user.email } : {}),
  user_id: row.userId,
  reason: row.reason,
  isPast: row.isPast,
  restored_from: row.restoredFrom,
  timelineName: row.name,
  actions: countActions(row.blocks),
});

async function findRevision(orm: Orm, caller: Caller, timelineId: string, revisionId: string) {
  const [row] = isUuid(revisionId)
    ? await orm
        .select()
        .from(timelineRevisions)
        .where(
          and(
            eq(timelineRevisions.id, revisionId),
            eq(timelineRevisions.timelineId, timelineId),
            eq(timelineRevisions.accountId, caller.accountId),
          ),
        )
    : [];
  if (!row) throw notFound("This timeline has no revision with this id.");
  return row;
}

const listRevisions = defineRoute({
  method: "GET",
  path: "/timelines/:id/revisions",
  operationId: "timelines.revisions",
  tag,
  summary: "A timeline's version history, newest first",
  description:
    "One revision per save of the setting or the actions (create, setting, item, copysetting, blocks, autocsv, " +
    `copy, import, restore: \`reason\`), each a full snapshot. The newest ${REVISIONS_KEPT} are kept. \`user\` is ` +
    "the name (else email) of who saved, absent when that user is gone; `actions` counts the snapshot's nodes.",
  access: "timelines:read",
  answer: { description: "The revisions.", schema: v.object({ success: v.array(RevisionSchema) }) },
  async handle({ params, caller, deps }) {
    const timeline = await findTimeline(deps.db.orm, caller, params.id ?? "");
    const rows = await deps.db.orm
      .select({ revision: timelineRevisions, user: { name: users.name, email: users.email } })
      .from(timelineRevisions)
      .leftJoin(users, eq(users.id, timelineRevisions.userId))
      .where(and(eq(timelineRevisions.timelineId, timeline.id), eq(timelineRevisions.accountId, caller.accountId)))
      .orderBy(desc(timelineRevisions.seq));
    return { success: rows.map(({ revision, user }) => toWire(revision, user)) };
  },
});

const getRevision = defineRoute({
  method: "GET",
  path: "/timelines/:id/revisions/:revisionId",
  operationId: "timelines.revision",
  tag,
  summary: "One revision with its snapshot (design: not in the spec)",
  description: "The revision as listed, plus the snapshot's `setting` and `blocks` (all 91 buckets).",
  access: "timelines:read",
  answer: {
    description: "The revision.",
    schema: v.object({
      success: v.object({ ...RevisionSchema.entries, setting: TimelineMasterSettingSchema, blocks: TimelineBlocksSchema }),
    }),
  },
  async handle({ params, caller, deps }) {
    const timeline = await findTimeline(deps.db.orm, caller, params.id ?? "");
    const revision = await findRevision(deps.db.orm, caller, timeline.id, params.revisionId ?? "");
    const [user] = revision.userId
      ? await deps.db.orm.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, revision.userId))
      : [];
    return { success: { ...toWire(revision, user ?? null), setting: revision.setting, blocks: allBuckets(revision.blocks) } };
  },
});

const restoreRevision = defineRoute({
  method: "POST",
  path: "/timelines/:id/revisions/:revisionId/restore",
  operationId: "timelines.restoreRevision",
  tag,
  summary: "Make a revision the timeline's current version (design: not in the spec)",
  description:
    "Puts the revision's name, setting and actions back, in one transaction, and stores that as a new " +
    "revision (`reason: restore`, `restored_from`), so a restore can itself be undone. The timeline must be " +
    "active (422); the restored actions count against the plan's action limit (403).",
  access: "timelines:write",
  answer: { description: "The timeline as restored.", schema: MasterAnswer },
  async handle({ params, caller, deps }) {
    const row = await deps.db.orm.transaction(async (tx) => {
      const timeline = await findActiveTimeline(tx, caller, params.id ?? "", "id");
      const revision = await findRevision(tx, caller, timeline.id, params.revisionId ?? "");
      await lockAccount(tx, caller);
      await assertActions(tx, caller, timeline.id, countActions(revision.blocks), "revisionId");
      const change = {
        name: revision.name,
        setting: revision.setting,
        blocks: revision.blocks,
        reason: "restore",
        restoredFrom: revision.id,
      };
      return saveTimeline(tx, caller, timeline, change, deps.config.now());
    });
    return { success: toMaster(row) };
  },
});

export const timelineRevisionRoutes = [listRevisions, getRevision, restoreRevision];
