import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMasterSetting, type Client } from "@cuepoint/sdk";
import { eventControls, events, media, scheduledActions } from "../db/schema/index.js";
import { scheduleRegistrants } from "../engine/schedule.js";
import { createTestApp, type TestApp } from "../test-support/testApp.js";
import { insertRegistrants, recordAttendance } from "../webinars/attendanceData.js";

/**
 * One rule for when an event ends (events/eventTiming.ts): with a 30-minute video on a timeline whose
 * `scheduleLength` says 2 hours, the room, the webinar's end time and status, the after-event mails
 * and webinar hours all end the event when the video ends.
 */
const MINUTE = 60_000;
const PROGRAM_SECONDS = 1800;
const now = new Date("2026-10-20T12:00:00Z");
let t: TestApp;
let owner: Client;
let accountId: string;
let timelineId: string;

/** A video of the account whose HLS (one rendition, three 10-minute segments) the room would play. */
async function thirtyMinuteVideo(): Promise<string> {
  const [row] = await t.db.orm
    .insert(media)
    .values({ accountId, name: "talk.mp4", type: "video", mime: "video/mp4", encodingStatus: 0 })
    .returning();
  if (!row) throw new Error("no media");
  const path = `${accountId}/hls/${row.id}/v1/360p`;
  const rendition = { name: "360p", width: 640, height: 360, bandwidth: 800_000, codecs: "avc1.64001f,mp4a.40.2", path, segments: [600, 600, 600] };
  await t.db.orm
    .update(media)
    .set({ hls: { version: "v1", durationSeconds: PROGRAM_SECONDS, renditions: [rendition], poster: null, ladderComplete: true } })
    .where(eq(media.id, row.id));
  return row.id;
}

async function event(startsAt: Date, timeline = timelineId) {
  const [row] = await t.db.orm.insert(events).values({ accountId, timelineId: timeline, name: "Launch", startsAt, timeZone: "UTC" }).returning();
  if (!row) throw new Error("no event");
  return row;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  const user = await t.user({ role: "advanced" });
  accountId = user.accountId;
  owner = t.client(await t.login(user.email));
  const videoFile = await thirtyMinuteVideo();
  const blocks = createMasterSetting({
    general: { timelineName: "Video room", deliveryPlatform: "aevent", scheduleLength: 2, videoFile },
    autoresponder: { attendee: "true", attendeeTitle: "Thanks for coming", attendeeBody: "Here is the offer." },
  });
  timelineId = (await owner.timelines.setMaster({ blocks })).success.id;
});
afterAll(() => t.close());

