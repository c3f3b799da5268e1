import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type RoomSnapshot } from "@cuepoint/sdk";
import { actionDeliveries, events } from "../db/schema/index.js";
import { REASONS } from "./reasons.js";
import { createEngineTestApp, readyMail, type EngineTestApp } from "./test-support/testSupport.js";

/**
 * Multi-event timelines (spec §3 multiEvents, §4 "multi-event nodes are tied to day keys") and
 * actions added to a past event (spec §4, isPast): which event gets which action, the day's room,
 * the day's name on the registration.
 */

let t: EngineTestApp;
let day1: string;
let day2: string;
let hidden: string;
let ann: string;
let bob: string;

const DAYS = [
  { dayKey: "day-1", eventName: "Day 1: Foundations" },
  { dayKey: "day-2", eventName: "Day 2: Scaling", isEncore: true, countdown: { enabled: true, duration: 30 } },
  { dayKey: "day-3", eventName: "Secret bonus", visible: false },
];

const publicClient = () =>
  createClient({ apiURL: "http://localhost/api", fetch: (input, init) => t.app.request(input instanceof Request ? input : String(input), init), xsrf: false });

beforeAll(async () => {
  t = await createEngineTestApp("2026-05-01T12:00:00Z");
  await t.owner.timelines.setItem({ webinarTimeline: t.timeline.id, setting: "general", key: "multiEvents", value: { settings: DAYS, nodes: {} } });
  await t.owner.timelines.setItem({ webinarTimeline: t.timeline.id, setting: "registration", key: "type", value: "multi-option" });
  const create = async (start: string, dayKey: string) =>
    (await t.owner.webinars.create({ webinarTimeline: t.timeline.id, start, timeZone: "America/Los_Angeles", dayKey })).success.webinar.webinarID;
  day1 = await create("2026-05-10T10:00", "day-1");
  day2 = await create("2026-05-11T10:00", "day-2");
  hidden = await create("2026-05-12T10:00", "day-3");
  await t.setBlocks({
    "-1": [
      readyMail(1, -1, { id: "everyone" }),
      readyMail(1, -1, { id: "only-day-1", model: { emailFrom: "events@example.com", emailSubject: "Tomorrow: Day 1", message: "Hi", dayKey: "day-1" } }),
      readyMail(1, -1, { id: "only-day-2", model: { emailFrom: "events@example.com", emailSubject: "Tomorrow: Day 2", message: "Hi", dayKey: "day-2" } }),
    ],
  });
});
afterAll(() => t.stop());

describe("multi-event days", () => {
  it("stores each event's day and names it after the day; an unknown day is a 400 on dayKey", async () => {
    const rows = await t.db.orm.select({ id: events.id, name: events.name, dayKey: events.dayKey }).from(events).where(eq(events.timelineId, t.timeline.id));
    expect(rows.find((row) => row.id === day2)).toMatchObject({ name: "Day 2: Scaling", dayKey: "day-2" });
    const { success } = await t.owner.webinars.listByTimeline(t.timeline.id, { type: "upcoming", page: 1 });
    expect(success.map((event) => event.dayKey)).toEqual(["day-1", "day-2", "day-3"]);
    await expect(
      t.owner.webinars.create({ webinarTimeline: t.timeline.id, start: "2026-05-13T10:00", dayKey: "day-9" }),
    ).rejects.toMatchObject({ status: 400, field: "dayKey" });
  });

  it("gives each day's registrants the day's actions and the common ones, never another day's", async () => {
    ann = await t.register("ann@example.com", { eventId: day1 });
    bob = await t.register("bob@example.com", { eventId: day2 });
    expect(Object.keys(await t.jobsOf(ann)).filter((key) => !key.startsWith("autoresponder")).sort()).toEqual(["everyone", "only-day-1"]);
    expect(Object.keys(await t.jobsOf(bob)).filter((key) => !key.startsWith("autoresponder")).sort()).toEqual(["everyone", "only-day-2"]);
    // The day's nodes kept in general.multiEvents.nodes fire for that day too.
    await t.owner.timelines.setItem({
      webinarTimeline: t.timeline.id,
      setting: "general",
      key: "multiEvents",
      value: { settings: DAYS, nodes: { "day-2": [{ ...readyMail(2, -1), id: "kept-day-2" }] } },
    });
    expect((await t.jobsOf(bob))["kept-day-2"]).toMatchObject({ status: "pending", at: "2026-05-09T16:00:00.000Z" });
    expect((await t.jobsOf(ann))["kept-day-2"]).toBeUndefined();
    const { success } = await t.owner.automation.simulate({ webinarTimeline: t.timeline.id, webinarID: day1, registeredAt: "2026-05-01T12:00:00Z" });
    expect(success.map((a) => a.nodeKey).filter((key) => !key.startsWith("autoresponder")).sort()).toEqual(["everyone", "only-day-1"]);
  });

  it("names a visible day's sessions on the registration (an encore as such), and hides a hidden day's name", async () => {
    const { success } = await publicClient().registration.config(t.timeline.id);
    expect(success.sessions.map((s) => [s.eventId, s.name])).toEqual([
      [day1, "Day 1: Foundations"],
      [day2, "Day 2: Scaling (encore)"],
      [hidden, "Launch webinar"],
    ]);
  });

  it("opens the day's room with the day's countdown", async () => {
    const room = async (token: string) => ((await (await t.app.request(`/api/public/room/${token}`)).json()) as { success: RoomSnapshot }).success;
    expect((await room(bob)).display.countdown).toEqual({ enabled: true, duration: 30 });
    expect((await room(ann)).display.countdown).toEqual({ enabled: false, duration: 15 });
  });
});

