import { zonedWallTime } from "@cuepoint/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTimeline } from "../attendanceData.js";
import { createWebinarTestApp, failure, type WebinarTestApp } from "../test-support/testHarness.js";

let t: WebinarTestApp;
beforeAll(async () => {
  t = await createWebinarTestApp("2026-10-20T12:00:00Z");
});
afterAll(() => t.close());

const LA = "America/Los_Angeles";
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const localOf = (iso: string, zone = LA) => {
  const wall = zonedWallTime(new Date(iso), zone);
  return `${wall.month}/${wall.day} ${wall.hour}:${String(wall.minute).padStart(2, "0")}`;
};

describe("POST /webinar/create", () => {
  it("schedules a single event in the timeline's zone and answers the contract's shape", async () => {
    const { success } = await t.owner.webinars.create({ webinarTimeline: t.timeline.id, start: "2026-10-28T18:00" });
    expect(success).toEqual({
      webinar: { webinarID: expect.any(String) },
      organizers: [{ name: "Olivia Owner", email: expect.stringContaining("@example.com"), role: "host" }],
      childEvents: [],
    });
    const { success: webinar } = await t.owner.webinars.get(success.webinar.webinarID);
    expect(webinar).toMatchObject({
      webinarID: success.webinar.webinarID,
      isRecurring: false,
      name: "Launch webinar",
      timelineName: "Launch webinar",
      webinarTimeline: t.timeline.id,
      startTime: "2026-10-29T01:00:00.000Z",
      timeZone: LA,
      visible: true,
      registrants: 0,
      status: "upcoming",
      childEvents: [],
    });
    const paris = await t.owner.webinars.create({
      webinarTimeline: t.timeline.id,
      start: "2026-10-28T18:00",
      timeZone: "Europe/Paris",
      name: "Paris edition",
    });
    const { success: inParis } = await t.owner.webinars.get(paris.success.webinar.webinarID);
    expect([inParis.startTime, inParis.name, inParis.timeZone]).toEqual([
      "2026-10-28T17:00:00.000Z",
      "Paris edition",
      "Europe/Paris",
    ]);
  });

  it("keeps a daily 10:00 Los Angeles series at 10:00 local across the 1 November DST change", async () => {
    const { success } = await t.owner.webinars.create({
      webinarTimeline: t.timeline.id,
      start: "2026-10-30T10:00",
      timeZone: LA,
      isRecurring: true,
      recurring: { days: EVERY_DAY, until: "2026-11-03" },
    });
    const starts = success.childEvents.map((child) => child.startTime);
    expect(starts).toEqual([
      "2026-10-30T17:00:00.000Z",
      "2026-10-31T17:00:00.000Z",
      "2026-11-01T18:00:00.000Z",
      "2026-11-02T18:00:00.000Z",
      "2026-11-03T18:00:00.000Z",
    ]);
    expect(starts.map((start) => localOf(start))).toEqual([
      "10/30 10:00",
      "10/31 10:00",
      "11/1 10:00",
      "11/2 10:00",
      "11/3 10:00",
    ]);
    const uniqueID = success.childEvents[0]?.uniqueID;
    expect(uniqueID).toEqual(expect.any(String));
    expect(success.childEvents.every((child) => child.uniqueID === uniqueID)).toBe(true);
    expect(success.webinar.webinarID).toBe(success.childEvents[0]?.webinarID);

    const { success: first } = await t.owner.webinars.get(success.webinar.webinarID);
    expect(first).toMatchObject({ isRecurring: true, uniqueID });
    expect(first.childEvents.map((child) => child.startTime)).toEqual(starts);
  });

  it("repeats weekly on chosen days with a count, and every N hours", async () => {
    const weekly = await t.owner.webinars.create({
      webinarTimeline: t.timeline.id,
      start: "2026-10-26T09:30",
      recurring: { days: [2, 4], count: 4 },
    });
    expect(weekly.success.childEvents.map((child) => localOf(child.startTime))).toEqual([
      "10/27 9:30",
      "10/29 9:30",
      "11/3 9:30",
      "11/5 9:30",
    ]);
    const hourly = await t.owner.webinars.create({
      webinarTimeline: t.timeline.id,
      start: "2026-11-01T00:00",
      timeZone: LA,
      recurring: { days: [0], every: { value: 2, unit: "hours" }, until: "2026-11-01" },
    });
    // Elapsed time on a 25-hour day: 00:00 PDT, two hours later 01:00 PST, then 03:00 ... 23:00: 13 events.
    const local = hourly.success.childEvents.map((child) => localOf(child.startTime));
    expect(local.slice(0, 4)).toEqual(["11/1 0:00", "11/1 1:00", "11/1 3:00", "11/1 5:00"]);
    expect(local).toHaveLength(13);
    expect(local.at(-1)).toBe("11/1 23:00");
  });

  it("refuses bad schedules with the field to fix", async () => {
    const wtl = t.timeline.id;
    const cases: Array<[() => Promise<unknown>, number, string]> = [
      [() => t.owner.webinars.create({ webinarTimeline: wtl, start: "2026-10-01T10:00" }), 400, "start"],
      [() => t.owner.webinars.create({ webinarTimeline: wtl, start: "2026-11-31T10:00" }), 400, "start"],
      [() => t.owner.webinars.create({ webinarTimeline: wtl, start: "tomorrow" }), 400, "start"],
      [
        () => t.owner.webinars.create({ webinarTimeline: wtl, start: "2026-12-01T10:00", timeZone: "Mars/Olympus" }),
        400,
        "timeZone",
      ],
      [
        () => t.owner.webinars.create({ webinarTimeline: wtl, start: "2026-12-01T10:00", isRecurring: true }),
        400,
        "recurring",
      ],
      [
        () =>
          t.owner.webinars.create({
            webinarTimeline: wtl,
            start: "2026-12-01T10:00",
            isRecurring: false,
            recurring: { days: [1] },
          }),
        400,
        "isRecurring",
      ],
      [
        () => t.owner.webinars.create({ webinarTimeline: wtl, start: "2026-12-01T10:00", recurring: { days: [] } }),
        400,
        "recurring.days",
      ],
      [
        () =>
          t.owner.webinars.create({
            webinarTimeline: wtl,
            start: "2026-12-01T10:00",
            recurring: { days: [1], until: "2026-11-01" },
          }),
        400,
        "recurring.until",
      ],
      [
        () =>
          t.owner.webinars.create({
            webinarTimeline: wtl,
            start: "2026-12-01T10:00",
            recurring: { days: EVERY_DAY, until: "2028-12-01" },
          }),
        400,
        "recurring.until",
      ],
      [
        () =>
          t.owner.webinars.create({
            webinarTimeline: wtl,
            start: "2026-12-01T10:00",
            recurring: { days: [1], every: { value: 1, unit: "minutes" } },
          }),
        400,
        "recurring.every",
      ],
      [() => t.owner.webinars.create({ webinarTimeline: "not-a-timeline", start: "2026-12-01T10:00" }), 404, ""],
    ];
    for (const [call, status, field] of cases) {
      const error = await failure(call());
      expect([error.status, error.field ?? ""]).toEqual([status, field]);
      expect(error.message.length).toBeGreaterThan(5);
    }
    const trashed = await insertTimeline(t.db.orm, t.accountId, { status: "trash" });
    await expect(
      t.owner.webinars.create({ webinarTimeline: trashed.id, start: "2026-12-01T10:00" }),
    ).rejects.toMatchObject({
      status: 422,
      field: "webinarTimeline",
    });
  });
});

