import { describe, expect, it } from "vitest";
import { eventMinuteOfDay, nodeInstant, toInstant } from "./nodeInstant.js";

const LA = "America/Los_Angeles";
const LONDON = "Europe/London";
const LORD_HOWE = "Australia/Lord_Howe";

const before = (days: number, hours = 0, minutes = 0) => ({ days, hours, minutes, isAfter: -1 as const });
const after = (days: number, hours = 0, minutes = 0) => ({ days, hours, minutes, isAfter: 1 as const });
const exactAt = (days: number, isAfter: 1 | -1, hours: number, minutes: number, amPm: "AM" | "PM") => ({
  days,
  hours,
  minutes,
  amPm,
  isAfter,
  isExact: true,
});

/** Independent check through Intl: the wall clock and UTC offset an instant shows in a zone. */
function localOf(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "longOffset",
  })
    .format(date)
    .replace(/GMT$/, "GMT+00:00"); // ICU versions differ in how they print a zero offset
}

describe("nodeInstant, relative, America/Los_Angeles", () => {
  it("1 day before a 10:00 event on the spring-forward day keeps 10:00 (PST)", () => {
    const start = "2026-03-08T17:00:00Z"; // 10:00 PDT
    expect(localOf(new Date(start), LA)).toBe("08/03/2026, 10:00 GMT-07:00");
    const fires = nodeInstant(before(1), { start, timeZone: LA });
    expect(fires.toISOString()).toBe("2026-03-07T18:00:00.000Z");
    expect(localOf(fires, LA)).toBe("07/03/2026, 10:00 GMT-08:00");
  });

  it("1 day after a 10:00 event on the eve of fall-back keeps 10:00 (PST)", () => {
    const start = "2026-10-31T17:00:00Z"; // 10:00 PDT
    const fires = nodeInstant(after(1), { start, timeZone: LA });
    expect(fires.toISOString()).toBe("2026-11-01T18:00:00.000Z");
    expect(localOf(fires, LA)).toBe("01/11/2026, 10:00 GMT-08:00");
  });

  it("4 hours before moves by elapsed time across the change", () => {
    const start = "2026-03-08T12:00:00Z"; // 05:00 PDT
    const fires = nodeInstant(before(0, 4), { start, timeZone: LA });
    expect(fires.toISOString()).toBe("2026-03-08T08:00:00.000Z");
    expect(localOf(fires, LA)).toBe("08/03/2026, 00:00 GMT-08:00");
  });

  it("days first, then elapsed time: 1 day 2 hours 30 minutes before", () => {
    const fires = nodeInstant(before(1, 2, 30), { start: "2026-03-08T17:00:00Z", timeZone: LA });
    expect(fires.toISOString()).toBe("2026-03-07T15:30:00.000Z"); // 07:30 PST
  });

  it("keeps seconds and milliseconds of the start", () => {
    const fires = nodeInstant(before(1), { start: new Date("2026-03-08T17:00:05.250Z"), timeZone: LA });
    expect(fires.toISOString()).toBe("2026-03-07T18:00:05.250Z");
  });

  it("does not move an event in the repeated hour when days is 0", () => {
    const start = "2026-11-01T09:30:00Z"; // 01:30 PST, the second 01:30
    expect(nodeInstant(after(0, 0, 10), { start, timeZone: LA }).toISOString()).toBe("2026-11-01T09:40:00.000Z");
  });
});

describe("nodeInstant, exact, America/Los_Angeles", () => {
  it("2:30 AM on the spring-forward day is 03:30 PDT", () => {
    const fires = nodeInstant(exactAt(0, 1, 2, 30, "AM"), { start: "2026-03-08T17:00:00Z", timeZone: LA });
    expect(fires.toISOString()).toBe("2026-03-08T10:30:00.000Z");
    expect(localOf(fires, LA)).toBe("08/03/2026, 03:30 GMT-07:00");
  });

  it("ambiguous 1:30 AM on the fall-back day takes the earlier (PDT)", () => {
    const fires = nodeInstant(exactAt(0, 1, 1, 30, "AM"), { start: "2026-11-01T18:00:00Z", timeZone: LA });
    expect(fires.toISOString()).toBe("2026-11-01T08:30:00.000Z");
    expect(localOf(fires, LA)).toBe("01/11/2026, 01:30 GMT-07:00");
  });

  it("the day before at 9 am, whatever the event time", () => {
    const fires = nodeInstant(exactAt(1, -1, 9, 0, "AM"), { start: "2026-03-08T23:45:00Z", timeZone: LA });
    expect(fires.toISOString()).toBe("2026-03-07T17:00:00.000Z"); // 09:00 PST
  });

  it("uses the timeline's zone for the event's date and the clock time", () => {
    // 01:00Z on 10 June is 18:00 on 9 June in Los Angeles but 02:00 on 10 June in London.
    const start = "2026-06-10T01:00:00Z";
    const node = exactAt(0, 1, 9, 0, "AM");
    expect(nodeInstant(node, { start, timeZone: LONDON, timelineTimeZone: LA }).toISOString()).toBe("2026-06-09T16:00:00.000Z");
    expect(nodeInstant(node, { start, timeZone: LA, timelineTimeZone: LONDON }).toISOString()).toBe("2026-06-10T08:00:00.000Z");
    expect(nodeInstant(node, { start, timeZone: LONDON }).toISOString()).toBe("2026-06-10T08:00:00.000Z");
  });

  it("12 PM and 12 AM", () => {
    const ctx = { start: "2026-01-15T18:00:00Z", timeZone: LA };
    expect(nodeInstant(exactAt(0, 1, 12, 0, "PM"), ctx).toISOString()).toBe("2026-01-15T20:00:00.000Z");
    expect(nodeInstant(exactAt(0, 1, 12, 0, "AM"), ctx).toISOString()).toBe("2026-01-15T08:00:00.000Z");
  });
});

