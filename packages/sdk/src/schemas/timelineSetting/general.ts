import * as v from "valibot";
import {
  DEFAULT_JOIN_START,
  DEFAULT_REPLAY_START,
  DEFAULT_TIMEZONE,
  DELIVERY_PLATFORMS,
  EVENT_TYPES,
  WEBINAR_TYPES,
} from "../../constants.js";
import { AudienceSegmentSchema, defaultAudienceSegments } from "../audience.js";
import { CountSchema, MinutesSchema, OptionalVideoLengthSchema, TimeZoneSchema } from "../fields.js";
import { MultiEventSettingSchema } from "../multiEventSetting.js";
import { text as limitedText, TEXT_LIMITS } from "../text.js";
import { TimelineNodeSchema } from "../timelineNode.js";
import { CountdownSchema } from "./countdown.js";
import { HlsSettingSchema } from "./hls.js";

/* @__NO_SIDE_EFFECTS__ */
function off() {
  return v.optional(v.boolean(), false);
}

/* @__NO_SIDE_EFFECTS__ */
function text(max: number = TEXT_LIMITS.description) {
  return v.optional(limitedText(max), "");
}

/** 'default' (no platform chosen yet, the spec's default) or one of the delivery platforms. */
export const DeliveryPlatformSettingSchema = /* @__PURE__ */ v.union([
  /* @__PURE__ */ v.literal("default"),
  /* @__PURE__ */ v.picklist(DELIVERY_PLATFORMS),
]);

/** A manually controlled event: the host starts it; `duration` in minutes. */
export const ManualControlSchema = /* @__PURE__ */ v.object({
  enabled: /* @__PURE__ */ off(),
  duration: /* @__PURE__ */ v.optional(MinutesSchema, 0),
});

/** Intro and outro videos (media uniqueIDs) appended to the event video. */
export const AdvancedSettingSchema = /* @__PURE__ */ v.object({
  enabled: /* @__PURE__ */ off(),
  appendIntro: /* @__PURE__ */ text(),
  appendOutro: /* @__PURE__ */ text(),
});

/** How long the replay stays available, optionally expiring at midnight. */
export const ReplaySettingSchema = /* @__PURE__ */ v.object({
  enabled: /* @__PURE__ */ off(),
  replayDays: /* @__PURE__ */ v.optional(CountSchema, 0),
  replayHours: /* @__PURE__ */ v.optional(CountSchema, 0),
  replayMinutes: /* @__PURE__ */ v.optional(CountSchema, 0),
  expireOnMid: /* @__PURE__ */ off(),
});

export const TimeCounterSchema = /* @__PURE__ */ v.object({
  enabled: /* @__PURE__ */ off(),
  direction: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.picklist(["up", "down"]), "up"),
});

/** The event video split into parts (media uniqueIDs, in playing order). */
export const SplitVideoSchema = /* @__PURE__ */ v.object({
  enabled: /* @__PURE__ */ off(),
  videos: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.array(/* @__PURE__ */ v.string()), () => []),
});

/** A multi-event timeline: one setting per event, and each event's nodes keyed by its dayKey. */
export const MultiEventsSchema = /* @__PURE__ */ v.object({
  settings: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.array(MultiEventSettingSchema), () => []),
  nodes: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.record(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.array(TimelineNodeSchema)),
    () => ({}),
  ),
});

/**
 * The general section of a timeline's setting (spec §3 "General settings"). Defaults the spec
 * gives are used exactly (visible true, America/Los_Angeles, automatic, en, replayStart and
 * joinStart 15, deliveryPlatform 'default', scheduleLength 1, countdown 15, time counter up, the
 * attendance simulation). Where it gives none, switches default to off, texts to "", lists to
 * empty, minutes to 0, and:
 *
 * - `enabled` true: a timeline runs its actions unless the host pauses it;
 * - `userGroup`: the three default audience segments, as a new draft has;
 * - `eventType` "live-webinar", the first event type;
 * - `timeStamp`: the one-time event's start as Unix epoch milliseconds, null until scheduled;
 * - `scheduleLength`: the spec gives no unit; we read it as the event's length in hours;
 * - `presenters`: presenter names; `organizer`: the organizer's display name;
 * - ids (`integrationID`, `videoFile`, templates) are strings.
 *
 * @example
 * v.parse(GeneralSettingSchema, {}).timeZone; // "America/Los_Angeles"
 */