describe("deleting events and series", () => {
  const series = async (name: string) =>
    (
      await t.owner.webinars.create({
        webinarTimeline: t.timeline.id,
        start: "2026-12-07T10:00",
        name,
        recurring: { days: [1], until: "2026-12-28" },
      })
    ).success;

  it("deletes one event of a series, then the whole series by uniqueID", async () => {
    const { childEvents } = await series("Weekly A");
    const [first, second, third] = childEvents;
    expect(childEvents).toHaveLength(4);
    await t.owner.webinars.delete({ webinarID: first?.webinarID ?? "", isRecurring: false });
    await expect(t.owner.webinars.get(first?.webinarID ?? "")).rejects.toMatchObject({ status: 404 });
    const { success: left } = await t.owner.webinars.get(second?.webinarID ?? "");
    expect(left.childEvents).toHaveLength(3);

    const answer = await t.owner.webinars.delete({
      webinarID: third?.webinarID ?? "",
      isRecurring: true,
      uniqueID: second?.uniqueID ?? "",
    });
    expect(answer).toMatchObject({ success: true, message: "The series and its 3 events are deleted." });
    await expect(t.owner.webinars.get(second?.webinarID ?? "")).rejects.toMatchObject({ status: 404 });
    expect((await t.owner.webinars.recurring()).success.map((entry) => entry.uniqueID)).not.toContain(second?.uniqueID);
  });

  it("refuses a series delete of a single event, or with another series' uniqueID", async () => {
    const single = await t.owner.webinars.create({ webinarTimeline: t.timeline.id, start: "2026-12-01T10:00" });
    const webinarID = single.success.webinar.webinarID;
    await expect(t.owner.webinars.delete({ webinarID, isRecurring: true })).rejects.toMatchObject({
      status: 400,
      field: "isRecurring",
    });
    const other = await series("Weekly B");
    await expect(
      t.owner.webinars.delete({ webinarID, isRecurring: true, uniqueID: other.childEvents[0]?.uniqueID ?? "" }),
    ).rejects.toMatchObject({ status: 400, field: "uniqueID" });
    await t.owner.webinars.delete({ webinarID, isRecurring: false });
    await expect(t.owner.webinars.get(webinarID)).rejects.toMatchObject({ status: 404 });
  });

  it("lists recurring series with their events and pattern, and deletes one by id", async () => {
    const other = await insertTimeline(t.db.orm, t.accountId, { name: "Other timeline" });
    const created = await t.owner.webinars.create({
      webinarTimeline: other.id,
      start: "2026-11-04T08:00",
      recurring: { days: [3], until: "2026-11-18" },
    });
    const uniqueID = created.success.childEvents[0]?.uniqueID ?? "";
    const { success: byTimeline } = await t.owner.webinars.recurring(other.id);
    expect(byTimeline).toHaveLength(1);
    expect(byTimeline[0]).toMatchObject({
      webinarID: created.success.webinar.webinarID,
      isRecurring: true,
      uniqueID,
      webinarTimeline: other.id,
      startTime: created.success.childEvents[0]?.startTime,
      recurring: { days: [3], until: "2026-11-18" },
      startLocal: "2026-11-04T08:00",
    });
    expect(byTimeline[0]?.childEvents).toHaveLength(3);
    expect((await t.owner.webinars.recurring()).success.length).toBeGreaterThan(1);

    // Once the first has started, the series shows its next event.
    t.setNow("2026-11-05T00:00:00Z");
    expect((await t.owner.webinars.recurring(other.id)).success[0]?.webinarID).toBe(
      created.success.childEvents[1]?.webinarID,
    );
    t.setNow("2026-10-20T12:00:00Z");

    await expect(t.owner.webinars.deleteRecurring(uniqueID)).resolves.toMatchObject({ success: true });
    expect((await t.owner.webinars.recurring(other.id)).success).toEqual([]);
    await expect(t.owner.webinars.get(created.success.webinar.webinarID)).rejects.toMatchObject({ status: 404 });
    await expect(t.owner.webinars.deleteRecurring(uniqueID)).rejects.toMatchObject({ status: 404 });
  });
});

describe("isolation", () => {
  it("answers 404 to another account for every schedule call on the owner's ids", async () => {
    const { success } = await t.owner.webinars.create({
      webinarTimeline: t.timeline.id,
      start: "2026-12-10T10:00",
      recurring: { days: [4], until: "2026-12-24" },
    });
    const webinarID = success.webinar.webinarID;
    const uniqueID = success.childEvents[0]?.uniqueID ?? "";
    const s = t.stranger.webinars;
    for (const call of [
      () => s.create({ webinarTimeline: t.timeline.id, start: "2026-12-01T10:00" }),
      () => s.delete({ webinarID, isRecurring: false }),
      () => s.delete({ webinarID, isRecurring: true, uniqueID }),
      () => s.recurring(t.timeline.id),
      () => s.deleteRecurring(uniqueID),
    ]) {
      await expect(call()).rejects.toMatchObject({ status: 404 });
    }
    expect((await s.recurring()).success).toEqual([]);
    expect((await t.owner.webinars.get(webinarID)).success.childEvents).toHaveLength(3);
  });
});
