import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRegistrants, recordAttendance } from "../attendanceData.js";
import { createWebinarTestApp, failure, insertEvents, type WebinarTestApp } from "../test-support/testHarness.js";

// Registrants and attendance of the export and the analytics: both read what is stored.
let t: WebinarTestApp;
let eventA: string;
const MIN = 60_000;
beforeAll(async () => {
  t = await createWebinarTestApp("2026-10-20T12:00:00Z");
  // A: 19 Oct 10:00 PDT (17:00Z); B: 15 Oct; C: 1 Sep (outside 30 days); D: upcoming, left out.
  const [a, b, c, d] = await insertEvents(t, [
    "2026-10-19T10:00",
    "2026-10-15T10:00",
    "2026-09-01T10:00",
    "2026-10-25T10:00",
  ]);
  eventA = a ?? "";
  const of = (id: string | undefined) => ({ id: id ?? "", accountId: t.accountId, timelineId: t.timeline.id });
  const visit = async (event: string | undefined, registrantId: string, fromMinute: number, minutes: number) => {
    const start = Date.parse("2026-10-19T17:00:00Z") + fromMinute * MIN;
    await recordAttendance(t.db.orm, {
      accountId: t.accountId,
      eventId: event ?? "",
      registrantId,
      joinedAt: new Date(start),
      leftAt: new Date(start + minutes * MIN),
    });
  };
  const registered = new Date("2026-10-10T08:00:00Z");
  const [r1, r2, r3, r4] = await insertRegistrants(t.db.orm, of(a), [
    {
      name: "Doe, Jane",
      email: "jane@example.com",
      phone: "+1 555 0100",
      customFields: { company: "ACME, Inc." },
      createdAt: registered,
    },
    {
      name: 'Bob "The Builder"',
      email: "bob@example.com",
      customFields: { source: "ads", email: "work@example.com" },
      createdAt: new Date(registered.getTime() + MIN),
    },
    {
      name: '=HYPERLINK("http://evil")',
      email: "eve@example.com",
      createdAt: new Date(registered.getTime() + 2 * MIN),
    },
    { name: "Two\nLines", email: "nat@example.com", createdAt: new Date(registered.getTime() + 3 * MIN) },
  ]);
  // r1: 30 minutes over two visits; r2: 60 minutes; r3: joined and left at once (0 s, a non-attendee); r4: never came.
  await visit(a, r1?.uuid ?? "", 0, 10);
  await visit(a, r1?.uuid ?? "", 25, 20);
  await visit(a, r2?.uuid ?? "", 0, 60);
  await visit(a, r3?.uuid ?? "", 5, 0);
  void r4;
  const [r5] = await insertRegistrants(t.db.orm, of(b), [{ email: "b1@example.com" }, { email: "b2@example.com" }]);
  await visit(b, r5?.uuid ?? "", 0, 15);
  const [r7] = await insertRegistrants(t.db.orm, of(c), [{ email: "c1@example.com" }]);
  await visit(c, r7?.uuid ?? "", 0, 10);
  await insertRegistrants(t.db.orm, of(d), [
    { email: "d1@example.com" },
    { email: "d2@example.com" },
    { email: "d3@example.com" },
  ]);
});
afterAll(() => t.close());

describe("POST /analytics/attendance", () => {
  it("counts one event's registrants, attendees and minutes", async () => {
    const stats = await t.owner.webinars.attendance({ webinarID: eventA });
    expect(stats).toMatchObject({
      registrants: 4,
      attendees: 2,
      nonAttendees: 2,
      attendanceRate: 0.5,
      averageMinutes: 45,
      totalMinutes: 90,
      days: [{ date: "2026-10-19", registrants: 4, attendees: 2, nonAttendees: 2, averageMinutes: 45 }],
      period: { name: "all", from: null, to: "2026-10-20T12:00:00.000Z" },
    });
    expect(
      (await t.owner.webinars.list({ type: "past" })).success.find((w) => w.webinarID === eventA)?.registrants,
    ).toBe(4);
  });

  it("lists every day of a period, and narrows to a segment", async () => {
    const week = await t.owner.webinars.attendance({ webinarTimeline: t.timeline.id, period: "7d" });
    expect([week.registrants, week.attendees, week.nonAttendees, week.averageMinutes]).toEqual([6, 3, 3, 35]);
    expect((week.days as Array<{ date: string }>).map((day) => day.date)).toEqual([
      "2026-10-14",
      "2026-10-15",
      "2026-10-16",
      "2026-10-17",
      "2026-10-18",
      "2026-10-19",
      "2026-10-20",
    ]);
    expect((week.days as unknown[])[1]).toEqual({
      date: "2026-10-15",
      registrants: 2,
      attendees: 1,
      nonAttendees: 1,
      averageMinutes: 15,
    });
    expect((week.days as unknown[])[2]).toEqual({
      date: "2026-10-16",
      registrants: 0,
      attendees: 0,
      nonAttendees: 0,
      averageMinutes: 0,
    });

    const attendees = await t.owner.webinars.attendance({ userGroup: "a1" });
    expect([attendees.registrants, attendees.attendees, attendees.nonAttendees]).toEqual([4, 4, 0]);
    const absent = await t.owner.webinars.attendance({ userGroup: "a2", period: "30d" });
    expect([absent.registrants, absent.attendees, absent.nonAttendees]).toEqual([3, 0, 3]);
    await expect(t.owner.webinars.attendance({ userGroup: "b7" })).rejects.toMatchObject({
      status: 400,
      field: "userGroup",
    });
    await expect(t.owner.webinars.attendance({ period: "2w" as "7d" })).rejects.toMatchObject({
      status: 400,
      field: "period",
    });
  });
});

