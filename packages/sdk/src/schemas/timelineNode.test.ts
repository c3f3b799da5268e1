import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { issuePath } from "./test-support/issuePath.js";
import { TimelineBlocksSchema, TimelineNodeSchema } from "./timelineNode.js";

describe("TimelineNodeSchema", () => {
  it("fills the defaults of an empty node", () => {
    expect(v.parse(TimelineNodeSchema, {})).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      isAfter: 1,
      isExact: false,
      action: "",
      actionTitle: "",
      integrationID: "",
      integrationType: "",
      groupID: "",
      groupName: "",
      model: {},
    });
  });

  it("keeps a full node, including the action's own model fields", () => {
    const node = {
      id: "n1",
      key: "k1",
      days: 1,
      hours: 9,
      minutes: 30,
      amPm: "PM",
      isAfter: -1,
      isExact: true,
      action: "sendsms",
      actionTitle: "Send SMS",
      integrationID: "i1",
      integrationType: "TWILIO",
      groupID: "a2",
      groupName: "Non-Attendee",
      templateID: "t1",
      model: { eventName: "Launch", fromEventID: "e1", fromEventName: "Launch", "sms-text": "Hi" },
      nodeID: "nd1",
      audiofile: "voice.mp3",
    } as const;
    expect(v.parse(TimelineNodeSchema, node)).toEqual(node);
  });

  it("names the wrong field", () => {
    expect(issuePath(TimelineNodeSchema, { isAfter: 0 })).toBe("isAfter");
    expect(issuePath(TimelineNodeSchema, { amPm: "am" })).toBe("amPm");
    expect(issuePath(TimelineNodeSchema, { minutes: 60 })).toBe("minutes");
    expect(issuePath(TimelineNodeSchema, { days: 46 })).toBe("days");
    expect(issuePath(TimelineNodeSchema, { hours: 1.5 })).toBe("hours");
    expect(issuePath(TimelineNodeSchema, { model: { fromEventID: 7 } })).toBe("model.fromEventID");
  });

  it("reads exact hours as 1-12 with AM/PM and as a 24-hour clock without", () => {
    expect(issuePath(TimelineNodeSchema, { isExact: true, hours: 17, amPm: "PM" })).toBe("hours");
    expect(issuePath(TimelineNodeSchema, { isExact: true, hours: 0, amPm: "AM" })).toBe("hours");
    expect(v.parse(TimelineNodeSchema, { isExact: true, hours: 12, amPm: "AM" }).hours).toBe(12);
    expect(v.parse(TimelineNodeSchema, { isExact: true, hours: 17 }).amPm).toBeUndefined();
    // relative nodes measure elapsed hours, where AM/PM means nothing
    expect(v.parse(TimelineNodeSchema, { hours: 17, amPm: "AM" }).hours).toBe(17);
  });
});

describe("TimelineBlocksSchema", () => {
  it("accepts buckets from -45 to 45", () => {
    const blocks = { "-45": [], "0": [{ action: "sendMail" }], "45": [] };
    expect(Object.keys(v.parse(TimelineBlocksSchema, blocks))).toEqual(["0", "45", "-45"]);
  });

  it("rejects out-of-range and non-canonical keys, naming the bucket", () => {
    for (const key of ["46", "-46", "1.5", "+1", "01", "-0", "day1"]) {
      expect(issuePath(TimelineBlocksSchema, { [key]: [] })).toBe(key);
    }
  });

  it("names a bad node inside a bucket", () => {
    expect(issuePath(TimelineBlocksSchema, { "-1": [{}, { isAfter: 2 }] })).toBe("-1.1.isAfter");
  });
});

