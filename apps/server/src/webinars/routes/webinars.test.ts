import { webinarPageCount } from "@cuepoint/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTimeline } from "../attendanceData.js";
import { createWebinarTestApp, failure, insertEvents, type WebinarTestApp } from "../test-support/testHarness.js";

let t: WebinarTestApp;
let upcomingIds: string[];
let pastIds: string[];
let seriesUniqueID: string;
beforeAll(async () => {
  t = await createWebinarTestApp("2026-10-20T12:00:00Z");
  // 14 upcoming events (a daily series) and 13 past ones (stored directly: the API refuses past starts).
  const series = await t.owner.webinars.create({
    webinarTimeline: t.timeline.id,
    start: "2026-10-21T09:00",
    name: "Daily demo",
    recurring: { days: [0, 1, 2, 3, 4, 5, 6], until: "2026-11-03" },
  });
  upcomingIds = series.success.childEvents.map((child) => child.webinarID);
  seriesUniqueID = series.success.childEvents[0]?.uniqueID ?? "";
  pastIds = await insertEvents(
    t,
    Array.from({ length: 13 }, (_, i) => `2026-09-${String(i + 1).padStart(2, "0")}T09:00`),
    { name: "Past demo" },
  );
});
afterAll(() => t.close());

describe("GET /webinars", () => {
  it("pages upcoming events 12 at a time, soonest first, with the total", async () => {
    const first = await t.owner.webinars.list({ type: "upcoming", page: 1 });
    expect([first.success.length, first.total, webinarPageCount(first.total ?? 0)]).toEqual([12, 14, 2]);
    expect(first.success.map((webinar) => webinar.webinarID)).toEqual(upcomingIds.slice(0, 12));
    expect(first.success[0]).toMatchObject({
      isRecurring: true,
      uniqueID: seriesUniqueID,
      status: "upcoming",
      childEvents: [],
    });
    const second = await t.owner.webinars.list({ type: "upcoming", page: 2 });
    expect(second.success.map((webinar) => webinar.webinarID)).toEqual(upcomingIds.slice(12));
    expect(second.total).toBe(14);
    expect((await t.owner.webinars.list({ type: "upcoming", page: 3 })).success).toEqual([]);
  });

  it("pages past events most recent first, and sorts and counts on request", async () => {
    const past = await t.owner.webinars.list({ type: "past", page: 1 });
    expect([past.success.length, past.total]).toEqual([12, 13]);
    expect(past.success.map((webinar) => webinar.webinarID)).toEqual([...pastIds].reverse().slice(0, 12));
    expect(past.success[0]).toMatchObject({ status: "past", name: "Past demo", isRecurring: false });
    const oldestFirst = await t.owner.webinars.list({ type: "past", direction: "asc", page: 2 });
    expect(oldestFirst.success.map((webinar) => webinar.webinarID)).toEqual([pastIds[12]]);
    const uncounted = await t.owner.webinars.list({ type: "past", count: false });
    expect(uncounted).not.toHaveProperty("total");
    const all = await t.owner.webinars.list({ sort: "name", direction: "desc" });
    expect(all.total).toBe(27);
    expect(all.success[0]?.name).toBe("Past demo");
    await expect(t.owner.webinars.list({ sort: "color" })).rejects.toMatchObject({ status: 400, field: "sort" });
    await expect(t.owner.webinars.list({ type: "later" as "past" })).rejects.toMatchObject({
      status: 400,
      field: "type",
    });
  });

  it("lists one timeline's events with wtl", async () => {
    const other = await insertTimeline(t.db.orm, t.accountId, { name: "Side timeline" });
    const [sideId] = await insertEvents(t, ["2026-10-25T12:00"], { timeline: other, name: "Side event" });
    const side = await t.owner.webinars.listByTimeline(other.id, { type: "upcoming" });
    expect(side.success.map((webinar) => [webinar.webinarID, webinar.timelineName])).toEqual([
      [sideId, "Side timeline"],
    ]);
    expect(side.total).toBe(1);
    expect((await t.owner.webinars.listByTimeline(t.timeline.id, { type: "upcoming" })).total).toBe(14);
    await expect(t.owner.webinars.listByTimeline("nope")).rejects.toMatchObject({ status: 404 });
  });
});

describe("status, upcoming and visibility", () => {
  it("says live within the timeline's length, and lists the next event of each timeline", async () => {
    const short = await insertTimeline(t.db.orm, t.accountId, { name: "Two-hour timeline", scheduleLength: 2 });
    const [running, later] = await insertEvents(t, ["2026-10-20T04:00", "2026-10-22T04:00"], { timeline: short });
    // 04:00 PDT = 11:00Z: at 12:00Z it has run one hour of two.
    const { success: statuses } = await t.owner.webinars.status();
    const statusOf = (id: string | undefined) => statuses.find((entry) => entry.webinarID === id)?.status;
    expect(statusOf(running)).toBe("live");
    expect(statusOf(later)).toBe("upcoming");
    expect(statusOf(upcomingIds[0])).toBe("upcoming");
    expect(statusOf(pastIds[0])).toBeUndefined(); // ended weeks ago: outside the status window
    t.setNow("2026-10-20T13:30:00Z");
    expect((await t.owner.webinars.status()).success.find((entry) => entry.webinarID === running)?.status).toBe("past");
    t.setNow("2026-10-20T12:00:00Z");

    const { success: next } = await t.owner.webinars.upcoming();
    const byTimeline = Object.fromEntries(next.map((webinar) => [webinar.webinarTimeline, webinar.webinarID]));
    expect(byTimeline[t.timeline.id]).toBe(upcomingIds[0]);
    expect(byTimeline[short.id]).toBe(later);
    expect(next.map((webinar) => webinar.startTime)).toEqual([...next.map((webinar) => webinar.startTime)].sort());
  });

  it("toggles one event's visibility", async () => {
    const id = upcomingIds[1] ?? "";
    const hidden = await t.owner.webinars.updateVisibility(id, false);
    expect(hidden.success).toMatchObject({ webinarID: id, visible: false });
    expect((await t.owner.webinars.get(id)).success.visible).toBe(false);
    expect((await t.owner.webinars.get(upcomingIds[2] ?? "")).success.visible).toBe(true);
    expect((await t.owner.webinars.updateVisibility(id, true)).success.visible).toBe(true);
  });
});

