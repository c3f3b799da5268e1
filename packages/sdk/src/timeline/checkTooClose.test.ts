import { describe, expect, it } from "vitest";
import { DEFAULT_COUNTDOWN, TOO_CLOSE_MINUTES } from "../constants.js";
import { checkTooClose } from "./checkTooClose.js";

const mail = (minutes: number, isAfter: 1 | -1, hours = 0) => ({ action: "sendMail", days: 0, hours, minutes, isAfter });

describe("checkTooClose", () => {
  it("uses the spec's constants", () => {
    expect(TOO_CLOSE_MINUTES).toBe(11);
    expect(DEFAULT_COUNTDOWN).toBe(15);
  });

  it("allows exactly 11 minutes from the live start and refuses 10", () => {
    expect(checkTooClose(mail(11, 1))).toEqual({ ok: true });
    expect(checkTooClose(mail(10, 1))).toMatchObject({ ok: false, code: "too-close" });
    expect(checkTooClose(mail(0, 1))).toMatchObject({ message: expect.stringContaining("the live start") });
  });

  it("measures from the countdown start (default 15 minutes before), on both sides", () => {
    expect(checkTooClose(mail(26, -1))).toEqual({ ok: true }); // 11 before the countdown
    expect(checkTooClose(mail(25, -1))).toMatchObject({
      ok: false,
      message: expect.stringContaining("the countdown start (15 minutes before)"),
    });
    expect(checkTooClose(mail(5, -1))).toMatchObject({ ok: false }); // 10 after the countdown, 5 before live
    expect(checkTooClose(mail(4, -1))).toMatchObject({ message: expect.stringContaining("the live start") });
  });

  it("takes the countdown length, and 0 for none", () => {
    expect(checkTooClose(mail(30, -1), { countdownMinutes: 30 })).toMatchObject({ ok: false });
    expect(checkTooClose(mail(25, -1), { countdownMinutes: 0 })).toEqual({ ok: true });
    expect(checkTooClose(mail(41, -1), { countdownMinutes: 30 })).toEqual({ ok: true });
    expect(() => checkTooClose(mail(41, -1), { countdownMinutes: -1 })).toThrow(RangeError);
  });

  it("exempts live-event actions and far actions", () => {
    expect(checkTooClose({ key: "livechat", days: 0, hours: 0, minutes: 1, isAfter: 1 })).toEqual({ ok: true });
    expect(checkTooClose(mail(0, -1, 2))).toEqual({ ok: true });
  });

  it("judges exact nodes with the event time only", () => {
    const nineFiftyFive = { action: "sendMail", days: 0, hours: 9, minutes: 55, amPm: "AM", isAfter: 1 as const, isExact: true };
    expect(checkTooClose(nineFiftyFive)).toEqual({ ok: true });
    expect(checkTooClose(nineFiftyFive, { eventMinuteOfDay: 600 })).toMatchObject({ ok: false, code: "too-close" });
  });
});
