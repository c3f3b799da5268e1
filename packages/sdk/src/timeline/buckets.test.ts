import { describe, expect, it } from "vitest";
import { BUCKET_MAX, BUCKET_MIN } from "../constants.js";
import { bucketKeys, bucketOf, createEmptyBlocks, isBucket } from "./buckets.js";

describe("bucketKeys and isBucket", () => {
  it("runs -45..45 in order", () => {
    const keys = bucketKeys();
    expect(keys).toHaveLength(91);
    expect(keys[0]).toBe(BUCKET_MIN);
    expect(keys.at(-1)).toBe(BUCKET_MAX);
    expect(keys.indexOf(0)).toBe(45);
  });

  it("accepts whole days in range and canonical keys only", () => {
    expect(isBucket(-45)).toBe(true);
    expect(isBucket(45)).toBe(true);
    expect(isBucket("-7")).toBe(true);
    expect(isBucket(46)).toBe(false);
    expect(isBucket(-46)).toBe(false);
    expect(isBucket(1.5)).toBe(false);
    expect(isBucket("03")).toBe(false);
    expect(isBucket("-0")).toBe(false);
    expect(isBucket("")).toBe(false);
    expect(isBucket(null)).toBe(false);
  });
});

describe("bucketOf", () => {
  it("signs the days with isAfter", () => {
    expect(bucketOf({ days: 3, isAfter: -1 })).toBe(-3);
    expect(bucketOf({ days: "2", isAfter: "1" })).toBe(2);
  });

  it("keeps hours and minutes on the same day and never yields -0", () => {
    expect(Object.is(bucketOf({ days: 0, hours: 30, isAfter: -1 }), 0)).toBe(true);
    expect(bucketOf({ days: 1, hours: 23, minutes: 59, isAfter: 1 })).toBe(1);
  });
});

describe("createEmptyBlocks", () => {
  it("has the 91 wire keys, each with its own empty list", () => {
    const blocks = createEmptyBlocks<{ id: string }>();
    expect(Object.keys(blocks)).toHaveLength(91);
    expect(blocks["-45"]).toEqual([]);
    expect(blocks["45"]).toEqual([]);
    expect(blocks["46"]).toBeUndefined();
    blocks["0"]?.push({ id: "a" });
    expect(blocks["1"]).toEqual([]);
    expect(createEmptyBlocks()["0"]).toEqual([]);
  });
});