describe("when an event ends: the room's rule everywhere", () => {
  it("the webinar's end time and status follow the video, as the room does (not scheduleLength)", async () => {
    const started = await event(new Date(now.getTime() - 40 * MINUTE)); // the video ended 10 minutes ago
    const live = await event(new Date(now.getTime() - 20 * MINUTE));
    const [registrant] = await insertRegistrants(t.db.orm, started, [{ email: "ann@example.com" }]);

    const { success: webinar } = await owner.webinars.get(started.id);
    expect(webinar.endTime).toBe(new Date(started.startsAt.getTime() + PROGRAM_SECONDS * 1000).toISOString());
    expect(webinar.status).toBe("past");
    const { success: statuses } = await owner.webinars.status();
    expect(statuses).toEqual(
      expect.arrayContaining([
        { webinarID: started.id, status: "past" },
        { webinarID: live.id, status: "live" },
      ]),
    );
    // The room of the same event: the same end.
    const room = await t.app.request(`/api/public/room/${registrant?.uuid}`);
    const { success: snapshot } = (await room.json()) as { success: { view: { phase: string; endsAt: number } } };
    expect(snapshot.view.endsAt).toBe(Date.parse(webinar.endTime as string));
    expect(snapshot.view.phase).toBe("ended");
  });

  it("webinar hours count an attended event's live length: the video's half hour, dated at its end", async () => {
    const started = await event(new Date("2026-10-19T09:00:00Z"));
    const [registrant] = await insertRegistrants(t.db.orm, started, [{ email: "bo@example.com" }]);
    await recordAttendance(t.db.orm, {
      accountId,
      eventId: started.id,
      registrantId: registrant?.uuid ?? "",
      joinedAt: started.startsAt,
      leftAt: new Date(started.startsAt.getTime() + 20 * MINUTE),
    });
    const { success: history } = await owner.account.resourceHistory({ type: "webinar_hours" });
    expect(history).toContainEqual({
      type: "webinar_hours",
      quantity: 0.5,
      created_at: "2026-10-19T09:30:00.000Z",
      description: "Launch (2026-10-19 09:00 UTC)",
    });
  });

  it("a manual event is upcoming until the host starts it, and ends (status, end time, hours) when the host ends it", async () => {
    const blocks = createMasterSetting({ general: { timelineName: "Hand-run", deliveryPlatform: "aevent", manualControl: { enabled: true, duration: 45 } } });
    const manual = (await owner.timelines.setMaster({ blocks })).success.id;
    const waiting = await event(new Date(now.getTime() - 90 * MINUTE), manual); // past its scheduled time, never started
    const ran = await event(new Date(now.getTime() - 3 * 60 * MINUTE), manual);
    const startedAt = new Date(ran.startsAt.getTime() + 10 * MINUTE);
    const endedAt = new Date(startedAt.getTime() + 72 * MINUTE);
    await t.db.orm.insert(eventControls).values({ eventId: ran.id, accountId, startedAt, endedAt });
    const [registrant] = await insertRegistrants(t.db.orm, ran, [{ email: "dee@example.com" }]);
    await recordAttendance(t.db.orm, { accountId, eventId: ran.id, registrantId: registrant?.uuid ?? "", joinedAt: startedAt, leftAt: endedAt });

    expect((await owner.webinars.get(waiting.id)).success.status).toBe("upcoming");
    const { success: done } = await owner.webinars.get(ran.id);
    expect([done.status, done.endTime]).toEqual(["past", endedAt.toISOString()]);
    const { success: history } = await owner.account.resourceHistory({ type: "webinar_hours" });
    expect(history).toContainEqual(expect.objectContaining({ quantity: 1.2, created_at: endedAt.toISOString() }));
  });

  it("the attendee mail goes 15 minutes after the video's end, in the jobs and in the dry run", async () => {
    const upcoming = await event(new Date("2026-10-22T15:00:00Z"));
    const [registrant] = await insertRegistrants(t.db.orm, upcoming, [{ email: "cy@example.com" }]);
    await t.db.orm.transaction((tx) => scheduleRegistrants(tx, [registrant?.uuid ?? ""], now));
    const [job] = await t.db.orm
      .select({ plannedAt: scheduledActions.plannedAt })
      .from(scheduledActions)
      .where(and(eq(scheduledActions.registrantId, registrant?.uuid ?? ""), eq(scheduledActions.nodeKey, "autoresponder:attendee")));
    expect(job?.plannedAt.toISOString()).toBe("2026-10-22T15:45:00.000Z");
    const { success } = await owner.automation.simulate({ webinarTimeline: timelineId, webinarID: upcoming.id, attendedSeconds: 60 });
    expect(success.find((action) => action.nodeKey === "autoresponder:attendee")?.dueAt).toBe("2026-10-22T15:45:00.000Z");
  });

  it("a registration through the public form places the attendee mail after the video's end too", async () => {
    const response = await t.app.request(`/api/public/timelines/${timelineId}/registrations`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.77" },
      body: JSON.stringify({ name: "Flo", email: "flo@example.com" }),
    });
    expect(response.status).toBe(201);
    const { success } = (await response.json()) as { success: { registrantId: string; eventId: string } };
    const [session] = await t.db.orm.select({ startsAt: events.startsAt }).from(events).where(eq(events.id, success.eventId));
    const [job] = await t.db.orm
      .select({ plannedAt: scheduledActions.plannedAt })
      .from(scheduledActions)
      .where(and(eq(scheduledActions.registrantId, success.registrantId), eq(scheduledActions.nodeKey, "autoresponder:attendee")));
    // The video's half hour and the mail's 15 minutes, not scheduleLength's 2 hours.
    expect(job?.plannedAt.getTime()).toBe((session?.startsAt.getTime() ?? 0) + 45 * MINUTE);
  });
});
