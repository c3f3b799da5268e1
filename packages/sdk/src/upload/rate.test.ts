import { describe, expect, it } from "vitest";
import { createRateMeter } from "./rate.js";

describe("createRateMeter", () => {
  it("starts at the first sample, then moves 30% of the way to each new one", () => {
    let time = 0;
    const meter = createRateMeter(() => time);
    time = 1000;
    expect(meter.add(1000)).toBe(1000);
    time = 2000;
    expect(meter.add(2000)).toBe(1300);
    time = 3000;
    expect(meter.add(0)).toBeCloseTo(910);
  });

  it("stays finite for samples within the same millisecond", () => {
    const meter = createRateMeter(() => 5);
    expect(Number.isFinite(meter.add(1e9))).toBe(true);
  });

  it("restart excludes the pause from the next sample", () => {
    let time = 0;
    const meter = createRateMeter(() => time);
    time = 1000;
    meter.add(1000);
    time = 60_000;
    meter.restart();
    time = 61_000;
    expect(meter.add(1000)).toBe(1000);
  });
});
