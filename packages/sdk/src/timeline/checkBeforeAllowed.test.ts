import { describe, expect, it } from "vitest";
import { OWN_PLATFORM } from "../constants.js";
import { checkBeforeAllowed } from "./checkBeforeAllowed.js";

const chatBefore = { key: "livechat", days: 0, hours: 0, minutes: 5, isAfter: -1 as const };

describe("checkBeforeAllowed", () => {
  it("refuses live-event actions before the start off the own platform", () => {
    for (const platform of ["zoom", "gotowebinar", "youtube", "vsl", "default", undefined]) {
      expect(checkBeforeAllowed(chatBefore, platform)).toMatchObject({ ok: false, code: "before-not-allowed" });
    }
    expect(checkBeforeAllowed({ ...chatBefore, key: "cta" }, "zoom")).toMatchObject({
      message: expect.stringContaining('"cta" can\'t run before the event on the "zoom" platform'),
    });
  });

  it("names the live-event key in the message, wherever the wire put it", () => {
    expect(checkBeforeAllowed({ ...chatBefore, key: "row-7", action: "cta" }, "zoom")).toMatchObject({
      message: expect.stringContaining('"cta"'),
    });
  });

  it("allows them on the own platform", () => {
    expect(OWN_PLATFORM).toBe("aevent");
    expect(checkBeforeAllowed(chatBefore, "aevent")).toEqual({ ok: true });
  });

  it("always allows other actions before the event", () => {
    expect(checkBeforeAllowed({ action: "sendMail", days: 1, hours: 0, minutes: 0, isAfter: -1 }, "zoom")).toEqual({ ok: true });
  });

  it("treats 0 minutes before as the start, and after as allowed", () => {
    expect(checkBeforeAllowed({ ...chatBefore, minutes: 0 }, "zoom")).toEqual({ ok: true });
    expect(checkBeforeAllowed({ ...chatBefore, isAfter: 1 }, "zoom")).toEqual({ ok: true });
  });

  it("places exact live actions by day, or by the event time on the event day", () => {
    const exactChat = { key: "livechat", hours: 9, minutes: 0, amPm: "AM", isExact: true };
    expect(checkBeforeAllowed({ ...exactChat, days: 1, isAfter: -1 }, "zoom")).toMatchObject({ ok: false });
    expect(checkBeforeAllowed({ ...exactChat, days: 0, isAfter: 1 }, "zoom")).toEqual({ ok: true });
    expect(checkBeforeAllowed({ ...exactChat, days: 0, isAfter: 1 }, "zoom", { eventMinuteOfDay: 600 })).toMatchObject({
      ok: false,
    });
  });
});