describe("actions added to a past event", () => {
  it("runs them for that event's registrants only: at once when their time has passed, else at it", async () => {
    t.setNow("2026-05-12T12:00:00Z"); // Day 1 and Day 2 are over; the bonus day has not started
    const { success: blocks } = await t.owner.timelines.getEvents(t.timeline.id);
    const replay = { ...readyMail(0, 1, { id: "replay-mail", hours: 9, amPm: "AM" }), isExact: true };
    const later = readyMail(3, 1, { id: "later-mail" });
    const fromDay1 = (node: ReturnType<typeof readyMail>) => ({ ...node, model: { ...node.model, fromEventID: day1, fromEventName: "Day 1: Foundations" } });
    await t.owner.timelines.setEvents({
      webinarTimeline: t.timeline.id,
      blocks: { ...blocks, "0": [...(blocks["0"] ?? []), fromDay1(replay)], "3": [...(blocks["3"] ?? []), fromDay1(later)] },
      isPast: true,
    });
    // Day 1 was on 2026-05-10: 09:00 that day has passed (at once), three days after is ahead.
    expect((await t.jobsOf(ann))["replay-mail"]).toEqual({ at: "2026-05-12T12:00:00.000Z", status: "pending", detail: REASONS.pastEventNow });
    expect((await t.jobsOf(ann))["later-mail"]).toMatchObject({ at: "2026-05-13T16:00:00.000Z", status: "pending" });
    expect((await t.jobsOf(bob))["replay-mail"]).toBeUndefined();
    expect((await t.jobsOf(bob))["later-mail"]).toBeUndefined();
    await t.engine.drain();
    expect(t.peer.log.filter((entry) => entry.includes("replay-mail"))).toHaveLength(1);
    const [line] = await t.db.orm.select().from(actionDeliveries).where(eq(actionDeliveries.nodeKey, "replay-mail"));
    expect(line).toMatchObject({ registrantId: ann, eventId: day1, outcome: "sent" });
    // Saving again does not send it twice.
    const { success: again } = await t.owner.timelines.getEvents(t.timeline.id);
    await t.owner.timelines.setEvents({ webinarTimeline: t.timeline.id, blocks: again, isPast: true });
    await t.engine.drain();
    expect(t.peer.log.filter((entry) => entry.includes("replay-mail"))).toHaveLength(1);
  });

  it("refuses an action tied to an event of another timeline or account (400 on the node), and a malformed id", async () => {
    const other = await t.stranger.timelines.setMaster({ blocks: { general: { timelineName: "Theirs" } } });
    const theirs = (await t.stranger.webinars.create({ webinarTimeline: String(other.success.id), start: "2026-06-01T10:00" })).success.webinar.webinarID;
    for (const fromEventID of [theirs, "not-an-event"]) {
      const node = readyMail(1, 1, { id: "stray", model: { emailFrom: "events@example.com", emailSubject: "x", message: "x", fromEventID } });
      await expect(t.owner.timelines.setEvents({ webinarTimeline: t.timeline.id, blocks: { "1": [node] }, isPast: true })).rejects.toMatchObject({
        status: 400,
        field: "blocks.1.0",
      });
    }
  });
});
