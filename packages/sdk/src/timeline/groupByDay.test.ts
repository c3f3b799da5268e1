import { describe, expect, it } from "vitest";
import { dayLabel, groupByDay } from "./groupByDay.js";

describe("groupByDay", () => {
  it("labels days", () => {
    expect(dayLabel(-3)).toBe("3 days before");
    expect(dayLabel(-1)).toBe("1 day before");
    expect(dayLabel(0)).toBe("Event day");
    expect(dayLabel(1)).toBe("1 day after");
    expect(dayLabel(45)).toBe("45 days after");
  });

  it("orders non-empty days earliest first and ignores unknown keys", () => {
    const groups = groupByDay({ "2": ["c"], "-10": ["a"], "0": ["b1", "b2"], "1": [], junk: ["x"] });
    expect(groups.map((g) => [g.key, g.label, g.nodes])).toEqual([
      ["-10", "10 days before", ["a"]],
      ["0", "Event day", ["b1", "b2"]],
      ["2", "2 days after", ["c"]],
    ]);
  });

  it("lists every day when asked", () => {
    const groups = groupByDay({ "0": ["b"] }, { includeEmpty: true });
    expect(groups).toHaveLength(91);
    expect(groups[45]).toEqual({ day: 0, key: "0", label: "Event day", nodes: ["b"] });
  });
});
