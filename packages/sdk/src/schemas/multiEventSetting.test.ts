import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { MultiEventSettingSchema } from "./multiEventSetting.js";
import { issuePath } from "./test-support/issuePath.js";

describe("MultiEventSettingSchema", () => {
  it("fills defaults around the day key", () => {
    expect(v.parse(MultiEventSettingSchema, { dayKey: "day-1" })).toEqual({
      dayKey: "day-1",
      eventName: "",
      visible: true,
      registrationSubject: "",
      registrationBody: "",
      webinarType: "automatic",
      isEncore: false,
      videoFile: "",
      secondaryVideo: "",
      webinarVideoLength: "",
      countdown: { enabled: false, duration: 15, manualLength: 0, image: "" },
    });
  });

  it("keeps a full setting", () => {
    const setting = {
      dayKey: "2",
      eventName: "Day 2",
      visible: false,
      registrationSubject: "See you on day 2",
      registrationBody: "Join here",
      webinarType: "manual",
      isEncore: true,
      videoFile: "vid_1",
      secondaryVideo: "vid_2",
      webinarVideoLength: "01:30:00",
      countdown: { enabled: true, duration: 5, manualLength: 2, image: "img_1" },
    } as const;
    expect(v.parse(MultiEventSettingSchema, setting)).toEqual(setting);
  });

  it("names the wrong field", () => {
    expect(issuePath(MultiEventSettingSchema, {})).toBe("dayKey");
    expect(issuePath(MultiEventSettingSchema, { dayKey: "1", webinarType: "live" })).toBe("webinarType");
    expect(
      issuePath(MultiEventSettingSchema, { dayKey: "1", countdown: { duration: -1 } }),
    ).toBe("countdown.duration");
    expect(issuePath(MultiEventSettingSchema, { dayKey: "1", webinarVideoLength: "90" })).toBe(
      "webinarVideoLength",
    );
  });
});
