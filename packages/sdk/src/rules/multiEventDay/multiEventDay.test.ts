import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { GeneralSettingSchema } from "../../schemas/timelineSetting/general.js";
import { dayTitleOf, daySettingOf, generalForDay } from "./multiEventDay.js";

const general = v.parse(GeneralSettingSchema, {
  videoFile: "main",
  secondaryVideo: "second",
  webinarVideoLength: "01:00:00",
  webinarType: "manual",
  countdown: { enabled: true, duration: 15, image: "timeline-bg" },
  multiEvents: {
    settings: [
      { dayKey: "day-1", eventName: "Day 1: Foundations" },
      { dayKey: "day-2", eventName: "Day 2: Scaling", isEncore: true, videoFile: "day2", webinarVideoLength: "00:45:00", countdown: { enabled: true, duration: 30, image: "day2-bg" } },
      { dayKey: "day-3", eventName: "Bonus", visible: false, webinarType: "semi-automatic" },
    ],
  },
});

describe("multi-event days", () => {
  it("finds a day's setting by its key", () => {
    expect(daySettingOf(general, "day-2")?.eventName).toBe("Day 2: Scaling");
    expect(daySettingOf(general, "day-9")).toBeUndefined();
    expect(daySettingOf(general, "")).toBeUndefined();
  });

  it("gives a day its own video, countdown and webinar type, keeping the timeline's where the day names none", () => {
    const day2 = generalForDay(general, "day-2");
    expect([day2.videoFile, day2.secondaryVideo, day2.webinarVideoLength]).toEqual(["day2", "", "00:45:00"]);
    expect(day2.countdown).toEqual({ enabled: true, duration: 30, manualLength: 0, image: "day2-bg" });
    expect(day2.webinarType).toBe("automatic");
    const day3 = generalForDay(general, "day-3");
    expect([day3.videoFile, day3.secondaryVideo, day3.webinarVideoLength]).toEqual(["main", "second", "01:00:00"]);
    expect(day3.countdown.image).toBe("timeline-bg");
    expect(day3.webinarType).toBe("semi-automatic");
    expect(generalForDay(general, undefined)).toBe(general);
    expect(generalForDay(general, "gone")).toBe(general);
  });

  it("names a visible day's sessions, an encore as such, and a hidden day's not at all", () => {
    expect(dayTitleOf(general, "day-1")).toBe("Day 1: Foundations");
    expect(dayTitleOf(general, "day-2")).toBe("Day 2: Scaling (encore)");
    expect(dayTitleOf(general, "day-3")).toBeUndefined();
    expect(dayTitleOf(general, null)).toBeUndefined();
  });
});
