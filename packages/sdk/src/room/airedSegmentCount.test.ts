import { describe, expect, it } from "vitest";
import { airedSegmentCount } from "./airedSegmentCount.js";

describe("airedSegmentCount", () => {
  const sixes = [6, 6, 6, 4];

  it("lists segment i once its start has aired, so the first is there at 0 s", () => {
    expect(airedSegmentCount(sixes, -0.001)).toBe(0);
    expect(airedSegmentCount(sixes, 0)).toBe(1);
    expect(airedSegmentCount(sixes, 5.999)).toBe(1);
    expect(airedSegmentCount(sixes, 6)).toBe(2);
    expect(airedSegmentCount(sixes, 12)).toBe(3);
    expect(airedSegmentCount(sixes, 18)).toBe(4);
    expect(airedSegmentCount(sixes, 1e9)).toBe(4);
  });

  it("counts a boundary that floating-point sums miss by a hair", () => {
    const segments = Array.from({ length: 12 }, () => 5.005);
    // Ten 5.005 s segments sum to 50.050000000000004 in floats; position 50.05 is the 11th's start.
    expect(airedSegmentCount(segments, 50.05)).toBe(11);
    expect(airedSegmentCount(segments, 50.049)).toBe(10);
  });

  it("is 0 without segments or without a position", () => {
    expect(airedSegmentCount([], 100)).toBe(0);
    expect(airedSegmentCount(sixes, Number.NaN)).toBe(0);
  });
});
