import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { issuePath } from "./test-support/issuePath.js";
import { TimelineMasterSchema } from "./timelineMaster.js";
import { createMasterSetting } from "./timelineSetting/master.js";

const stored = {
  id: "t_1",
  timelineName: "Launch",
  created_at: "2024-01-01T00:00:00Z",
  updated_at: "2024-01-02T08:30:00Z",
};

describe("TimelineMasterSchema", () => {
  it("parses a stored timeline and fills a missing setting", () => {
    expect(v.parse(TimelineMasterSchema, stored)).toEqual({
      ...stored,
      setting: createMasterSetting(),
      status: "active",
      shared: false,
    });
  });

  it("keeps a trashed, shared timeline and its setting", () => {
    const timeline = v.parse(TimelineMasterSchema, {
      ...stored,
      status: "trash",
      shared: true,
      setting: { general: { timelineName: "Launch", webinarType: "manual" } },
    });
    expect(timeline.status).toBe("trash");
    expect(timeline.shared).toBe(true);
    expect(timeline.setting.general.webinarType).toBe("manual");
    expect(timeline.setting.general.joinStart).toBe(15);
  });

  it("names the wrong field", () => {
    expect(issuePath(TimelineMasterSchema, { ...stored, status: "deleted" })).toBe("status");
    expect(issuePath(TimelineMasterSchema, { ...stored, timelineName: "  " })).toBe("timelineName");
    expect(issuePath(TimelineMasterSchema, { ...stored, updated_at: undefined })).toBe("updated_at");
    expect(issuePath(TimelineMasterSchema, { ...stored, setting: { page: { replay: { type: "custom" } } } })).toBe(
      "setting.page.replay.url",
    );
  });
});