describe("POST /analytics/breakdown", () => {
  it("breaks the audience down over each period", async () => {
    expect(await t.owner.webinars.breakdown("7d")).toMatchObject({
      registrants: 6,
      attendees: 3,
      nonAttendees: 3,
      averageMinutes: 35,
    });
    expect(await t.owner.webinars.breakdown("all")).toMatchObject({
      registrants: 7,
      attendees: 4,
      nonAttendees: 3,
      averageMinutes: 28.8,
    });
    expect(await t.owner.webinars.breakdown("today")).toMatchObject({ registrants: 0, attendees: 0, nonAttendees: 0 });
  });
});

describe("GET /webinar/export", () => {
  it("writes registrants as escaped CSV with a header row", async () => {
    const csv = await t.owner.webinars.export({ type: "registrants", webinarID: eventA });
    expect(csv).toBe(
      "name,email,phone,registered_at,attended,joined_at,left_at,attended_minutes,watched_replay,replay_minutes,company,custom:email,source\r\n" +
        '"Doe, Jane",jane@example.com,+1 555 0100,2026-10-10T08:00:00.000Z,yes,2026-10-19T17:00:00.000Z,2026-10-19T17:45:00.000Z,30.0,no,0.0,"ACME, Inc.",,\r\n' +
        '"Bob ""The Builder""",bob@example.com,,2026-10-10T08:01:00.000Z,yes,2026-10-19T17:00:00.000Z,2026-10-19T18:00:00.000Z,60.0,no,0.0,,work@example.com,ads\r\n' +
        '"\'=HYPERLINK(""http://evil"")",eve@example.com,,2026-10-10T08:02:00.000Z,no,2026-10-19T17:05:00.000Z,2026-10-19T17:05:00.000Z,0.0,no,0.0,,,\r\n' +
        '"Two\nLines",nat@example.com,,2026-10-10T08:03:00.000Z,no,,,0.0,no,0.0,,,\r\n',
    );
    const raw = await t.owner.webinars.export({ type: "registrants", webinarID: eventA }).raw;
    expect(raw.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(raw.headers.get("content-disposition")).toBe(`attachment; filename="webinar-${eventA}-registrants.csv"`);
  });

  it("exports attendees or non-attendees only", async () => {
    const emails = (csv: string) =>
      csv
        .trim()
        .split("\r\n")
        .slice(1)
        .map((line) => /[\w.]+@example\.com/.exec(line)?.[0]);
    expect(emails(await t.owner.webinars.export({ type: "attendees", webinarID: eventA }))).toEqual([
      "jane@example.com",
      "bob@example.com",
    ]);
    expect(emails(await t.owner.webinars.export({ type: "nonattendees", webinarID: eventA }))).toEqual([
      "eve@example.com",
      "nat@example.com",
    ]);
    const [empty] = await insertEvents(t, ["2026-10-26T10:00"]);
    expect(await t.owner.webinars.export({ type: "registrants", webinarID: empty ?? "" })).toBe(
      "name,email,phone,registered_at,attended,joined_at,left_at,attended_minutes,watched_replay,replay_minutes\r\n",
    );
    // The CSV call still reads the JSON error body: the ApiError has the server's message and field.
    const refused = await failure(t.owner.webinars.export({ type: "everyone" as "attendees", webinarID: eventA }));
    expect([refused.status, refused.field]).toEqual([400, "type"]);
    expect(refused.message).not.toMatch(/^\{/);
    expect(refused.data).toMatchObject({ success: false, field: "type" });
  });
});

describe("isolation", () => {
  it("keeps another account out of the analytics and exports", async () => {
    for (const call of [
      () => t.stranger.webinars.attendance({ webinarID: eventA }),
      () => t.stranger.webinars.attendance({ webinarTimeline: t.timeline.id }),
      () => t.stranger.webinars.export({ type: "registrants", webinarID: eventA }),
    ]) {
      expect((await failure(call())).status).toBe(404);
    }
    expect(await t.stranger.webinars.breakdown("all")).toMatchObject({ registrants: 0, attendees: 0, nonAttendees: 0 });
  });
});
