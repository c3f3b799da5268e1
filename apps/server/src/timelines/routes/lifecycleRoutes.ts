/** A timeline's life beyond editing: sharing and importing, the trash and back, whether it is used. */
import { and, eq, gt, isNull } from "drizzle-orm";
import * as v from "valibot";
import { GetCodeRequestSchema, WebinarTimelineRequestSchema } from "@cuepoint/sdk";
import { events, timelines } from "../../db/schema/index.js";
import { isUniqueViolation } from "../../db/errors.js";
import { conflict, HttpError, unprocessable } from "../../http/errors.js";
import { defineRoute } from "../../http/route.js";
import { assertTimelineSlot } from "../limits.js";
import { newShareCode, normaliseShareCode, scrubForImport } from "../share.js";
import { findActiveTimeline, findTimeline, insertTimeline, lockAccount } from "../store.js";
import { toMaster } from "../wire.js";
import type { Orm } from "../../db/types.js";
import { ack, AckAnswer } from "../../http/answers.js";
import { MasterAnswer, TIMELINES_TAG as tag } from "./answers.js";
import { requeueForHighDefinition } from "../../media/highDefinition.js";

const share = defineRoute({
  method: "POST",
  path: "/webinartimelinemaster/share",
  operationId: "timelines.share",
  tag,
  summary: "A code another account imports this timeline with",
  description:
    "The same code every time for a timeline (10 characters, case-insensitive, unguessable). Whoever has the " +
    "code can import a copy of the setting and actions — never the integrations' credentials. A trashed " +
    "timeline cannot be shared (422), and its code stops working until it is restored.",
  access: "timelines:write",
  body: WebinarTimelineRequestSchema,
  answer: { description: "The share code.", schema: v.object({ success: v.object({ code: v.string() }) }) },
  async handle({ body, caller, deps }) {
    const row = await findActiveTimeline(deps.db.orm, caller, body.webinarTimeline);
    if (row.shareCode) return { success: { code: row.shareCode } };
    for (let attempt = 0; ; attempt++) {
      try {
        // `share_code is null` keeps a concurrent share's code instead of overwriting it.
        const code = newShareCode();
        await deps.db.orm
          .update(timelines)
          .set({ shareCode: code })
          .where(and(eq(timelines.id, row.id), eq(timelines.accountId, caller.accountId), isNull(timelines.shareCode)))
          .returning({ id: timelines.id });
        const fresh = await findTimeline(deps.db.orm, caller, row.id);
        return { success: { code: fresh.shareCode ?? code } };
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
  },
});

const getCode = defineRoute({
  method: "POST",
  path: "/webinartimelineevent/get/code",
  operationId: "timelines.getCode",
  tag,
  summary: "Import a shared timeline into the caller's account",
  description:
    "Creates a copy of the shared timeline (setting and actions) in the caller's account, under the same " +
    "name, and answers it. References to the sharer's integrations are cleared (general `integrationID`, the " +
    "integration section, the autoresponder's integrations, each action's `integrationID`); media ids are " +
    "kept as they are and resolve only in the sharing account. The only read across accounts, and only by " +
    "code: an unknown code, or one of a trashed timeline, is 404 on `code`. Counts against the timeline and " +
    "action limits (403).",
  access: "timelines:write",
  body: GetCodeRequestSchema,
  answer: { description: "The imported copy.", schema: MasterAnswer },
  async handle({ body, caller, deps }) {
    const row = await deps.db.orm.transaction(async (tx) => {
      const [source] = await tx
        .select()
        .from(timelines)
        .where(and(eq(timelines.shareCode, normaliseShareCode(body.code)), eq(timelines.status, "active")));
      if (!source) throw new HttpError(404, "There is no shared timeline with this code.", "code");
      await lockAccount(tx, caller);
      await assertTimelineSlot(tx, caller, source.actionCount);
      const { setting, blocks } = scrubForImport(source.setting, source.blocks);
      return insertTimeline(tx, caller, { name: source.name, setting, blocks, reason: "import" }, deps.config.now());
    });
    return { success: toMaster(row) };
  },
});

const restore = defineRoute({
  method: "POST",
  path: "/webinartimelinemaster/restore",
  operationId: "timelines.restore",
  tag,
  summary: "Bring a timeline back from the trash",
  description:
    "It counts again against the plan's timeline and action limits (403 with the plan's message when " +
    "there is no room). Restoring an active timeline answers it unchanged.",
  access: "timelines:write",
  body: WebinarTimelineRequestSchema,
  answer: { description: "The restored timeline.", schema: MasterAnswer },
  async handle({ body, caller, deps }) {
    const now = deps.config.now();
    const row = await deps.db.orm.transaction(async (tx) => {
      const current = await findTimeline(tx, caller, body.webinarTimeline);
      if (current.status === "active") return current;
      await lockAccount(tx, caller);
      await assertTimelineSlot(tx, caller, current.actionCount);
      const [restored] = await tx
        .update(timelines)
        .set({ status: "active", updatedAt: now })
        .where(and(eq(timelines.id, current.id), eq(timelines.accountId, caller.accountId)))
        .returning();
      if (!restored) throw unprocessable("The timeline could not be restored.");
      await requeueForHighDefinition(tx, caller.accountId, restored);
      return restored;
    });
    return { success: toMaster(row) };
  },
});

const deleteTimeline = defineRoute({
  method: "POST",
  path: "/webinartimeline/delete",
  operationId: "timelines.delete",
  tag,
  summary: "Move a timeline to the trash",
  description:
    "Trashed timelines are listed with `?filter=trash` and come back with `restore`; nothing is erased. A " +
    "timeline with upcoming webinars is refused (409; see `check_if_used`): delete or move those first, so " +
    "no scheduled webinar runs a trashed timeline. Trashing a trashed timeline answers success. Its share code " +
    "stops working while it is in the trash.",
  access: "timelines:write",
  body: WebinarTimelineRequestSchema,
  answer: { description: "Confirmation (the SDK resolves the raw response).", schema: AckAnswer },
  async handle({ body, caller, deps }) {
    const now = deps.config.now();
    const trashed = await deps.db.orm.transaction(async (tx) => {
      const row = await findTimeline(tx, caller, body.webinarTimeline);
      if (row.status === "trash") return false;
      if (await hasUpcomingEvents(tx, caller.accountId, row.id, now)) {
        throw conflict("This timeline has upcoming webinars. Delete them before moving the timeline to the trash.", "webinarTimeline");
      }
      await tx.update(timelines).set({ status: "trash", updatedAt: now }).where(eq(timelines.id, row.id));
      return true;
    });
    return ack(trashed ? "The timeline is in the trash." : "The timeline was already in the trash.");
  },
});

const checkIfUsed = defineRoute({
  method: "POST",
  path: "/webinartimeline/check_if_used",
  operationId: "timelines.checkIfUsed",
  tag,
  summary: "Whether a timeline has upcoming webinars",
  description: "True when at least one of the timeline's webinars starts after now (past webinars do not count).",
  access: "timelines:read",
  body: WebinarTimelineRequestSchema,
  answer: { description: "`success` is the answer.", schema: v.object({ success: v.boolean() }) },
  async handle({ body, caller, deps }) {
    const row = await findTimeline(deps.db.orm, caller, body.webinarTimeline);
    return { success: await hasUpcomingEvents(deps.db.orm, caller.accountId, row.id, deps.config.now()) };
  },
});

async function hasUpcomingEvents(orm: Orm, accountId: string, timelineId: string, now: Date) {
  const [upcoming] = await orm
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.accountId, accountId), eq(events.timelineId, timelineId), gt(events.startsAt, now)))
    .limit(1);
  return upcoming !== undefined;
}

export const timelineLifecycleRoutes = [share, getCode, restore, deleteTimeline, checkIfUsed];
