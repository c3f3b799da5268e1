import { describe, expect, it } from "vitest";
import { createEmptyBlocks } from "./buckets.js";
import type { TimelineNodeLike } from "./types.js";
import { validateTimeline, validateTimelineAction, type TimelineRuleContext } from "./validateTimeline.js";

const context: TimelineRuleContext = { liveMinutes: 60, deliveryPlatform: "zoom" };
const node = (overrides: Partial<TimelineNodeLike>): TimelineNodeLike => ({
  id: "n",
  groupID: "3",
  action: "sendMail",
  days: 0,
  hours: 1,
  minutes: 0,
  isAfter: -1,
  ...overrides,
});

describe("validateTimelineAction", () => {
  it("passes a good action", () => {
    expect(validateTimelineAction(node({}), context)).toEqual({ ok: true });
  });

  it("reports the first failure in rule order", () => {
    // Incomplete wins over too close.
    expect(validateTimelineAction(node({ groupID: "", hours: 0, minutes: 5 }), context)).toMatchObject({ code: "incomplete" });
    expect(validateTimelineAction(node({ hours: 0, minutes: 5 }), context)).toMatchObject({ code: "too-close" });
    // Overlap wins over too close for an action 5 minutes into the event.
    expect(validateTimelineAction(node({ hours: 0, minutes: 5, isAfter: 1 }), context)).toMatchObject({
      code: "overlaps-live-window",
    });
  });

  it("applies the live-event rules to live actions", () => {
    const chat = node({ action: "livechat", hours: 0, minutes: 5 });
    expect(validateTimelineAction(chat, context)).toMatchObject({ code: "before-not-allowed" });
    expect(validateTimelineAction(chat, { ...context, deliveryPlatform: "aevent" })).toEqual({ ok: true });
    expect(validateTimelineAction({ ...chat, isAfter: 1, hours: 2 }, context)).toMatchObject({ code: "after-outside-live-window" });
    expect(validateTimelineAction({ ...chat, isAfter: 1 }, context)).toEqual({ ok: true });
  });
});

describe("validateTimeline", () => {
  it("lists problems with bucket and node id, earliest day first", () => {
    const blocks = {
      ...createEmptyBlocks<TimelineNodeLike>(),
      "0": [node({ id: "ok" }), node({ id: "close", hours: 0, minutes: 3 })],
      "-2": [node({ id: "misplaced", days: 1 })],
      "77": [node({ id: "stray", days: 77 })],
    };
    expect(validateTimeline(blocks, context).map((p) => [p.bucket, p.nodeId, p.code])).toEqual([
      ["-2", "misplaced", "wrong-bucket"],
      ["0", "close", "too-close"],
      ["77", "stray", "invalid-bucket"],
    ]);
  });

  it("reports unreadable nodes without throwing", () => {
    expect(validateTimeline({ "0": [node({ id: "bad", isAfter: 5 })] }, context)).toEqual([
      expect.objectContaining({ bucket: "0", nodeId: "bad", code: "invalid-timing" }),
    ]);
  });

  it("flags copies of one action that come from another source event", () => {
    const copy = (id: string, days: number, fromEventID: string) =>
      node({ id, days, hours: 0, minutes: 30, isAfter: 1, nodeID: "a1", model: { fromEventID } });
    const blocks = {
      "1": [copy("x", 1, "e1")],
      "2": [copy("y", 2, "e2"), node({ id: "other", days: 2, nodeID: "b", isAfter: 1, model: { fromEventID: "e9" } })],
      "3": [copy("z", 3, "e1")],
    };
    expect(validateTimeline(blocks, context)).toEqual([
      expect.objectContaining({ bucket: "2", nodeId: "y", code: "multiple-source-events" }),
    ]);
  });

  it("is empty for an empty timeline", () => {
    expect(validateTimeline(createEmptyBlocks(), context)).toEqual([]);
  });
});
