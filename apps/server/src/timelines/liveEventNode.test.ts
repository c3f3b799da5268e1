import { createMasterSetting } from "@cuepoint/sdk";
import { describe, expect, it } from "vitest";
import { autoChatNodes } from "./autoChatNodes.js";
import { liveEventNode } from "./liveEventNode.js";

describe("liveEventNode", () => {
  it("places the node on the event day in whole minutes, the exact second in model.afterSeconds, for everyone by default", () => {
    expect(liveEventNode({ id: "cta-1", action: "cta", title: "Offer", seconds: 3725, model: { headline: "Now", subheadline: "Only today" } })).toEqual({
      id: "cta-1",
      key: "cta",
      action: "cta",
      actionTitle: "Offer",
      days: 0,
      hours: 1,
      minutes: 2,
      isAfter: 1,
      isExact: false,
      integrationID: "",
      integrationType: "AEVENT",
      groupID: "3",
      groupName: "Registrants",
      model: { headline: "Now", subheadline: "Only today", afterSeconds: 3725 },
    });
  });

  it("is what the auto-chat import builds, one node per message and audience group", () => {
    const setting = createMasterSetting({ general: { deliveryPlatform: "vsl" } });
    const [first] = autoChatNodes([{ line: 2, name: "Ann", message: "Hello", seconds: 95 }], { id: "auto", eventID: "e1", groups: ["a1"] }, setting);
    expect(first?.node).toEqual(
      liveEventNode({
        id: "auto:2:a1",
        action: "livechat",
        title: "Auto-chat message",
        seconds: 95,
        group: { id: "a1", name: "Attendee" },
        integrationType: "VSL",
        nodeID: "auto",
        model: { fromEventID: "e1", from: "Ann", message: "Hello" },
      }),
    );
    expect(first?.node).toMatchObject({ hours: 0, minutes: 1, nodeID: "auto", model: { afterSeconds: 95 } });
  });
});
