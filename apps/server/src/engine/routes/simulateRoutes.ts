import * as v from "valibot";
import { blocksForEvent, generalForDay, SimulateRequestSchema, type AudienceSegment } from "@cuepoint/sdk";
import { automationSettingsOf } from "../settings.js";
import { simulate } from "../simulate.js";
import { badRequest } from "../../http/errors.js";
import { defineRoute } from "../../http/route.js";
import { timelineLiveSeconds } from "../../events/eventTiming.js";
import { ownEvent, ownTimeline } from "../../events/access.js";

/** The dry run: the engine's decisions for a hypothetical registrant (engine/simulate.ts). */

const tag = "Automation";

const SimulatedSchema = v.object({
  nodeKey: v.string(),
  action: v.string(),
  actionTitle: v.string(),
  groupID: v.string(),
  groupName: v.string(),
  dueAt: v.nullable(v.string()),
  dueLocal: v.nullable(v.string()),
  runAt: v.nullable(v.string()),
  runLocal: v.nullable(v.string()),
  outcome: v.picklist(["sent", "skipped", "deferred", "live", "draft"]),
  reason: v.string(),
});

const simulateRoute = defineRoute({
  method: "POST",
  path: "/automation/simulate",
  operationId: "automation.simulate",
  tag,
  summary: "Dry run: what the timeline would do for a hypothetical registrant",
  description:
    "For an event (`webinarID`) or a start instant (`startTime` in `eventTimeZone`, default the timeline's zone), " +
    "and a registrant (`timeZone`, default the event's; `registeredAt`, default now; `attendedSeconds`, default 0; " +
    "`smsConsent`, default true; custom `fields`), lists every action with its due instant in UTC (`dueAt`) and in " +
    "the registrant's zone (`dueLocal`, `YYYY-MM-DD HH:mm`), when it would run (`runAt`/`runLocal`) and what would " +
    "happen (`outcome`: sent, skipped, deferred by quiet hours, live script, draft) and why — the engine's own " +
    "decisions. Stores nothing; the plan limit and integrations are not consulted.",
  access: "timelines:read",
  body: SimulateRequestSchema,
  answer: { description: "The actions in time order.", schema: v.object({ success: v.array(SimulatedSchema) }) },
  async handle({ body, caller, deps }) {
    const { orm } = deps.db;
    const timeline = await ownTimeline(orm, caller.accountId, body.webinarTimeline);
    let event: { id?: string; dayKey?: string; startsAt: Date; timeZone: string };
    if (body.webinarID !== undefined) {
      event = await ownEvent(orm, caller.accountId, body.webinarID);
    } else if (body.startTime !== undefined) {
      event = { startsAt: new Date(body.startTime), timeZone: body.eventTimeZone ?? timeline.setting.general.timeZone };
    } else {
      throw badRequest("Give webinarID or startTime.", "webinarID");
    }
    const settings = await automationSettingsOf(orm, timeline.id);
    const segments = (timeline.setting.general.userGroup ?? []) as AudienceSegment[];
    const registrant = {
      timeZone: body.timeZone ?? event.timeZone,
      registeredAt: body.registeredAt ? new Date(body.registeredAt) : deps.config.now(),
      attendedSeconds: body.attendedSeconds,
      smsConsent: body.smsConsent,
      fields: body.fields,
    };
    // The after-event mails go after the room's end (the program's length, read from media.hls).
    const liveSeconds = await timelineLiveSeconds(orm, caller.accountId, generalForDay(timeline.setting.general, event.dayKey));
    const { setting } = timeline;
    // An event's own actions: its multi-event day's, and those added to it once it had passed.
    const blocks = event.id ? blocksForEvent(timeline.blocks, setting.general.multiEvents, { eventId: event.id, dayKey: event.dayKey }) : timeline.blocks;
    return { success: simulate(blocks, setting.general.timeZone, segments, event, registrant, settings, setting, liveSeconds) };
  },
});

/** The automation engine's routes (design, not in the spec): engine/README.md. */
export const simulateRoutes = [simulateRoute];
