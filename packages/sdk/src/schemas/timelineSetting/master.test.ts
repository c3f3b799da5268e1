import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { issuePath } from "../test-support/issuePath.js";
import { AutoresponderSettingSchema } from "./autoresponder.js";
import { GeneralSettingSchema } from "./general.js";
import { createMasterSetting, TimelineMasterSettingSchema } from "./master.js";
import { PageSettingSchema } from "./page.js";
import { RegistrationSettingSchema } from "./registration.js";

describe("createMasterSetting", () => {
  it("returns every section with its defaults", () => {
    expect(createMasterSetting()).toEqual({
      general: v.parse(GeneralSettingSchema, {}),
      registration: v.parse(RegistrationSettingSchema, {}),
      page: v.parse(PageSettingSchema, {}),
      integration: {},
      autoresponder: v.parse(AutoresponderSettingSchema, {}),
    });
  });

  it("has the spec's headline defaults", () => {
    const { general, registration, autoresponder } = createMasterSetting();
    expect(general).toMatchObject({
      visible: true,
      timeZone: "America/Los_Angeles",
      webinarType: "automatic",
      language: "en",
      replayStart: 15,
      joinStart: 15,
      deliveryPlatform: "default",
      scheduleLength: 1,
    });
    expect(general.countdown.duration).toBe(15);
    expect(general.timeCounter.direction).toBe("up");
    expect(general.hls.attendance).toEqual({
      start: 15,
      surge: { percent: 25, at: 30 },
      peak: { percent: 50, at: 20 },
      end: 10,
    });
    expect(general.hls.peak).toEqual({ start: 10, surge: 23, peak: 40, end: 18 });
    expect(registration.type).toBe("one-time");
    expect(registration.setupType).toBe("page");
    expect(autoresponder.webinar).toBe("false");
  });

  it("merges overrides section by section", () => {
    const setting = createMasterSetting({
      general: { timelineName: "Launch", countdown: { enabled: true } },
      registration: { type: "multi-option" },
    });
    expect(setting.general.timelineName).toBe("Launch");
    expect(setting.general.countdown).toEqual({ enabled: true, duration: 15, manualLength: 0, image: "" });
    expect(setting.general.timeZone).toBe("America/Los_Angeles");
    expect(setting.registration.type).toBe("multi-option");
    expect(setting.registration.setupType).toBe("page");
  });

  it("returns fresh objects each call", () => {
    const first = createMasterSetting();
    first.general.presenters.push("Ada");
    first.general.userGroup.pop();
    const second = createMasterSetting();
    expect(second.general.presenters).toEqual([]);
    expect(second.general.userGroup).toHaveLength(3);
  });

  it("rejects a bad override, naming the field", () => {
    expect(() => createMasterSetting({ general: { webinarType: "live" as "manual" } })).toThrow(v.ValiError);
    expect(issuePath(TimelineMasterSettingSchema, { general: { joinStart: -5 } })).toBe("general.joinStart");
    expect(issuePath(TimelineMasterSettingSchema, { registration: { whitelist: { enabled: 1 } } })).toBe(
      "registration.whitelist.enabled",
    );
    expect(issuePath(TimelineMasterSettingSchema, { autoresponder: { reminder: false } })).toBe(
      "autoresponder.reminder",
    );
  });
});
