import * as v from "valibot";
import { MinutesSchema } from "../fields.js";

const PercentSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.number(),
  /* @__PURE__ */ v.minValue(0),
  /* @__PURE__ */ v.maxValue(100),
);
const HeadCountSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.number(),
  /* @__PURE__ */ v.integer(),
  /* @__PURE__ */ v.minValue(0),
);

/* @__NO_SIDE_EFFECTS__ */
function curvePoint(percent: number, at: number) {
  return v.object({
    percent: v.optional(PercentSchema, percent),
    at: v.optional(MinutesSchema, at),
  });
}

/**
 * The simulated attendance curve of the own-platform live room. Spec §3: "start 15, 25% at 30,
 * 50% at 20, end 10". Our reading, following the domain notes (a start, a surge, a peak placed at
 * the pitch, an end):
 *
 * - `start`: share of registrants (percent) shown when the room opens — 15;
 * - `surge`: 25 % reached at minute 30 of the event;
 * - `peak`: 50 % reached at minute 20 (read like the surge's `at`);
 * - `end`: share shown at the end — 10.
 *
 * The spec's own defaults put the peak's minute (20) before the surge's (30), so the schema does
 * not require surge before peak.
 */
export const AttendanceSimulationSchema = /* @__PURE__ */ v.object({
  start: /* @__PURE__ */ v.optional(PercentSchema, 15),
  surge: /* @__PURE__ */ v.optional(/* @__PURE__ */ curvePoint(25, 30), {}),
  peak: /* @__PURE__ */ v.optional(/* @__PURE__ */ curvePoint(50, 20), {}),
  end: /* @__PURE__ */ v.optional(PercentSchema, 10),
});

/**
 * The peak values "10, 23, 40, 18" of spec §3, read as head counts for the same four points of the
 * curve, in the spec's order: start 10, surge 23, peak 40, end 18.
 */
export const PeakValuesSchema = /* @__PURE__ */ v.object({
  start: /* @__PURE__ */ v.optional(HeadCountSchema, 10),
  surge: /* @__PURE__ */ v.optional(HeadCountSchema, 23),
  peak: /* @__PURE__ */ v.optional(HeadCountSchema, 40),
  end: /* @__PURE__ */ v.optional(HeadCountSchema, 18),
});

/** The room's audience count: the true number, hidden, or the simulated curve above. */
export const AudienceCountModeSchema = /* @__PURE__ */ v.picklist(["real", "hidden", "simulated"]);

/** Live chat: `type` names the chat flavour the room offers; `isTimestamp` shows message times. */
export const LivechatSettingSchema = /* @__PURE__ */ v.object({
  enabled: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
  type: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  isTimestamp: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
});

/** Picture-in-picture: the video shrinks to a corner after `seconds`. */
export const PipSettingSchema = /* @__PURE__ */ v.object({
  enabled: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
  seconds: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.pipe(
      /* @__PURE__ */ v.number(),
      /* @__PURE__ */ v.integer(),
      /* @__PURE__ */ v.minValue(0),
    ),
    0,
  ),
});

/**
 * The own platform's live room (general.hls). Names the spec writes in words are camelCased
 * (`audioSource`, `preBackground`, `attendance` for "attendance simulation", `peak` for its peak
 * values); `waiting_code` keeps the spec's spelling. Media fields hold a media uniqueID or URL, ""
 * for none; `code`, `waiting_code`, `css` are the host's custom code for the room and the waiting
 * room; `canned` holds canned chat replies; `autoChat` switches on the auto-chat actions imported
 * from CSV.
 *
 * @example
 * v.parse(HlsSettingSchema, {}).peak; // { start: 10, surge: 23, peak: 40, end: 18 }
 */
export const HlsSettingSchema = /* @__PURE__ */ v.object({
  audioSource: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  audienceCount: /* @__PURE__ */ v.optional(AudienceCountModeSchema, "real"),
  liveStream: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  preBackground: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  logo: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  favicon: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  attendance: /* @__PURE__ */ v.optional(AttendanceSimulationSchema, {}),
  peak: /* @__PURE__ */ v.optional(PeakValuesSchema, {}),
  livechat: /* @__PURE__ */ v.optional(LivechatSettingSchema, {}),
  code: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  waiting_code: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  css: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.string(), ""),
  canned: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.array(/* @__PURE__ */ v.string()), () => []),
  autoChat: /* @__PURE__ */ v.optional(/* @__PURE__ */ v.boolean(), false),
  pip: /* @__PURE__ */ v.optional(PipSettingSchema, {}),
});

export type AttendanceSimulation = v.InferOutput<typeof AttendanceSimulationSchema>;
export type PeakValues = v.InferOutput<typeof PeakValuesSchema>;
export type HlsSetting = v.InferOutput<typeof HlsSettingSchema>;
