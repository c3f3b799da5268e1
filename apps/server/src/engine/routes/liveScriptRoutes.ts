import { eq } from "drizzle-orm";
import * as v from "valibot";
import { LiveScriptQuerySchema } from "@cuepoint/sdk";
import { eventLiveScripts } from "../../db/schema/index.js";
import { liveScriptOf } from "../liveScript.js";
import { planTimeline } from "../plan.js";
import { defineRoute } from "../../http/route.js";
import { ownEvent, ownTimeline } from "../../events/access.js";

/** An event's live script: what the own room plays (room/README.md). */

const tag = "Automation";

const LiveItemSchema = v.object({
  nodeKey: v.string(),
  action: v.string(),
  at: v.string(),
  offsetSeconds: v.number(),
  model: v.record(v.string(), v.unknown()),
});

const liveScript = defineRoute({
  method: "GET",
  path: "/automation/livescript",
  operationId: "automation.liveScript",
  tag,
  summary: "An event's live script: the timeline's live-event actions at their times",
  description:
    "The own platform's live room plays it: `livechat` messages, `cta` popups (headline, subheadline) and " +
    "`changesubject` changes, each with its UTC instant `at` and `offsetSeconds` from the start (auto-chat lines " +
    "keep their exact second), in time order. Stored whenever the event's actions are scheduled or the timeline " +
    "is saved; an event never scheduled yet is placed on the fly.",
  access: "webinars:read",
  query: LiveScriptQuerySchema,
  answer: {
    description: "The script.",
    schema: v.object({ success: v.object({ webinarID: v.string(), startTime: v.string(), items: v.array(LiveItemSchema) }) }),
  },
  async handle({ query, caller, deps }) {
    const { orm } = deps.db;
    const event = await ownEvent(orm, caller.accountId, query.webinarID);
    const [stored] = await orm.select().from(eventLiveScripts).where(eq(eventLiveScripts.eventId, event.id));
    let items = stored?.items;
    if (!items) {
      const timeline = await ownTimeline(orm, caller.accountId, event.timelineId);
      items = liveScriptOf(planTimeline(timeline.blocks, timeline.setting.general.timeZone, event), event.startsAt);
    }
    return { success: { webinarID: event.id, startTime: event.startsAt.toISOString(), items } };
  },
});

/** The automation engine's routes (design, not in the spec): engine/README.md. */
export const liveScriptRoutes = [liveScript];
