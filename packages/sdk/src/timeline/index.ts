/**
 * Timeline math: the -45..45 day buckets, node offsets, UTC instants in IANA zones, the timeline
 * action rules of spec §5 and pure editing operations on the wire's `blocks`.
 */
export type {
  Blocks,
  BlocksInput,
  NodeModelLike,
  NodeTiming,
  RuleFailure as TimelineRuleFailure,
  RuleResult as TimelineRuleResult,
  TimelineNodeLike,
  TimelineRuleCode,
  WireNumber,
} from "./types.js";
export { isBlank, normaliseTiming, toCount, type NormalisedTiming } from "./normaliseTiming.js";
export { bucketKeys, bucketOf, createEmptyBlocks, isBucket } from "./buckets.js";
export { dayLabel, groupByDay, type DayGroup } from "./groupByDay.js";
export {
  compareNodes,
  createNodeComparator,
  exactClockTime,
  nodeOffset,
  nodeOffsetMinutes,
  type ClockTime,
  type NodeOffset,
  type OffsetOptions,
} from "./nodeOffset.js";
export { addCalendarDays, zonedToUtc, zonedWallTime, type CalendarDate, type WallTime } from "./zonedTime.js";
export { TIME_ZONE_LIST, timeZoneChoices, utcOffsetLabel, type TimeZoneChoice } from "./timeZoneList.js";
export { eventMinuteOfDay, nodeInstant, toInstant, type InstantContext } from "./nodeInstant.js";
export {
  LIVE_ACTION_KEYS,
  REGISTRANT_ACTION_KEYS,
  isLiveAction,
  isRegistrantAction,
  type LiveActionKey,
  type RegistrantActionKey,
} from "./liveActions.js";
export { isActionComplete, type MissingPart } from "./isActionComplete.js";
export { checkAfterWithinLiveWindow, checkLiveWindowOverlap, type LiveWindowContext } from "./liveWindowRules.js";
export { checkBeforeAllowed } from "./checkBeforeAllowed.js";
export { checkTooClose, type TooCloseContext } from "./checkTooClose.js";
export { checkSingleSourceEvent } from "./checkSingleSourceEvent.js";
export {
  validateTimeline,
  validateTimelineAction,
  type TimelineProblem,
  type TimelineRuleContext,
} from "./validateTimeline.js";
export {
  TimelineEditError,
  addNode,
  addNodeToPastEvent,
  canMoveNode,
  deleteNode,
  findNode,
  isEventPast,
  moveNode,
} from "./editBlocks.js";
export { liveMinutesOf, ruleContextOf } from "./ruleContext.js";
export { blocksForEvent, nodeAppliesToEvent, pastEventNode, type EventRef } from "./eventNodes.js";
