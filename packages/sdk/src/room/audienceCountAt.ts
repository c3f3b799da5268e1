import type { HlsSetting } from "../schemas/timelineSetting/hls.js";

/** What the audience count depends on at one instant of the live part. */
export interface AudienceInput {
  /** The live position, seconds since the start. */
  positionSeconds: number;
  /** Length of the live part in seconds. */
  liveSeconds: number;
  /** Registrants of the event. */
  registrants: number;
  /** People in the room now (the server's open connections). */
  present: number;
}

/** Where the later of surge and peak lands in an event too short for their minutes (a share of it). */
const SHORT_EVENT_LATEST_POINT = 0.75;

type CurvePoint = { seconds: number; count: number };

/** Eases from 0 to 1 with a flat start and end, so the curve has no corners at its points. */
const smoothstep = (u: number) => u * u * (3 - 2 * u);

/**
 * The four points of the simulated curve, in time order: start (0 s), the surge and the peak at
 * their minutes (the spec's defaults put the peak, minute 20, before the surge, minute 30), end
 * (`liveSeconds`). When the later of surge and peak does not fall before the end (a short event),
 * both minutes are scaled down in proportion so it lands at three quarters of the live part: the
 * curve keeps its shape and its fall to the end. Each point's count is its percent of the
 * registrants, rounded, but at least its head count (`hls.peak`), so a small event still looks alive.
 */
function curveOf(hls: HlsSetting, liveSeconds: number, registrants: number): CurvePoint[] {
  const { attendance, peak } = hls;
  const live = Math.max(liveSeconds, 0);
  const latest = Math.max(attendance.surge.at, attendance.peak.at) * 60;
  const scale = latest >= live && latest > 0 ? (live * SHORT_EVENT_LATEST_POINT) / latest : 1;
  const at = (minutes: number) => minutes * 60 * scale;
  const count = (percent: number, floor: number) => Math.max(Math.round((percent * registrants) / 100), floor);
  const middle = [
    { seconds: at(attendance.surge.at), count: count(attendance.surge.percent, peak.surge) },
    { seconds: at(attendance.peak.at), count: count(attendance.peak.percent, peak.peak) },
  ].sort((a, b) => a.seconds - b.seconds);
  return [
    { seconds: 0, count: count(attendance.start, peak.start) },
    ...middle,
    { seconds: live, count: count(attendance.end, peak.end) },
  ];
}

/**
 * The audience count attendees see, by `hls.audienceCount`:
 *
 * - "real": `present`, the people in the room now;
 * - "hidden": null (the room shows no count);
 * - "simulated": the attendance simulation (`hls.attendance`, `hls.peak`, spec §3). Four points —
 *   start at 0:00, surge and peak at their minutes (scaled down into an event too short for them),
 *   end at the end of the live part — each worth its percent of `registrants` with its head count
 *   as a floor (defaults: 15 % / ≥10 at the start, 50 % / ≥40 at minute 20, 25 % / ≥23 at
 *   minute 30, 10 % / ≥18 at the end). Between two points
 *   the count eases smoothly (smoothstep) from one to the other; before the start it is the start
 *   count, after the end the end count. It is never below `present`: no one is shown fewer people
 *   than are really there. Whole numbers, deterministic: everyone sees the same count at the same
 *   position.
 *
 * @example
 * const hls = v.parse(HlsSettingSchema, { audienceCount: "simulated" });
 * audienceCountAt(hls, { positionSeconds: 1200, liveSeconds: 3600, registrants: 200, present: 12 }); // 100 (50 % at minute 20)
 * audienceCountAt(hls, { positionSeconds: 0, liveSeconds: 3600, registrants: 20, present: 3 });
 * // 10 (15 % of 20 is 3: the head count 10 wins)
 */
export function audienceCountAt(hls: HlsSetting, input: AudienceInput): number | null {
  const { liveSeconds, registrants, present } = input;
  const positionSeconds = Number.isNaN(input.positionSeconds) ? 0 : input.positionSeconds;
  if (hls.audienceCount === "hidden") return null;
  if (hls.audienceCount === "real") return present;
  const points = curveOf(hls, liveSeconds, Math.max(registrants, 0));
  const last = points[points.length - 1] as CurvePoint;
  let simulated = last.count;
  for (let i = 0; i < points.length - 1; i++) {
    const from = points[i] as CurvePoint;
    const to = points[i + 1] as CurvePoint;
    if (positionSeconds <= from.seconds) {
      simulated = from.count;
      break;
    }
    if (positionSeconds < to.seconds) {
      const u = (positionSeconds - from.seconds) / (to.seconds - from.seconds);
      simulated = Math.round(from.count + (to.count - from.count) * smoothstep(u));
      break;
    }
  }
  return Math.max(simulated, present);
}
