import { describe, expect, it } from "vitest";
import { isActionComplete } from "./isActionComplete.js";

const base = { groupID: "3", action: "sendMail", days: 1, hours: 2, minutes: 0, isAfter: -1 as const };

describe("isActionComplete", () => {
  it("accepts a group, an action and a time", () => {
    expect(isActionComplete(base)).toEqual({ ok: true });
    expect(isActionComplete({ ...base, hours: "", minutes: "15" })).toEqual({ ok: true });
    expect(isActionComplete({ ...base, groupID: 3 })).toEqual({ ok: true });
  });

  it("reports each missing part", () => {
    expect(isActionComplete({ ...base, groupID: "" })).toMatchObject({
      ok: false,
      code: "incomplete",
      missing: ["group"],
      message: "This action is incomplete: choose an audience group.",
    });
    expect(isActionComplete({ ...base, groupID: null, action: " ", hours: 0, minutes: "0" })).toMatchObject({
      missing: ["group", "action", "time"],
      message: "This action is incomplete: choose an audience group, an action and a time.",
    });
  });

  it("needs hours or minutes on a relative node, even with days set", () => {
    expect(isActionComplete({ ...base, days: 1, hours: 0, minutes: 0 })).toMatchObject({ missing: ["time"] });
  });

  it("accepts an exact clock time, including 12:00 AM, and refuses a missing or invalid one", () => {
    const exact = { ...base, isExact: true, amPm: "AM", hours: 12, minutes: 0 };
    expect(isActionComplete(exact)).toEqual({ ok: true });
    expect(isActionComplete({ ...exact, hours: "" })).toMatchObject({ missing: ["time"] });
    expect(isActionComplete({ ...exact, hours: 13 })).toMatchObject({ missing: ["time"] });
    expect(isActionComplete({ ...exact, hours: 0, amPm: "" })).toEqual({ ok: true });
  });

  it("fails unreadable timing with invalid-timing", () => {
    expect(isActionComplete({ ...base, isAfter: 0 })).toMatchObject({ ok: false, code: "invalid-timing" });
    expect(isActionComplete({ ...base, minutes: "abc" })).toMatchObject({ ok: false, code: "invalid-timing" });
  });
});
