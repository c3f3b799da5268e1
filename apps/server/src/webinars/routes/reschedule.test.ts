import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMasterSetting, type Client } from "@cuepoint/sdk";
import { events, registrants } from "../../db/schema/index.js";
import { createEngineTestApp, readyMail, readyNode, type EngineTestApp } from "../../engine/test-support/testSupport.js";
import { failure } from "../../test-support/timelineFixtures.js";
import { insertRegistrants, insertTimeline, recordAttendance } from "../attendanceData.js";
import { occurrences } from "../recurrence.js";
import { storeSchedule } from "../schedule.js";

/** POST /webinar/reschedule through the SDK client: the event, its scheduled actions, the refusals. */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: EngineTestApp;

beforeAll(async () => {
  // 2026-05-01 05:00 in Los Angeles, the timeline's zone.
  t = await createEngineTestApp("2026-05-01T12:00:00Z");
  await t.setBlocks({
    "0": [readyNode({ id: "hour-before", days: 0, hours: 1, minutes: 0, isAfter: -1 })],
    "-1": [readyMail(1, -1, { id: "day-before-9am" })],
  });
});
afterAll(() => t.stop());

/** Each job of the event by node: its due time and status, through `client.automation.scheduled`. */
const jobsOf = async (webinarID: string) => {
  const { success } = await t.owner.automation.scheduled({ webinarID });
  return Object.fromEntries(success.map((job) => [job.nodeKey, { dueAt: job.dueAt, status: job.status }]));
};

