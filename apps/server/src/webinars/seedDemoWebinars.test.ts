import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoWebinars } from "./seedDemoWebinars.js";
import { createWebinarTestApp, type WebinarTestApp } from "./test-support/testHarness.js";

let t: WebinarTestApp;
beforeAll(async () => {
  t = await createWebinarTestApp("2026-10-20T12:00:00Z");
});
afterAll(() => t.close());

describe("seedDemoWebinars", () => {
  it("schedules past events with attendance, an upcoming one and a weekly series, once", async () => {
    const now = new Date("2026-10-20T12:00:00Z");
    await seedDemoWebinars(t.db.orm, t.accountId, t.timeline.id, now);
    await seedDemoWebinars(t.db.orm, t.accountId, t.timeline.id, now);

    const past = await t.owner.webinars.list({ type: "past" });
    expect(past.total).toBe(3);
    expect(past.success.map((webinar) => webinar.registrants)).toEqual([7, 6, 5]);
    const upcoming = await t.owner.webinars.list({ type: "upcoming" });
    expect(upcoming.total).toBe(9);
    const { success: series } = await t.owner.webinars.recurring(t.timeline.id);
    expect(series).toHaveLength(1);
    expect(series[0]?.childEvents).toHaveLength(8);
    expect(series[0]?.organizers[0]).toMatchObject({ role: "host", name: "Olivia Owner" });

    const breakdown = await t.owner.webinars.breakdown("30d");
    expect(breakdown.registrants).toBe(18);
    expect(breakdown.attendees).toBe(13); // all but every third registrant
    expect(breakdown.attendees + breakdown.nonAttendees).toBe(18);
  });
});
