import { describe, expect, it } from "vitest";
import { createEmptyBlocks } from "./buckets.js";
import {
  TimelineEditError,
  addNode,
  addNodeToPastEvent,
  canMoveNode,
  deleteNode,
  findNode,
  isEventPast,
  moveNode,
} from "./editBlocks.js";
import type { TimelineNodeLike } from "./types.js";

type Node = TimelineNodeLike & { id: string };
const node = (id: string, days: number, isAfter: 1 | -1, extra: Partial<Node> = {}): Node => ({
  id,
  days,
  hours: 1,
  minutes: 0,
  isAfter,
  ...extra,
});

function frozenBlocks() {
  const blocks = addNode(addNode(createEmptyBlocks<Node>(), node("a", 1, -1)), node("b", 1, -1));
  for (const list of Object.values(blocks)) Object.freeze(list);
  return Object.freeze(blocks);
}

describe("addNode", () => {
  it("appends to the node's bucket without touching the input", () => {
    const blocks = frozenBlocks();
    const next = addNode(blocks, node("c", 2, 1));
    expect(next["2"]?.map((n) => n.id)).toEqual(["c"]);
    expect(blocks["2"]).toEqual([]);
    expect(next["-1"]?.map((n) => n.id)).toEqual(["a", "b"]);
    expect(next["-1"]).not.toBe(blocks["-1"]);
  });

  it("accepts string timing and creates a missing bucket", () => {
    expect(addNode({}, node("s", 0, 1, { days: "3", isAfter: "-1" }))["-3"]?.map((n) => n.id)).toEqual(["s"]);
  });

  it("refuses days outside the timeline", () => {
    expect(() => addNode({}, node("far", 46, 1))).toThrow(TimelineEditError);
    expect(() => addNode({}, node("bad", 1, 1, { minutes: -5 }))).toThrow(RangeError);
  });
});

describe("moveNode", () => {
  it("re-buckets and rewrites days and isAfter", () => {
    const next = moveNode(frozenBlocks(), "a", 3);
    expect(next["-1"]?.map((n) => n.id)).toEqual(["b"]);
    expect(next["3"]).toEqual([{ id: "a", days: 3, hours: 1, minutes: 0, isAfter: 1 }]);
    expect(findNode(next, "a")).toMatchObject({ bucket: "3", index: 0 });
  });

  it("keeps the direction when moving to the event day, and the position within the same day", () => {
    expect(moveNode(frozenBlocks(), "b", 0)["0"]).toEqual([{ id: "b", days: 0, hours: 1, minutes: 0, isAfter: -1 }]);
    expect(moveNode(frozenBlocks(), "a", -1)["-1"]?.map((n) => n.id)).toEqual(["a", "b"]);
  });

  it("refuses to move a multi-event node to another day, keeping its dayKey", () => {
    const tied = node("m", 1, 1, { model: { dayKey: "day-2", fromEventID: "e1" } });
    const blocks = addNode({}, tied);
    expect(canMoveNode(blocks, "m", 2)).toMatchObject({ ok: false, code: "multi-event-day-locked" });
    expect(() => moveNode(blocks, "m", 2)).toThrow(expect.objectContaining({ code: "multi-event-day-locked" }));
    expect(moveNode(blocks, "m", 1)["1"]?.[0]?.model).toEqual({ dayKey: "day-2", fromEventID: "e1" });
  });

  it("refuses unknown nodes and days outside the timeline", () => {
    expect(canMoveNode(frozenBlocks(), "zz", 1)).toMatchObject({ code: "node-not-found" });
    expect(canMoveNode(frozenBlocks(), "a", 46)).toMatchObject({ code: "invalid-bucket" });
    expect(canMoveNode(frozenBlocks(), "a", 2)).toEqual({ ok: true });
  });
});

describe("deleteNode", () => {
  it("removes the node and leaves the input alone", () => {
    const blocks = frozenBlocks();
    expect(deleteNode(blocks, "a")["-1"]?.map((n) => n.id)).toEqual(["b"]);
    expect(deleteNode(blocks, "nope")).toEqual(blocks);
    expect(blocks["-1"]).toHaveLength(2);
  });
});

describe("past events", () => {
  it("adds to the bucket and flags isPast", () => {
    const { blocks, isPast } = addNodeToPastEvent(createEmptyBlocks<Node>(), node("p", 2, 1));
    expect(isPast).toBe(true);
    expect(blocks["2"]?.map((n) => n.id)).toEqual(["p"]);
  });

  it("calls an event past once it has started", () => {
    expect(isEventPast("2026-03-08T17:00:00Z", new Date("2026-03-08T16:59:59Z"))).toBe(false);
    expect(isEventPast("2026-03-08T17:00:00Z", "2026-03-08T17:00:00Z")).toBe(true);
    expect(isEventPast(new Date("2026-03-08T17:00:00Z"), "2026-03-09 00:00:00")).toBe(true);
  });
});
