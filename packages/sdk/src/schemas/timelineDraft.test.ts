import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { defaultAudienceSegments } from "./audience.js";
import { issuePath } from "./test-support/issuePath.js";
import { createTimelineDraft, TimelineDraftSchema } from "./timelineDraft.js";
import { AutoresponderSettingSchema } from "./timelineSetting/autoresponder.js";

describe("createTimelineDraft", () => {
  it("returns the spec's new-timeline defaults", () => {
    const draft = createTimelineDraft();
    expect(draft.general).toEqual({
      timelineName: "",
      description: "",
      deliveryPlatform: "default",
      webinarType: "automatic",
      eventType: "live-webinar",
      timeStamp: null,
      timeZone: "America/Los_Angeles",
      visible: true,
      templateType: "",
      language: "en",
      userGroup: defaultAudienceSegments(),
      presenters: [],
    });
    expect(draft.autoresponder).toEqual(v.parse(AutoresponderSettingSchema, {}));
    expect(draft.registration).toEqual({
      customForms: [],
      block: false,
      registrationStart: 0,
      registrationSubject: "",
      registrationBody: "",
      customeEnable: false,
      type: "multi-option",
      isInnerPageEnabled: false,
      setupType: "page",
      whitelist: { enabled: false, domains: [] },
    });
  });

  it("merges overrides and keeps the other defaults", () => {
    const draft = createTimelineDraft({
      general: { timelineName: "Spring launch", timeZone: "Europe/Paris" },
      registration: { type: "one-time" },
    });
    expect(draft.general.timelineName).toBe("Spring launch");
    expect(draft.general.timeZone).toBe("Europe/Paris");
    expect(draft.general.visible).toBe(true);
    expect(draft.registration.type).toBe("one-time");
    expect(draft.autoresponder.confirmation).toBe("false");
  });

  it("leaves out general fields a draft does not have", () => {
    const draft = v.parse(TimelineDraftSchema, { general: { hls: {}, joinStart: 3 } });
    expect(draft.general).not.toHaveProperty("hls");
    expect(draft.general).not.toHaveProperty("joinStart");
  });

  it("names a bad override", () => {
    expect(issuePath(TimelineDraftSchema, { general: { timeZone: "Pacific/Nowhere" } })).toBe("general.timeZone");
    expect(issuePath(TimelineDraftSchema, { registration: { type: "weekly" } })).toBe("registration.type");
    expect(() => createTimelineDraft({ general: { visible: "no" as unknown as boolean } })).toThrow(v.ValiError);
  });
});