export const GeneralSettingSchema = /* @__PURE__ */ v.object({
  // Identity and scheduling
  visible: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), true),
  userGroup: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.array(AudienceSegmentSchema),
    defaultAudienceSegments,
  ),
  enabled: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), true),
  timelineName: /* @__PURE__ */ text(TEXT_LIMITS.name),
  description: /* @__PURE__ */ text(TEXT_LIMITS.description),
  organizer: /* @__PURE__ */ text(TEXT_LIMITS.name),
  presenters: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.array(/* @__PURE__ */ limitedText(TEXT_LIMITS.name)), () => []),
  timeZone: /* @__PURE__ */ v.optional(TimeZoneSchema, DEFAULT_TIMEZONE),
  timeStamp: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.nullable(
      /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.number(), /* @__PURE__ */ v.integer()),
    ),
    null,
  ),
  eventType: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.picklist(EVENT_TYPES), "live-webinar"),
  templateType: /* @__PURE__ */ text(),
  webinarType: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.picklist(WEBINAR_TYPES), "automatic"),
  webinarTemplate: /* @__PURE__ */ text(),
  meetingTemplate: /* @__PURE__ */ text(),
  language: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.nonEmpty("Language is required")),
    "en",
  ),
  multiEventCustomFields: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.array(/* @__PURE__ */ v.string()),
    () => [],
  ),
  // Timing and delivery
  replayStart: /* @__PURE__ */ v.optional(MinutesSchema, DEFAULT_REPLAY_START),
  joinStart: /* @__PURE__ */ v.optional(MinutesSchema, DEFAULT_JOIN_START),
  deliveryPlatform: /* @__PURE__ */ v.optional(DeliveryPlatformSettingSchema, "default"),
  integrationID: /* @__PURE__ */ text(),
  scheduleLength: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.number(), /* @__PURE__ */ v.gtValue(0)),
    1,
  ),
  startAfter: /* @__PURE__ */ v.optional(MinutesSchema, 0),
  webinarVideoLength: /* @__PURE__ */ v.optional(OptionalVideoLengthSchema, ""),
  manualLength: /* @__PURE__ */ v.optional(MinutesSchema, 0),
  joinDomain: /* @__PURE__ */ text(),
  // Media and display
  videoFile: /* @__PURE__ */ text(),
  secondaryVideo: /* @__PURE__ */ text(),
  highDefinition: /* @__PURE__ */ off(),
  domain: /* @__PURE__ */ text(),
  muteAll: /* @__PURE__ */ off(),
  autoRecording: /* @__PURE__ */ off(),
  participantVideo: /* @__PURE__ */ off(),
  manualControl: /* @__PURE__ */ v.optional(ManualControlSchema, {}),
  advanced: /* @__PURE__ */ v.optional(AdvancedSettingSchema, {}),
  countdown: /* @__PURE__ */ v.optional(CountdownSchema, {}),
  replay: /* @__PURE__ */ v.optional(ReplaySettingSchema, {}),
  timeCounter: /* @__PURE__ */ v.optional(TimeCounterSchema, {}),
  splitVideo: /* @__PURE__ */ v.optional(SplitVideoSchema, {}),
  multiEvents: /* @__PURE__ */ v.optional(MultiEventsSchema, {}),
  hls: /* @__PURE__ */ v.optional(HlsSettingSchema, {}),
});

export type GeneralSetting = v.InferOutput<typeof GeneralSettingSchema>;
export type MultiEvents = v.InferOutput<typeof MultiEventsSchema>;