describe("POST /webinar/reschedule", () => {
  it("moves the start, keeps the length and registrants, and moves the scheduled actions with it", async () => {
    const id = await t.addEvent("2026-05-10T10:00"); // 17:00 UTC
    const ann = await t.register("ann@example.com", { eventId: id });
    const { success: before } = await t.owner.webinars.get(id);
    expect(await jobsOf(id)).toEqual({
      "hour-before": { dueAt: "2026-05-10T16:00:00.000Z", status: "pending" },
      "day-before-9am": { dueAt: "2026-05-09T16:00:00.000Z", status: "pending" },
    });

    // One day later, same local time: every action moves by a day.
    const { success } = await t.owner.webinars.reschedule({ webinarID: id, startTime: "2026-05-11T10:00:00-07:00" });
    expect(success).toMatchObject({ webinarID: id, startTime: "2026-05-11T17:00:00.000Z", timeZone: "America/Los_Angeles" });
    expect(success).toMatchObject({ status: "upcoming", registrants: 1, name: before.name, visible: true });
    const length = (w: { startTime: string; endTime?: string }) => Date.parse(w.endTime ?? "") - Date.parse(w.startTime);
    expect(length(success)).toBe(length(before));
    expect(length(success)).toBe(HOUR);
    expect(await jobsOf(id)).toEqual({
      "hour-before": { dueAt: "2026-05-11T16:00:00.000Z", status: "pending" },
      "day-before-9am": { dueAt: "2026-05-10T16:00:00.000Z", status: "pending" },
    });

    // Two hours later the same day: the relative action moves by two hours, the 9 AM one stays.
    await t.owner.webinars.reschedule({ webinarID: id, startTime: "2026-05-11T19:00:00Z" });
    expect(await jobsOf(id)).toEqual({
      "hour-before": { dueAt: "2026-05-11T18:00:00.000Z", status: "pending" },
      "day-before-9am": { dueAt: "2026-05-10T16:00:00.000Z", status: "pending" },
    });
    const [stillThere] = await t.db.orm.select().from(registrants).where(eq(registrants.uuid, ann));
    expect(stillThere?.eventId).toBe(id);
    expect((await t.owner.webinars.get(id)).success.startTime).toBe("2026-05-11T19:00:00.000Z");
  });

  it("changes the event's zone when one is given, and skips an action whose new time has passed", async () => {
    const id = await t.addEvent("2026-05-10T10:00");
    await t.register("bea@example.com", { eventId: id });
    // Tomorrow at 09:00 Paris (07:00 UTC): the day-before 9 AM action (the timeline's zone) is already past.
    const { success } = await t.owner.webinars.reschedule({ webinarID: id, startTime: "2026-05-02T09:00+02:00", timeZone: "Europe/Paris" });
    expect([success.startTime, success.timeZone]).toEqual(["2026-05-02T07:00:00.000Z", "Europe/Paris"]);
    expect(await jobsOf(id)).toEqual({
      "hour-before": { dueAt: "2026-05-02T06:00:00.000Z", status: "pending" },
      "day-before-9am": { dueAt: "2026-05-01T16:00:00.000Z", status: "pending" },
    });
    await t.owner.webinars.reschedule({ webinarID: id, startTime: "2026-05-01T13:00:00Z" });
    const jobs = await jobsOf(id);
    expect(jobs["hour-before"]).toEqual({ dueAt: "2026-05-01T12:00:00.000Z", status: "pending" });
    expect(jobs["day-before-9am"]?.status).toBe("skipped");
  });

  it("moves only the one event of a recurring series", async () => {
    const { success: created } = await t.owner.webinars.create({
      webinarTimeline: t.timeline.id,
      start: "2026-05-11T10:00",
      recurring: { days: [1], count: 3 },
    });
    const [first, second, third] = created.childEvents;
    expect(third?.startTime).toBe("2026-05-25T17:00:00.000Z");
    const { success } = await t.owner.webinars.reschedule({ webinarID: second?.webinarID ?? "", startTime: "2026-05-26T17:00:00Z" });
    expect(success.isRecurring).toBe(true);
    // The series lists its events in start order: the moved one is now last.
    expect(success.childEvents.map((child) => [child.webinarID, child.startTime])).toEqual([
      [first?.webinarID, first?.startTime],
      [third?.webinarID, third?.startTime],
      [second?.webinarID, "2026-05-26T17:00:00.000Z"],
    ]);
  });

  it("refuses an event that started or ended, a past start, a bad time or zone, with the field to fix", async () => {
    const upcoming = await t.addEvent("2026-06-01T10:00");
    const live = await t.addEvent("2026-05-01T04:30"); // started 30 minutes ago, lasts an hour
    const over = await t.addEvent("2026-04-30T10:00");
    const later = "2026-06-02T17:00:00Z";
    const cases: Array<[() => Promise<unknown>, number, string, RegExp]> = [
      [() => t.owner.webinars.reschedule({ webinarID: live, startTime: later }), 400, "webinarID", /already started/],
      [() => t.owner.webinars.reschedule({ webinarID: over, startTime: later }), 400, "webinarID", /is over/],
      [() => t.owner.webinars.reschedule({ webinarID: upcoming, startTime: "2026-05-01T11:59:00Z" }), 400, "startTime", /future/],
      [() => t.owner.webinars.reschedule({ webinarID: upcoming, startTime: t.now().toISOString() }), 400, "startTime", /future/],
      [() => t.owner.webinars.reschedule({ webinarID: upcoming, startTime: "2026-06-02T10:00" }), 400, "startTime", /UTC offset/],
      [() => t.owner.webinars.reschedule({ webinarID: upcoming, startTime: "2026-06-31T10:00:00Z" }), 400, "startTime", /UTC offset/],
      [() => t.owner.webinars.reschedule({ webinarID: upcoming, startTime: later, timeZone: "Mars/Olympus" }), 400, "timeZone", /time zone/],
    ];
    for (const [call, status, field, message] of cases) {
      const error = await failure(call());
      expect([error.status, error.field]).toEqual([status, field]);
      expect(error.message).toMatch(message);
    }
    const [row] = await t.db.orm.select().from(events).where(eq(events.id, upcoming));
    expect(row?.startsAt.toISOString()).toBe("2026-06-01T17:00:00.000Z");
  });

  it("answers 404 for another account's event and an unknown id, and 422 in a trashed timeline", async () => {
    const id = await t.addEvent("2026-06-03T10:00");
    for (const call of [
      () => t.stranger.webinars.reschedule({ webinarID: id, startTime: "2026-06-04T17:00:00Z" }),
      () => t.owner.webinars.reschedule({ webinarID: "00000000-0000-4000-8000-000000000000", startTime: "2026-06-04T17:00:00Z" }),
      () => t.owner.webinars.reschedule({ webinarID: "not-an-id", startTime: "2026-06-04T17:00:00Z" }),
    ]) {
      expect(await failure(call())).toMatchObject({ status: 404, message: "There is no webinar with this id." });
    }
    expect((await t.owner.webinars.get(id)).success.startTime).toBe("2026-06-03T17:00:00.000Z");

    const trashed = await insertTimeline(t.db.orm, t.accountId, { status: "trash" });
    const { rows } = await storeSchedule(t.db.orm, {
      accountId: t.accountId,
      timelineId: trashed.id,
      name: "Trashed",
      timeZone: "UTC",
      startLocal: "2026-06-05T10:00",
      starts: occurrences("2026-06-05T10:00", "UTC", undefined, new Date(0)),
      now: t.now(),
    });
    expect(await failure(t.owner.webinars.reschedule({ webinarID: rows[0]?.id ?? "", startTime: "2026-06-06T10:00:00Z" }))).toMatchObject({
      status: 422,
      field: "webinarID",
    });
  });
});