describe("agents, hosts and co-organizers", () => {
  it("lists the scheduler as host and attaches agents and hosts", async () => {
    const id = upcomingIds[3] ?? "";
    const { success: hosts } = await t.owner.webinars.hosts(id);
    expect(hosts).toEqual([{ id: expect.any(String), name: "Olivia Owner", email: expect.any(String) }]);
    expect((await t.owner.webinars.agents(id)).success).toEqual([]);

    const added = await t.owner.webinars.addAgent(id, { name: "Sam Support", email: "sam@example.com" });
    await t.owner.webinars.addAgent(id, { name: "Samuel Support", email: "SAM@example.com" });
    expect((await t.owner.webinars.agents(id)).success).toEqual([
      { id: added.success.id, name: "Samuel Support", email: "sam@example.com" },
    ]);
    await expect(t.owner.webinars.addHost(id, { name: "Bad", email: "not-an-email" })).rejects.toMatchObject({
      status: 400,
      field: "email",
    });
    const { success: host } = await t.owner.webinars.addHost(id, { name: "Hana Host", email: "hana@example.com" });
    const names = async () => (await t.owner.webinars.hosts(id)).success.map((person) => person.name).sort();
    expect(await names()).toEqual(["Hana Host", "Olivia Owner"]);
    await t.owner.webinars.removeHost(id, host.id);
    expect(await names()).toEqual(["Olivia Owner"]);
    // An agent's id is not a host's.
    await expect(t.owner.webinars.removeHost(id, added.success.id)).rejects.toMatchObject({ status: 404 });
    await t.owner.webinars.removeAgent(id, added.success.id);
    expect((await t.owner.webinars.agents(id)).success).toEqual([]);
    await expect(t.owner.webinars.removeAgent(id, added.success.id)).rejects.toMatchObject({
      status: 404,
    });
  });

  it("adds co-organizers, one per email, listed among the organizers", async () => {
    const id = upcomingIds[4] ?? "";
    const body = { webinarId: id, tenantId: "tenant-7", name: "Cora Co", email: "cora@example.com" };
    expect((await t.owner.webinars.addCoOrganizer(body)).success).toEqual(body);
    await t.owner.webinars.addCoOrganizer({ ...body, name: "Cora Coorganizer", tenantId: "tenant-8" });
    const { success: webinar } = await t.owner.webinars.get(id);
    expect(webinar.organizers).toEqual([
      { name: "Olivia Owner", email: expect.any(String), role: "host" },
      { name: "Cora Coorganizer", email: "cora@example.com", role: "co-organizer", tenantId: "tenant-8" },
    ]);
    await expect(t.owner.webinars.addCoOrganizer({ ...body, email: "nope" })).rejects.toMatchObject({
      status: 400,
      field: "email",
    });
    await expect(t.owner.webinars.addCoOrganizer({ ...body, webinarId: "unknown" })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("access", () => {
  it("answers 404 to another account for every call on the owner's ids", async () => {
    const id = upcomingIds[5] ?? "";
    const s = t.stranger;
    const hostId = (await t.owner.webinars.hosts(id)).success[0]?.id ?? "";
    const calls: Array<() => Promise<unknown>> = [
      () => s.webinars.get(id),
      () => s.webinars.agents(id),
      () => s.webinars.hosts(id),
      () => s.webinars.updateVisibility(id, false),
      () => s.webinars.addCoOrganizer({ webinarId: id, tenantId: "x", name: "Eve", email: "eve@example.com" }),
      () => s.webinars.listByTimeline(t.timeline.id),
      () => s.webinars.addAgent(id, { name: "Eve", email: "eve@example.com" }),
      () => s.webinars.addHost(id, { name: "Eve", email: "eve@example.com" }),
      () => s.webinars.removeHost(id, hostId),
    ];
    for (const call of calls) {
      const error = await failure(call());
      expect([error.status, error.message]).toEqual([
        404,
        expect.stringMatching(/^There is no (webinar|timeline) with this id\.$/),
      ]);
    }
    expect(await s.webinars.list()).toEqual({ success: [], total: 0 });
    expect((await s.webinars.upcoming()).success).toEqual([]);
    expect((await s.webinars.status()).success).toEqual([]);
    expect((await t.owner.webinars.get(id)).success.visible).toBe(true);
    expect((await t.owner.webinars.hosts(id)).success.map((host) => host.id)).toEqual([hostId]);
  });

  it("needs webinars:read to read and webinars:write to change", async () => {
    const { accessToken } = await t.owner.tokens.create({ name: "reader", scopes: ["webinars:read"] });
    const reader = t.client(accessToken);
    expect((await reader.webinars.listByTimeline(t.timeline.id, { type: "upcoming" })).total).toBe(14);
    await expect(reader.webinars.updateVisibility(upcomingIds[0] ?? "", false)).rejects.toMatchObject({ status: 403 });
    await expect(
      reader.webinars.create({ webinarTimeline: t.timeline.id, start: "2026-12-01T10:00" }),
    ).rejects.toMatchObject({
      status: 403,
    });
    await expect(t.client().webinars.list()).rejects.toMatchObject({ status: 401 });
  });
});
