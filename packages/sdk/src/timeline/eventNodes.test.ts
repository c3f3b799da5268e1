import { describe, expect, it } from "vitest";
import { blocksForEvent, nodeAppliesToEvent, pastEventNode } from "./eventNodes.js";
import type { TimelineNodeLike } from "./types.js";

const mail = (id: string, model: TimelineNodeLike["model"] = {}, days = 0, isAfter = 1): TimelineNodeLike => ({ id, action: "sendMail", days, hours: 1, minutes: 0, isAfter, model });

describe("nodeAppliesToEvent", () => {
  it("fires a node without a day or source event for every event", () => {
    expect(nodeAppliesToEvent(mail("a"), { eventId: "e1" })).toBe(true);
    expect(nodeAppliesToEvent(mail("a"), { eventId: "e2", dayKey: "day-2" })).toBe(true);
  });

  it("fires a day's node only for that day's events", () => {
    const node = mail("d", { dayKey: "day-2" });
    expect(nodeAppliesToEvent(node, { eventId: "e1", dayKey: "day-1" })).toBe(false);
    expect(nodeAppliesToEvent(node, { eventId: "e2", dayKey: "day-2" })).toBe(true);
    expect(nodeAppliesToEvent(node, { eventId: "e3" })).toBe(false);
  });

  it("fires a past event's node only for that event, but leaves live-event actions to every room", () => {
    expect(nodeAppliesToEvent(mail("p", { fromEventID: "e1" }), { eventId: "e1" })).toBe(true);
    expect(nodeAppliesToEvent(mail("p", { fromEventID: "e1" }), { eventId: "e2" })).toBe(false);
    expect(nodeAppliesToEvent({ key: "livechat", model: { fromEventID: "csv-1" } }, { eventId: "e2" })).toBe(true);
  });
});

describe("blocksForEvent", () => {
  const blocks = { "0": [mail("all"), mail("d1", { dayKey: "day-1" })], "1": [mail("d2", { dayKey: "day-2" }, 1)] };

  it("keeps the nodes of the event's day and the common ones", () => {
    expect(blocksForEvent(blocks, undefined, { eventId: "e", dayKey: "day-1" })).toEqual({ "0": [blocks["0"][0], blocks["0"][1]], "1": [] });
    expect(blocksForEvent(blocks, undefined, { eventId: "e" })).toEqual({ "0": [blocks["0"][0]], "1": [] });
  });

  it("answers the same blocks when the event keeps every node", () => {
    const plain = { "0": [mail("all")] };
    expect(blocksForEvent(plain, { nodes: {} }, { eventId: "e", dayKey: "day-1" })).toBe(plain);
  });

  it("adds the day's nodes kept in multiEvents.nodes to their bucket, with a stable id", () => {
    const kept = { nodes: { "day-2": [{ action: "sendMail", days: 2, hours: 0, minutes: 30, isAfter: -1 }, { action: "x", days: 60, isAfter: 1 }] } };
    const result = blocksForEvent(blocks, kept, { eventId: "e", dayKey: "day-2" });
    expect(result["-2"]).toEqual([{ action: "sendMail", days: 2, hours: 0, minutes: 30, isAfter: -1, id: "day-2:0" }]);
    expect(result["1"]).toEqual([blocks["1"][0]]);
    expect(Object.values(result).flat()).toHaveLength(3);
    expect(blocksForEvent(blocks, kept, { eventId: "e", dayKey: "day-1" })["-2"]).toBeUndefined();
  });
});

describe("pastEventNode", () => {
  it("ties the node to the past event by id and name, keeping its own fields", () => {
    const node = pastEventNode({ ...mail("n"), model: { eventName: "Replay" } }, { webinarID: "e1", name: "Monday" });
    expect(node.model).toEqual({ eventName: "Replay", fromEventID: "e1", fromEventName: "Monday" });
    expect(nodeAppliesToEvent(node, { eventId: "e1" })).toBe(true);
  });
});
