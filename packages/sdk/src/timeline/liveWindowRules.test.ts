import { describe, expect, it } from "vitest";
import { isLiveAction, LIVE_ACTION_KEYS } from "./liveActions.js";
import { checkAfterWithinLiveWindow, checkLiveWindowOverlap } from "./liveWindowRules.js";

const mail = (minutes: number, isAfter: 1 | -1, days = 0) => ({ action: "sendMail", days, hours: 0, minutes, isAfter });
const chat = (minutes: number, isAfter: 1 | -1, days = 0) => ({ key: "livechat", days, hours: 0, minutes, isAfter });
const live = { liveMinutes: 60 };

describe("isLiveAction", () => {
  it("knows the six live-event keys, in key or action", () => {
    expect(LIVE_ACTION_KEYS).toEqual(["livechat", "cta", "changesubject", "encore", "addEvent", "deleteSystemWide"]);
    expect(isLiveAction({ key: "cta" })).toBe(true);
    expect(isLiveAction({ action: "deleteSystemWide" })).toBe(true);
    expect(isLiveAction({ key: "sendMail", action: "Send email" })).toBe(false);
    expect(isLiveAction({ key: "LIVECHAT" })).toBe(false);
  });
});

describe("checkLiveWindowOverlap", () => {
  it("refuses other actions inside [0, liveMinutes)", () => {
    expect(checkLiveWindowOverlap(mail(0, 1), live)).toMatchObject({ ok: false, code: "overlaps-live-window" });
    expect(checkLiveWindowOverlap(mail(59, 1), live)).toMatchObject({ ok: false, code: "overlaps-live-window" });
    expect(checkLiveWindowOverlap({ ...mail(30, 1), hours: "0" }, live)).toMatchObject({
      message: expect.stringContaining("30 minutes after the start, inside the 60-minute live event"),
    });
  });

  it("accepts the window's edges outside it", () => {
    expect(checkLiveWindowOverlap(mail(60, 1), live)).toEqual({ ok: true });
    expect(checkLiveWindowOverlap(mail(1, -1), live)).toEqual({ ok: true });
    expect(checkLiveWindowOverlap(mail(10, 1, 1), live)).toEqual({ ok: true });
  });

  it("lets live-event actions run in the window", () => {
    expect(checkLiveWindowOverlap(chat(10, 1), live)).toEqual({ ok: true });
  });

  it("judges exact nodes on the event day only with the event time", () => {
    const nineThirty = { action: "sendMail", days: 0, hours: 9, minutes: 30, amPm: "AM", isAfter: 1 as const, isExact: true };
    expect(checkLiveWindowOverlap(nineThirty, live)).toEqual({ ok: true });
    expect(checkLiveWindowOverlap(nineThirty, { ...live, eventMinuteOfDay: 9 * 60 })).toMatchObject({ ok: false });
    expect(checkLiveWindowOverlap(nineThirty, { ...live, eventMinuteOfDay: 10 * 60 })).toEqual({ ok: true });
  });

  it("refuses a bad liveMinutes", () => {
    expect(() => checkLiveWindowOverlap(mail(5, 1), { liveMinutes: Number.NaN })).toThrow(RangeError);
  });
});

describe("checkAfterWithinLiveWindow", () => {
  it("accepts live actions inside the event day's window", () => {
    expect(checkAfterWithinLiveWindow(chat(0, 1), live)).toEqual({ ok: true });
    expect(checkAfterWithinLiveWindow(chat(59, 1), live)).toEqual({ ok: true });
  });

  it("refuses live actions after the window or on a later day", () => {
    expect(checkAfterWithinLiveWindow(chat(60, 1), live)).toMatchObject({
      ok: false,
      code: "after-outside-live-window",
      message: expect.stringContaining('"livechat" fires 60 minutes after the start'),
    });
    expect(checkAfterWithinLiveWindow(chat(5, 1, 1), live)).toMatchObject({
      message: expect.stringContaining("on a later day"),
    });
    expect(checkAfterWithinLiveWindow({ ...chat(0, 1, 2), isExact: true, hours: 9, amPm: "AM" }, live)).toMatchObject({
      ok: false,
    });
  });

  it("leaves before-actions and other actions alone", () => {
    expect(checkAfterWithinLiveWindow(chat(5, -1), live)).toEqual({ ok: true });
    expect(checkAfterWithinLiveWindow(mail(120, 1), live)).toEqual({ ok: true });
  });
});
