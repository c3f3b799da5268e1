import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { HlsSettingSchema } from "../schemas/timelineSetting/hls.js";
import { audienceCountAt } from "./audienceCountAt.js";

const simulated = v.parse(HlsSettingSchema, { audienceCount: "simulated" });
const HOUR = 3600;
const at = (positionSeconds: number, registrants: number, present = 0, liveSeconds = HOUR) =>
  audienceCountAt(simulated, { positionSeconds, liveSeconds, registrants, present });

describe("audienceCountAt: real and hidden", () => {
  it("shows the people present for 'real' and nothing for 'hidden'", () => {
    const input = { positionSeconds: 600, liveSeconds: HOUR, registrants: 500, present: 7 };
    expect(audienceCountAt(v.parse(HlsSettingSchema, {}), input)).toBe(7);
    expect(audienceCountAt(v.parse(HlsSettingSchema, { audienceCount: "hidden" }), input)).toBeNull();
  });
});

describe("audienceCountAt: the simulated curve (spec defaults)", () => {
  it("is each point's percent of the registrants at its point: start 15 %, peak 50 % at 20, surge 25 % at 30, end 10 %", () => {
    expect(at(0, 1000)).toBe(150);
    expect(at(20 * 60, 1000)).toBe(500);
    expect(at(30 * 60, 1000)).toBe(250);
    expect(at(HOUR, 1000)).toBe(100);
  });

  it("uses the head counts as floors, so a small event still looks alive: 10, 40, 23, 18", () => {
    expect([0, 20 * 60, 30 * 60, HOUR].map((seconds) => at(seconds, 20))).toEqual([10, 40, 23, 18]);
    expect([0, 20 * 60, 30 * 60, HOUR].map((seconds) => at(seconds, 0))).toEqual([10, 40, 23, 18]);
  });

  it("eases smoothly between two points: halfway is the middle, and it moves slowly near the points", () => {
    // start 150 → peak 500 over 0–20 min.
    expect(at(10 * 60, 1000)).toBe(325);
    const justAfterStart = at(60, 1000) as number;
    const justBeforePeak = at(19 * 60, 1000) as number;
    expect(justAfterStart - 150).toBeLessThan(10); // a linear ramp would have added 17.5
    expect(500 - justBeforePeak).toBeLessThan(10);
    // Never leaves the span of its two points.
    for (let second = 0; second <= HOUR; second += 37) {
      expect(at(second, 1000)).toBeGreaterThanOrEqual(100);
      expect(at(second, 1000)).toBeLessThanOrEqual(500);
    }
  });

  it("rises to the peak, falls to the surge, then to the end", () => {
    expect(at(15 * 60, 1000)).toBeGreaterThan(at(5 * 60, 1000) as number);
    expect(at(25 * 60, 1000)).toBeLessThan(500);
    expect(at(45 * 60, 1000)).toBeLessThan(250);
  });

  it("is the start count before the start and the end count after the end", () => {
    expect(at(-300, 1000)).toBe(150);
    expect(at(2 * HOUR, 1000)).toBe(100);
  });

  it("is never fewer than the people really present", () => {
    expect(at(HOUR, 1000, 420)).toBe(420);
  });

  it("scales surge and peak into an event too short for their minutes, keeping the fall to the end", () => {
    // A 20-minute event: the surge (minute 30) lands at 15 (three quarters), the peak (20) at 10.
    const short = 20 * 60;
    expect([0, 10 * 60, 15 * 60, short].map((seconds) => at(seconds, 1000, 0, short))).toEqual([150, 500, 250, 100]);
    // An event longer than the curve keeps its minutes as they are.
    expect(at(20 * 60, 1000, 0, 31 * 60)).toBe(500);
  });

  it("reads the host's own curve, surge before peak", () => {
    const hls = v.parse(HlsSettingSchema, {
      audienceCount: "simulated",
      attendance: { start: 0, surge: { percent: 40, at: 5 }, peak: { percent: 80, at: 40 }, end: 0 },
      peak: { start: 0, surge: 0, peak: 0, end: 0 },
    });
    const count = (minute: number) => audienceCountAt(hls, { positionSeconds: minute * 60, liveSeconds: HOUR, registrants: 100, present: 0 });
    expect([0, 5, 40, 60].map(count)).toEqual([0, 40, 80, 0]);
  });

  it("is deterministic", () => {
    expect(at(1234.5, 777)).toBe(at(1234.5, 777));
  });
});
