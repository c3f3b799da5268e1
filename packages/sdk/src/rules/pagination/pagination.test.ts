import { describe, expect, it } from "vitest";
import { leadsPageCount, pageCount, pageOffset, pageSlice, webinarPageCount } from "./pagination.js";

describe("webinarPageCount", () => {
  it.each([
    [0, 0],
    [1, 1],
    [12, 1],
    [13, 2],
    [24, 2],
    [25, 3],
    [-5, 0],
    [Number.NaN, 0],
  ])("%d webinars → %i pages", (total, pages) => {
    expect(webinarPageCount(total)).toBe(pages);
  });
});

describe("leadsPageCount (spec: total / 20, rounded)", () => {
  it.each([
    [0, 0],
    [9, 0],
    [10, 1],
    [20, 1],
    [21, 1],
    [29, 1],
    [30, 2],
    [40, 2],
    [49, 2],
    [50, 3],
    [-20, 0],
    [Number.NaN, 0],
  ])("%d leads → %i pages", (total, pages) => {
    expect(leadsPageCount(total)).toBe(pages);
  });
});

describe("pageCount", () => {
  it.each([0, -1, 1.5, Number.NaN])("refuses page size %d", (size) => {
    expect(() => pageCount(10, size)).toThrow(RangeError);
  });
});

describe("pageOffset", () => {
  it.each([
    [1, 20, 0],
    [2, 20, 20],
    [3, 12, 24],
    [0, 12, 0],
    [-3, 12, 0],
    [2.7, 12, 12],
    [Number.NaN, 12, 0],
  ])("page %d of %i → %i", (page, size, offset) => {
    expect(pageOffset(page, size)).toBe(offset);
  });
});

describe("pageSlice", () => {
  const items = Array.from({ length: 25 }, (_, i) => i + 1);
  it.each([
    [1, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]],
    [2, [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]],
    [3, [25]],
    [4, []],
  ])("page %i", (page, expected) => {
    expect(pageSlice(items, page, 12)).toEqual(expected);
  });
});
