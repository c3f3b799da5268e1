import { randomUUID } from "node:crypto";
import {
  eventMinuteOfDay,
  validateTimeline,
  type GeneralSetting,
  type TimelineBlocks,
  type TimelineMasterSetting,
  type TimelineRuleContext,
} from "@cuepoint/sdk";
import { badRequest } from "../http/errors.js";

/**
 * The event length in minutes the live-window rules measure: the video's length when one is set
 * (`webinarVideoLength`, hh:mm:ss, rounded up), else a manually controlled event's duration, else
 * `manualLength`, else `scheduleLength` (hours, as the SDK's GeneralSetting reads it).
 */
function liveMinutesOf(general: GeneralSetting): number {
  const video = /^(\d+):(\d\d):(\d\d)$/.exec(general.webinarVideoLength);
  if (video) {
    const seconds = Number(video[1]) * 3600 + Number(video[2]) * 60 + Number(video[3]);
    if (seconds > 0) return Math.ceil(seconds / 60);
  }
  if (general.manualControl.enabled && general.manualControl.duration > 0) return general.manualControl.duration;
  if (general.manualLength > 0) return general.manualLength;
  return Math.round(general.scheduleLength * 60);
}

// SDK gap: the SDK has the rules (validateTimeline) but no function that derives their context
// from a timeline's setting; this is that function, to move into packages/sdk/src/timeline.
/** What the timeline rules need to know about the event, read from the timeline's setting. */
export function ruleContextOf(setting: TimelineMasterSetting): TimelineRuleContext {
  const { general } = setting;
  let minuteOfDay: number | undefined;
  if (general.timeStamp !== null) {
    try {
      minuteOfDay = eventMinuteOfDay(new Date(general.timeStamp), general.timeZone);
    } catch {
      minuteOfDay = undefined; // an unknown zone: exact-time nodes on the event day are not judged
    }
  }
  return {
    liveMinutes: liveMinutesOf(general),
    deliveryPlatform: general.deliveryPlatform,
    countdownMinutes: general.countdown.enabled ? general.countdown.duration : 0,
    eventMinuteOfDay: minuteOfDay,
  };
}

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
  const problem = validateTimeline(located, ruleContextOf(setting)).find(
    (p) => p.code !== "incomplete" && (only === undefined || only(String(p.nodeId))),
  );
  if (problem) throw badRequest(problem.message, String(problem.nodeId));
}

/** Gives every node without an `id` one, so revisions, auto-chat imports and the editor can address it. */
export function withNodeIds(blocks: TimelineBlocks): TimelineBlocks {
  const named: TimelineBlocks = {};
  for (const [bucket, nodes] of Object.entries(blocks)) {
    named[bucket] = nodes.map((node) => (node.id ? node : { ...node, id: randomUUID() }));
  }
  return named;
}
