import { AutoChatCsvRequestSchema, SetEventsRequestSchema, WebinarTimelineRequestSchema } from "@cuepoint/sdk";
import { badRequest } from "../../http/errors.js";
import { defineRoute } from "../../http/route.js";
import { CHAT_CSV_BODY_LIMIT_BYTES, MAX_CHAT_LINES, readChatCsv } from "../autoChatCsv.js";
import { autoChatNodes } from "../autoChatNodes.js";
import { assertActions } from "../limits.js";
import { findActiveTimeline, findTimeline, lockAccount, saveTimeline } from "../store.js";
import { assertSourceEvents } from "../sourceEvents.js";
import { assertTimelineRules, withNodeIds } from "../validateBlocks.js";
import { allBuckets, countActions } from "../wire.js";
import { ack, AckAnswer } from "../../http/answers.js";
import { BlocksAnswer, TIMELINES_TAG as tag } from "./answers.js";

const setEvents = defineRoute({
  method: "POST",
  path: "/webinartimelineevent/set",
  operationId: "timelines.setEvents",
  tag,
  summary: "Save all of a timeline's actions (multipart: blocks as JSON)",
  description:
    "`blocks` replaces the timeline's actions. It is parsed with the SDK's `TimelineBlocksSchema` (bucket keys " +
    "\"-45\"..\"45\") and checked with the SDK's `validateTimeline` rules of spec §5 against the timeline's " +
    "setting (live window, before the start, 11 minutes too close, right bucket, one source event per " +
    "action): the first broken rule is a 400 with the rule's message and the node's path as `field` " +
    "(`blocks.-1.0`). Incomplete actions (no group, action or time) are saved as drafts; the scheduler skips " +
    "them until complete. Nodes without an `id` get one. The account's actions (nodes of its active " +
    "timelines) may not pass the plan's action limit, purchases and granted actions included (403 on " +
    "`blocks`); saving fewer nodes always passes. `isPast` (spec §4: the save comes from a past event's " +
    "screen, where adding an action puts it in its bucket and saves all blocks) is recorded on the " +
    "revision. An action added from a past event names it in `model.fromEventID` (and `fromEventName`): " +
    "it fires for that event's registrants only — at once when its time relative to the event has passed, " +
    "else at that time — and never for other events; the event must be one of this timeline's (400 on the " +
    "node otherwise). A node with `model.dayKey` fires only for the events of that multi-event day. Every " +
    "other action fires for every event. Stores a revision.",
  access: "timelines:write",
  body: SetEventsRequestSchema,
  encoding: "multipart",
  answer: { description: "The saved actions, all 91 buckets.", schema: BlocksAnswer },
  async handle({ body, caller, deps }) {
    const blocks = withNodeIds(body.blocks);
    const row = await deps.db.orm.transaction(async (tx) => {
      const current = await findActiveTimeline(tx, caller, body.webinarTimeline);
      assertTimelineRules(blocks, current.setting);
      await assertSourceEvents(tx, caller, current.id, blocks);
      await lockAccount(tx, caller);
      await assertActions(tx, caller, current.id, countActions(blocks));
      return saveTimeline(tx, caller, current, { blocks, reason: "blocks", isPast: body.isPast }, deps.config.now());
    });
    return { success: allBuckets(row.blocks) };
  },
});

const getEvents = defineRoute({
  method: "POST",
  path: "/webinartimelineevent/get",
  operationId: "timelines.getEvents",
  tag,
  summary: "A timeline's actions per bucket",
  description: "All 91 buckets \"-45\"..\"45\", empty ones as []. Trashed timelines can be read too.",
  access: "timelines:read",
  body: WebinarTimelineRequestSchema,
  answer: { description: "The actions.", schema: BlocksAnswer },
  async handle({ body, caller, deps }) {
    const row = await findTimeline(deps.db.orm, caller, body.webinarTimeline);
    return { success: allBuckets(row.blocks) };
  },
});

const uploadAutoChatCsv = defineRoute({
  method: "POST",
  path: "/webinartimelineevent/autocsv",
  operationId: "timelines.uploadAutoChatCsv",
  bodyLimit: CHAT_CSV_BODY_LIMIT_BYTES,
  tag,
  summary: "Import an auto-chat CSV as timed live-chat actions",
  description:
    "`csv` is read as it streams: a header line naming the columns `name`, `message` and `after` (aliases " +
    "`from`, `msg`, `time`; any order, any case), comma- or tab-separated (tab when the header has one), " +
    `then one message per line, at most ${MAX_CHAT_LINES.toLocaleString("en-US")}. \`after\` is seconds into ` +
    "the event (`90`) or a time (`1:30`, `1:02:03`). Each message becomes one `livechat` node per audience " +
    "group in `groups` (ids of the timeline's `general.userGroup`) on the event day (bucket 0), at the minute " +
    "(`model.afterSeconds` keeps the second), with `nodeID` = `id` (the auto-chat action) and " +
    "`model.fromEventID` = `eventID`. Uploading again with the same `id` replaces that action's messages. " +
    "Problems are a 400 on `csv` naming the lines (the first five); messages outside the live window break " +
    "the timeline rules like any action. Counts against the action limit (403). Stores a revision.",
  access: "timelines:write",
  body: AutoChatCsvRequestSchema,
  encoding: "multipart",
  answer: { description: "Confirmation with the number of messages imported.", schema: AckAnswer },
  async handle({ body, caller, deps }) {
    const rows = await readChatCsv(body.csv);
    const target = { id: String(body.id), eventID: String(body.eventID), groups: body.groups };
    const imported = await deps.db.orm.transaction(async (tx) => {
      const current = await findActiveTimeline(tx, caller, body.webinarTimeline);
      const built = autoChatNodes(rows, target, current.setting);
      const kept = (current.blocks["0"] ?? []).filter((node) => node.nodeID !== target.id || node.key !== "livechat");
      const blocks = { ...current.blocks, "0": [...kept, ...built.map((entry) => entry.node)] };
      try {
        assertTimelineRules(blocks, current.setting, (path) => path.startsWith("blocks.0.") && Number(path.slice(9)) >= kept.length);
      } catch (error) {
        // Name the CSV line rather than the node the rules judged.
        const index = Number((error as { field?: string }).field?.slice(9)) - kept.length;
        const line = built[index]?.line;
        if (line === undefined) throw error;
        throw badRequest(`Line ${line}: ${(error as Error).message}`, "csv");
      }
      await lockAccount(tx, caller);
      await assertActions(tx, caller, current.id, countActions(blocks), "csv");
      await saveTimeline(tx, caller, current, { blocks, reason: "autocsv" }, deps.config.now());
      return rows.length;
    });
    return ack(`${imported} chat ${imported === 1 ? "message is" : "messages are"} on the timeline.`);
  },
});

export const timelineEventRoutes = [setEvents, getEvents, uploadAutoChatCsv];