describe("webinar hours on the own room", () => {
  let client: Client;
  let event: (startsAt: Date, attended?: boolean) => Promise<string>;

  beforeAll(async () => {
    const user = await t.user({ role: "free" }); // 6 webinar hours a month
    client = t.client(await t.login(user.email, user.password, true));
    const blocks = createMasterSetting({ general: { timelineName: "Room", deliveryPlatform: "aevent", scheduleLength: 3, timeZone: "UTC" } });
    const timelineId = (await client.timelines.setMaster({ blocks })).success.id;
    event = async (startsAt, attended = false) => {
      const [row] = await t.db.orm
        .insert(events)
        .values({ accountId: user.accountId, timelineId, name: "Room", startsAt, timeZone: "UTC" })
        .returning();
      if (!row) throw new Error("no event");
      if (attended) {
        const [person] = await insertRegistrants(t.db.orm, row, [{ email: `${row.id}@example.com` }]);
        const visit = { accountId: user.accountId, eventId: row.id, registrantId: person?.uuid ?? "" };
        await recordAttendance(t.db.orm, { ...visit, joinedAt: startsAt, leftAt: new Date(startsAt.getTime() + HOUR) });
      }
      return row.id;
    };
    // Two attended 3-hour events that ended this month (May): all 6 hours are used.
    await event(new Date("2026-04-30T22:00:00Z"), true);
    await event(new Date("2026-05-01T05:00:00Z"), true);
  });

  it("refuses a move that brings the event into the current month once its hours are used, on startTime", async () => {
    const june = await event(new Date("2026-06-10T10:00:00Z"));
    expect(await failure(client.webinars.reschedule({ webinarID: june, startTime: "2026-05-20T10:00:00Z" }))).toMatchObject({
      status: 403,
      field: "startTime",
      message: "Your Free plan allows 6 webinar hours; you have used 6, and this needs 3 more. Upgrade to get more webinar hours.",
    });
    await expect(client.webinars.reschedule({ webinarID: june, startTime: "2026-06-20T10:00:00Z" })).resolves.toBeTruthy();
  });

  it("lets an event move within the month or out of it: that uses no more hours this month", async () => {
    const may = await event(new Date(t.now().getTime() + 5 * DAY));
    await expect(client.webinars.reschedule({ webinarID: may, startTime: "2026-05-21T10:00:00Z" })).resolves.toBeTruthy();
    await expect(client.webinars.reschedule({ webinarID: may, startTime: "2026-06-21T10:00:00Z" })).resolves.toBeTruthy();
  });
});
