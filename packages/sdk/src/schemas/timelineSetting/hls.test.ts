import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { issuePath } from "../test-support/issuePath.js";
import { HlsSettingSchema } from "./hls.js";

describe("HlsSettingSchema", () => {
  it("fills the spec's attendance simulation and peak values", () => {
    expect(v.parse(HlsSettingSchema, {})).toEqual({
      audioSource: "",
      audienceCount: "real",
      liveStream: "",
      preBackground: "",
      logo: "",
      favicon: "",
      attendance: { start: 15, surge: { percent: 25, at: 30 }, peak: { percent: 50, at: 20 }, end: 10 },
      peak: { start: 10, surge: 23, peak: 40, end: 18 },
      livechat: { enabled: false, type: "", isTimestamp: false },
      code: "",
      waiting_code: "",
      css: "",
      canned: [],
      autoChat: false,
      pip: { enabled: false, seconds: 0 },
    });
  });

  it("fills the other curve values when one is given", () => {
    const hls = v.parse(HlsSettingSchema, { attendance: { surge: { at: 12 } }, peak: { peak: 100 } });
    expect(hls.attendance).toEqual({ start: 15, surge: { percent: 25, at: 12 }, peak: { percent: 50, at: 20 }, end: 10 });
    expect(hls.peak).toEqual({ start: 10, surge: 23, peak: 100, end: 18 });
  });

  it("names the wrong field", () => {
    expect(issuePath(HlsSettingSchema, { attendance: { surge: { percent: 120 } } })).toBe(
      "attendance.surge.percent",
    );
    expect(issuePath(HlsSettingSchema, { peak: { end: -1 } })).toBe("peak.end");
    expect(issuePath(HlsSettingSchema, { audienceCount: "fake" })).toBe("audienceCount");
    expect(issuePath(HlsSettingSchema, { pip: { seconds: 2.5 } })).toBe("pip.seconds");
    expect(issuePath(HlsSettingSchema, { canned: ["hi", 3] })).toBe("canned.1");
  });
});
