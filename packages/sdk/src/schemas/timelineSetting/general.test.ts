import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { defaultAudienceSegments } from "../audience.js";
import { issuePath } from "../test-support/issuePath.js";
import { GeneralSettingSchema } from "./general.js";

describe("GeneralSettingSchema", () => {
  it("fills every default of spec §3 'General settings'", () => {
    expect(v.parse(GeneralSettingSchema, {})).toEqual({
      visible: true,
      userGroup: defaultAudienceSegments(),
      enabled: true,
      timelineName: "",
      description: "",
      organizer: "",
      presenters: [],
      timeZone: "America/Los_Angeles",
      timeStamp: null,
      eventType: "live-webinar",
      templateType: "",
      webinarType: "automatic",
      webinarTemplate: "",
      meetingTemplate: "",
      language: "en",
      multiEventCustomFields: [],
      replayStart: 15,
      joinStart: 15,
      deliveryPlatform: "default",
      integrationID: "",
      scheduleLength: 1,
      startAfter: 0,
      webinarVideoLength: "",
      manualLength: 0,
      joinDomain: "",
      videoFile: "",
      secondaryVideo: "",
      highDefinition: false,
      domain: "",
      muteAll: false,
      autoRecording: false,
      participantVideo: false,
      manualControl: { enabled: false, duration: 0 },
      advanced: { enabled: false, appendIntro: "", appendOutro: "" },
      countdown: { enabled: false, duration: 15, manualLength: 0, image: "" },
      replay: { enabled: false, replayDays: 0, replayHours: 0, replayMinutes: 0, expireOnMid: false },
      timeCounter: { enabled: false, direction: "up" },
      splitVideo: { enabled: false, videos: [] },
      multiEvents: { settings: [], nodes: {} },
      hls: expect.objectContaining({ audienceCount: "real" }),
    });
  });

  it("fills defaults inside a partly given sub-object", () => {
    const general = v.parse(GeneralSettingSchema, {
      countdown: { enabled: true },
      replay: { replayDays: 2 },
      timeCounter: { direction: "down" },
    });
    expect(general.countdown).toEqual({ enabled: true, duration: 15, manualLength: 0, image: "" });
    expect(general.replay.replayDays).toBe(2);
    expect(general.replay.expireOnMid).toBe(false);
    expect(general.timeCounter).toEqual({ enabled: false, direction: "down" });
  });

  it("accepts every delivery platform and 'default'", () => {
    for (const platform of ["default", "gotowebinar", "zoom", "youtube", "aevent", "vsl"]) {
      expect(v.parse(GeneralSettingSchema, { deliveryPlatform: platform }).deliveryPlatform).toBe(platform);
    }
  });

  it("keeps multi-event settings and their nodes by day key", () => {
    const general = v.parse(GeneralSettingSchema, {
      multiEvents: {
        settings: [{ dayKey: "d1", eventName: "Day 1" }],
        nodes: { d1: [{ action: "sendMail", minutes: 15, isAfter: -1 }] },
      },
    });
    expect(general.multiEvents.settings[0]?.eventName).toBe("Day 1");
    expect(general.multiEvents.nodes["d1"]?.[0]).toMatchObject({ action: "sendMail", minutes: 15, isAfter: -1 });
  });

  it("names the wrong field", () => {
    expect(issuePath(GeneralSettingSchema, { timeZone: "Nowhere/Land" })).toBe("timeZone");
    expect(issuePath(GeneralSettingSchema, { webinarType: "live" })).toBe("webinarType");
    expect(issuePath(GeneralSettingSchema, { eventType: "webinar" })).toBe("eventType");
    expect(issuePath(GeneralSettingSchema, { deliveryPlatform: "teams" })).toBe("deliveryPlatform");
    expect(issuePath(GeneralSettingSchema, { joinStart: "15" })).toBe("joinStart");
    expect(issuePath(GeneralSettingSchema, { visible: "true" })).toBe("visible");
    expect(issuePath(GeneralSettingSchema, { scheduleLength: 0 })).toBe("scheduleLength");
    expect(issuePath(GeneralSettingSchema, { timeCounter: { direction: "sideways" } })).toBe(
      "timeCounter.direction",
    );
    expect(issuePath(GeneralSettingSchema, { userGroup: [{ id: "3" }] })).toBe("userGroup.0.name");
  });
});
