import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMasterSetting, type Client, type RoleName } from "@cuepoint/sdk";
import { eventControls, events, usageEvents } from "../db/schema/index.js";
import { createTestApp, type TestApp } from "../test-support/testApp.js";
import { insertRegistrants, recordAttendance } from "../webinars/attendanceData.js";
import { settleWebinarHours, webinarHoursRowId } from "./webinarHours.js";

const HOUR = 3_600_000;
let now = new Date("2026-10-20T12:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => now });
});
afterAll(() => t.close());

interface Account {
  client: Client;
  accountId: string;
  /** A timeline of the account; `general` fields as given. */
  timeline(general?: Record<string, unknown>): Promise<string>;
  /** An event stored directly (the API refuses past starts), attended for `attendedSeconds` when given. */
  event(timelineId: string, startsAt: Date, attendedSeconds?: number): Promise<string>;
}

async function account(role: RoleName = "advanced"): Promise<Account> {
  const user = await t.user({ role });
  const client = t.client(await t.login(user.email));
  return {
    client,
    accountId: user.accountId,
    async timeline(general = {}) {
      const blocks = createMasterSetting({ general: { timelineName: "Live room", deliveryPlatform: "aevent", ...general } });
      return (await client.timelines.setMaster({ blocks })).success.id;
    },
    async event(timelineId, startsAt, attendedSeconds) {
      const [row] = await t.db.orm
        .insert(events)
        .values({ accountId: user.accountId, timelineId, name: "Launch", startsAt, timeZone: "UTC" })
        .returning();
      if (!row) throw new Error("no event");
      if (attendedSeconds !== undefined) {
        const [registrant] = await insertRegistrants(t.db.orm, row, [{ email: `${row.id}@example.com` }]);
        await recordAttendance(t.db.orm, {
          accountId: user.accountId,
          eventId: row.id,
          registrantId: registrant?.uuid ?? "",
          joinedAt: startsAt,
          leftAt: new Date(startsAt.getTime() + attendedSeconds * 1000),
          attendedSeconds,
        });
      }
      return row.id;
    },
  };
}

const hoursOf = async (client: Client) => (await client.account.resourceStatus()).success.webinar_hours;

describe("webinar hours", () => {
  it("counts an ended, attended event's live length once, in the month it ended", async () => {
    const a = await account();
    const twoHours = await a.timeline({ scheduleLength: 2 });
    const attended = await a.event(twoHours, new Date(now.getTime() - 3 * HOUR), 60);
    await a.event(twoHours, new Date(now.getTime() - 5 * HOUR)); // nobody came
    await a.event(twoHours, new Date(now.getTime() - 1 * HOUR), 600); // still live: counts when it ends
    // A manual event runs from the host's start to the host's end (events/eventTiming.ts): 45 minutes here.
    const manual = await a.timeline({ manualControl: { enabled: true, duration: 45 } });
    const ran = await a.event(manual, new Date(now.getTime() - 2 * HOUR), 30);
    const startedAt = new Date(now.getTime() - 2 * HOUR);
    await t.db.orm.insert(eventControls).values({ eventId: ran, accountId: a.accountId, startedAt, endedAt: new Date(startedAt.getTime() + 0.75 * HOUR) });
    await a.event(manual, new Date(now.getTime() - 4 * HOUR), 30); // never started by the host: not over, not counted

    expect(await hoursOf(a.client)).toBe(2.75);
    expect(await hoursOf(a.client)).toBe(2.75); // settled once
    const { success } = await a.client.account.resourceHistory({ type: "webinar_hours" });
    expect(success).toContainEqual({
      type: "webinar_hours",
      quantity: 2,
      created_at: new Date(now.getTime() - HOUR).toISOString(),
      description: "Launch (2026-10-20 09:00 UTC)",
    });
    const rows = await t.db.orm.select().from(usageEvents).where(eq(usageEvents.id, webinarHoursRowId(attended)));
    expect(rows).toHaveLength(1);

    now = new Date(now.getTime() + HOUR);
    expect(await hoursOf(a.client)).toBe(4.75); // the live one has ended
    now = new Date(now.getTime() - HOUR);
  });

  it("writes each event's row once when several instances settle at the same time", async () => {
    const a = await account();
    const timeline = await a.timeline();
    await a.event(timeline, new Date(now.getTime() - 2 * HOUR), 60);
    await Promise.all(Array.from({ length: 4 }, () => settleWebinarHours(t.db.orm, a.accountId, now)));
    const rows = await t.db.orm.select().from(usageEvents).where(eq(usageEvents.accountId, a.accountId));
    expect(rows.map((row) => row.quantity)).toEqual([1]);
  });

  it("puts an event that ended last month in last month", async () => {
    const a = await account();
    const timeline = await a.timeline();
    await a.event(timeline, new Date("2026-09-30T23:30:00Z"), 60);
    expect(await hoursOf(a.client)).toBe(1); // ended 2026-10-01 00:30
    await a.event(timeline, new Date("2026-09-30T20:00:00Z"), 60);
    expect(await hoursOf(a.client)).toBe(1);
  });

  it("refuses to schedule in the own room once the month's hours are used, with the SDK's sentence", async () => {
    const a = await account("free"); // 6 webinar hours
    const room = await a.timeline({ scheduleLength: 3 });
    await a.event(room, new Date(now.getTime() - 8 * HOUR), 60);
    await a.client.webinars.create({ webinarTimeline: room, start: "2026-10-25T10:00" }); // 3 used + 3 = 6: allowed
    await a.event(room, new Date(now.getTime() - 4 * HOUR), 60);
    await expect(a.client.webinars.create({ webinarTimeline: room, start: "2026-10-26T10:00" })).rejects.toMatchObject({
      status: 403,
      field: "webinarTimeline",
      message: "Your Free plan allows 6 webinar hours; you have used 6, and this needs 3 more. Upgrade to get more webinar hours.",
    });
    const zoom = await a.timeline({ deliveryPlatform: "zoom", scheduleLength: 3 });
    await expect(a.client.webinars.create({ webinarTimeline: zoom, start: "2026-10-26T10:00" })).resolves.toBeTruthy();
  });

  it("refuses the own room to plans without webinar hours", async () => {
    const a = await account("manual");
    const room = await a.timeline();
    await expect(a.client.webinars.create({ webinarTimeline: room, start: "2026-10-25T10:00" })).rejects.toMatchObject({
      status: 403,
      message: "Your Manual plan doesn't include webinar hours. Upgrade to a plan that does.",
    });
  });
});
