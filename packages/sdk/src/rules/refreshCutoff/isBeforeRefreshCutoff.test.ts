import { describe, expect, it } from "vitest";
import { REFRESH_DISABLE_CUTOFF } from "../../constants.js";
import { isBeforeRefreshCutoff } from "./isBeforeRefreshCutoff.js";

describe("isBeforeRefreshCutoff", () => {
  it("uses the shared cutoff", () => {
    expect(REFRESH_DISABLE_CUTOFF).toBe("2023-12-01T00:00:00Z");
  });

  it.each<[string | Date]>([
    ["2023-11-30T23:59:59Z"],
    ["2023-11-30T23:59:59.999Z"],
    ["2023-11-30 23:59:59"], // no zone: read as UTC
    ["2023-11-30"],
    ["2020-01-01 00:00"],
    ["2023-12-01T00:30:00+01:00"], // 23:30 UTC the day before
    [new Date("2023-06-15T12:00:00Z")],
  ])("%j is before", (createdAt) => {
    expect(isBeforeRefreshCutoff(createdAt)).toBe(true);
  });

  it.each<[string | Date | null | undefined]>([
    ["2023-12-01T00:00:00Z"], // the cutoff itself is not before it
    ["2023-12-01 00:00:00"],
    ["2023-12-01"],
    ["2024-03-10T08:00:00Z"],
    ["2023-11-30T23:00:00-02:00"], // 01:00 UTC on the cutoff day
    [new Date("2024-01-01T00:00:00Z")],
    [new Date(Number.NaN)],
    ["not a date"],
    [""],
    [null],
    [undefined],
  ])("%j is not before", (createdAt) => {
    expect(isBeforeRefreshCutoff(createdAt)).toBe(false);
  });
});
