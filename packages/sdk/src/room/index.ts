/**
 * The event room's rules (issue 11): which page a registrant sees at an instant, the simulated-live
 * position, when timed actions and video segments are due, the audience count, the calendar link.
 * All pure: the clock is an argument (epoch ms). The server, the room widget and the dashboard use
 * these same functions. See README.md beside this file for the rules in words.
 */
export type { RoomControlState, RoomEntry, RoomPhase, RoomReplayWindow, RoomTiming, RoomView } from "./types.js";
export { roomTimingOf, type RoomTimingInput } from "./roomTimingOf.js";
export { liveSecondsOf, type LiveLengthSetting } from "./liveSecondsOf.js";
export { roomControlOf, type RoomControl } from "./roomControlOf.js";
export { replayUntilOf } from "./replayUntilOf.js";
export { roomViewAt } from "./roomViewAt.js";
export { playbackPositionAt } from "./playbackPositionAt.js";
export { itemsDueAt } from "./itemsDueAt.js";
export { airedSegmentCount } from "./airedSegmentCount.js";
export { audienceCountAt, type AudienceInput } from "./audienceCountAt.js";
export { googleCalendarUrl, type CalendarLinkInput } from "./googleCalendarUrl.js";
export { roomItemOf, type CtaDefaults, type LiveScriptItemLike } from "./roomItemOf.js";