describe("nodeInstant, Europe/London (29 March and 25 October 2026)", () => {
  it("1 day before a 10:00 BST event on 29 March is 10:00 GMT", () => {
    const fires = nodeInstant(before(1), { start: "2026-03-29T09:00:00Z", timeZone: LONDON });
    expect(fires.toISOString()).toBe("2026-03-28T10:00:00.000Z");
    expect(localOf(fires, LONDON)).toBe("28/03/2026, 10:00 GMT+00:00");
  });

  it("1 day after a 10:00 BST event on 24 October is 10:00 GMT", () => {
    const fires = nodeInstant(after(1), { start: "2026-10-24T09:00:00Z", timeZone: LONDON });
    expect(fires.toISOString()).toBe("2026-10-25T10:00:00.000Z");
  });

  it("exact 1:30 AM falls in the gap on 29 March and is ambiguous on 25 October", () => {
    expect(nodeInstant(exactAt(0, 1, 1, 30, "AM"), { start: "2026-03-29T09:00:00Z", timeZone: LONDON }).toISOString()).toBe(
      "2026-03-29T01:30:00.000Z", // 02:30 BST
    );
    expect(nodeInstant(exactAt(0, 1, 1, 30, "AM"), { start: "2026-10-25T10:00:00Z", timeZone: LONDON }).toISOString()).toBe(
      "2026-10-25T00:30:00.000Z", // 01:30 BST, the earlier
    );
  });
});

describe("nodeInstant, Asia/Kathmandu (+05:45)", () => {
  it("1 day before a 10:00 event", () => {
    const start = "2026-05-10T04:15:00Z";
    expect(localOf(new Date(start), "Asia/Kathmandu")).toBe("10/05/2026, 10:00 GMT+05:45");
    expect(nodeInstant(before(1), { start, timeZone: "Asia/Kathmandu" }).toISOString()).toBe("2026-05-09T04:15:00.000Z");
  });
});

describe("nodeInstant, Australia/Lord_Howe (30-minute DST)", () => {
  it("1 day before a 10:00 event on 5 April keeps 10:00 (+11:00 the day before)", () => {
    const start = "2026-04-04T23:30:00Z"; // 10:00 +10:30
    expect(localOf(new Date(start), LORD_HOWE)).toBe("05/04/2026, 10:00 GMT+10:30");
    const fires = nodeInstant(before(1), { start, timeZone: LORD_HOWE });
    expect(fires.toISOString()).toBe("2026-04-03T23:00:00.000Z");
    expect(localOf(fires, LORD_HOWE)).toBe("04/04/2026, 10:00 GMT+11:00");
  });

  it("1 day before a 10:00 event on 4 October keeps 10:00 (+10:30 the day before)", () => {
    const start = "2026-10-03T23:00:00Z"; // 10:00 +11:00
    const fires = nodeInstant(before(1), { start, timeZone: LORD_HOWE });
    expect(fires.toISOString()).toBe("2026-10-02T23:30:00.000Z");
    expect(localOf(fires, LORD_HOWE)).toBe("03/10/2026, 10:00 GMT+10:30");
  });
});

describe("toInstant and eventMinuteOfDay", () => {
  it("reads offset-less wire strings as UTC", () => {
    expect(toInstant("2026-03-08 17:00:00").toISOString()).toBe("2026-03-08T17:00:00.000Z");
    expect(toInstant("2026-03-08T17:00").toISOString()).toBe("2026-03-08T17:00:00.000Z");
    expect(toInstant("2026-03-08T10:00:00-07:00").toISOString()).toBe("2026-03-08T17:00:00.000Z");
    expect(() => toInstant("soon")).toThrow(RangeError);
  });

  it("gives the event's minute of day in a zone", () => {
    expect(eventMinuteOfDay("2026-03-08T17:00:00Z", LA)).toBe(600);
    expect(eventMinuteOfDay("2026-05-10T04:15:00Z", "Asia/Kathmandu")).toBe(600);
  });
});
