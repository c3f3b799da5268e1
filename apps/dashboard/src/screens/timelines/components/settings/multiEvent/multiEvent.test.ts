import { describe, expect, it } from "vitest";
import type { TimelineNode } from "@cuepoint/sdk";
import { withDayKey } from "../../ActionDialog.js";
import { nextDayKey } from "./MultiEventSection.js";

describe("nextDayKey", () => {
  it("gives the next free day-N key, never one a day still has", () => {
    expect(nextDayKey([])).toBe("day-1");
    expect(nextDayKey([{ dayKey: "day-1" }, { dayKey: "day-2" }])).toBe("day-3");
    // Day 1 removed: the new day does not take day-2's key again.
    expect(nextDayKey([{ dayKey: "day-2" }])).toBe("day-3");
  });
});

describe("withDayKey", () => {
  const node = { id: "n", model: { webhook: "https://example.com", dayKey: "day-1" } } as unknown as TimelineNode;
  it("ties an action to a day, or to none, keeping its other fields", () => {
    expect(withDayKey(node, "day-2").model).toEqual({ webhook: "https://example.com", dayKey: "day-2" });
    expect(withDayKey(node, "").model).toEqual({ webhook: "https://example.com" });
  });
});
