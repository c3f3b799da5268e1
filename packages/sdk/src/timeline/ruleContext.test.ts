import { describe, expect, it } from "vitest";
import { createMasterSetting } from "../schemas/timelineSetting/master.js";
import { liveMinutesOf, ruleContextOf } from "./ruleContext.js";
import { validateTimelineAction } from "./validateTimeline.js";

type GeneralInput = NonNullable<NonNullable<Parameters<typeof createMasterSetting>[0]>["general"]>;
const general = (overrides: GeneralInput) => createMasterSetting({ general: overrides }).general;

describe("liveMinutesOf", () => {
  it("prefers the video's length, rounded up to the minute", () => {
    expect(liveMinutesOf(general({ webinarVideoLength: "01:30:10", manualLength: 20 }))).toBe(91);
  });
  it("then a manually controlled event's duration, then manualLength, then scheduleLength in hours", () => {
    expect(liveMinutesOf(general({ manualControl: { enabled: true, duration: 45 }, manualLength: 20 }))).toBe(45);
    expect(liveMinutesOf(general({ manualLength: 20 }))).toBe(20);
    expect(liveMinutesOf(general({ scheduleLength: 1.5 }))).toBe(90);
  });
});

describe("ruleContextOf", () => {
  it("reads the platform, the countdown and the event's minute of day in its zone", () => {
    const context = ruleContextOf(
      general({
        deliveryPlatform: "zoom",
        timeStamp: Date.UTC(2026, 5, 1, 16, 30),
        timeZone: "America/New_York",
        countdown: { enabled: true, duration: 10 },
      }),
    );
    expect(context).toMatchObject({ deliveryPlatform: "zoom", countdownMinutes: 10, eventMinuteOfDay: 12 * 60 + 30 });
  });
  it("has no countdown when it is off, and does not judge the event day in an unknown zone", () => {
    const stored = general({ timeStamp: Date.UTC(2026, 5, 1), countdown: { enabled: false, duration: 10 } });
    const context = ruleContextOf({ ...stored, timeZone: "Mars/Olympus" });
    expect(context.countdownMinutes).toBe(0);
    expect(context.eventMinuteOfDay).toBeUndefined();
  });
  it("lets the rules refuse what the server refuses", () => {
    const context = ruleContextOf(general({ deliveryPlatform: "zoom" }));
    const liveBefore = { days: 0, hours: 0, minutes: 10, isAfter: -1 as const, action: "livechat", groupID: "1" };
    expect(validateTimelineAction(liveBefore, context).ok).toBe(false);
  });
});
