import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { issuePath } from "./test-support/issuePath.js";
import {
  AudienceBreakdownSchema,
  createWebinarStoreState,
  CreateWebinarResultSchema,
  WebinarSchema,
} from "./webinar.js";

const listed = { webinarID: "w_1", name: "Launch", startTime: "2024-05-01T17:00:00Z" };

describe("WebinarSchema", () => {
  it("parses a listed event and fills the defaults", () => {
    expect(v.parse(WebinarSchema, listed)).toEqual({
      ...listed,
      isRecurring: false,
      organizers: [],
      childEvents: [],
      timeZone: "America/Los_Angeles",
      visible: true,
      eventType: "live-webinar",
      webinarType: "automatic",
      registrants: 0,
      dayKey: "",
    });
  });

  it("keeps a recurring event with its children and organizers", () => {
    const recurring = {
      ...listed,
      isRecurring: true,
      uniqueID: "series_9",
      organizers: [{ name: "Ada", email: "ada@example.com", organizerKey: "123" }],
      childEvents: [{ webinarID: "w_2", startTime: "2024-05-02T17:00:00Z" }],
      webinarTimeline: "t_1",
      timelineName: "Evergreen funnel",
      status: "upcoming",
    };
    expect(v.parse(WebinarSchema, recurring)).toMatchObject(recurring);
  });

  it("keeps the end time and the organizers' role and tenant", () => {
    const organizers = [
      { name: "Olivia", email: "o@example.com", role: "host" },
      { name: "Cora", email: "c@example.com", role: "co-organizer", tenantId: "tenant-8" },
    ];
    const webinar = v.parse(WebinarSchema, { ...listed, endTime: "2024-05-01T18:00:00.000Z", organizers });
    expect(webinar).toMatchObject({ endTime: "2024-05-01T18:00:00.000Z", organizers });
    expect(issuePath(WebinarSchema, { ...listed, endTime: "later" })).toBe("endTime");
  });

  it("names the wrong field", () => {
    expect(issuePath(WebinarSchema, { ...listed, webinarID: "" })).toBe("webinarID");
    expect(issuePath(WebinarSchema, { ...listed, startTime: "May 1st" })).toBe("startTime");
    expect(issuePath(WebinarSchema, { ...listed, webinarType: "live" })).toBe("webinarType");
    expect(issuePath(WebinarSchema, { ...listed, registrants: -1 })).toBe("registrants");
    expect(issuePath(WebinarSchema, { ...listed, childEvents: [{ webinarID: "w_2" }] })).toBe(
      "childEvents.0.startTime",
    );
  });
});

describe("CreateWebinarResultSchema", () => {
  it("parses the create answer and requires all three parts", () => {
    const result = { webinar: { webinarID: "w_1" }, organizers: [], childEvents: [] };
    expect(v.parse(CreateWebinarResultSchema, result)).toEqual(result);
    const series = { ...result, webinar: { webinarID: "w_1", uniqueID: "s_1" } };
    expect(v.parse(CreateWebinarResultSchema, series).webinar.uniqueID).toBe("s_1");
    expect(issuePath(CreateWebinarResultSchema, { webinar: {}, organizers: [], childEvents: [] })).toBe(
      "webinar.webinarID",
    );
    expect(issuePath(CreateWebinarResultSchema, { webinar: { webinarID: "w_1" }, organizers: [] })).toBe(
      "childEvents",
    );
  });
});

describe("AudienceBreakdownSchema", () => {
  it("requires registrants", () => {
    expect(v.parse(AudienceBreakdownSchema, { registrants: 10 })).toEqual({
      registrants: 10,
      attendees: 0,
      nonAttendees: 0,
    });
    expect(issuePath(AudienceBreakdownSchema, { attendees: 3 })).toBe("registrants");
  });

  it("keeps the server's average and period", () => {
    const period = { name: "7d", from: "2026-10-14T00:00:00.000Z", to: "2026-10-20T12:00:00.000Z" };
    const answer = { registrants: 6, attendees: 3, nonAttendees: 3, averageMinutes: 35, period };
    expect(v.parse(AudienceBreakdownSchema, answer)).toEqual(answer);
    expect(v.parse(AudienceBreakdownSchema, { ...answer, period: { ...period, name: "all", from: null } }).period?.from).toBeNull();
    expect(issuePath(AudienceBreakdownSchema, { ...answer, period: { ...period, name: "week" } })).toBe("period.name");
  });
});

describe("createWebinarStoreState", () => {
  it("returns an empty store, fresh each call", () => {
    const store = createWebinarStoreState();
    expect(store).toEqual({
      upcoming: [],
      past: [],
      allPast: [],
      latestUpcoming: [],
      status: [],
      recurring: [],
      pageCount: { upcoming: 0, past: 0, totalUpcomming: 0 },
      audience: { registrants: 0, attendees: 0, nonAttendees: 0 },
    });
    store.upcoming.push(v.parse(WebinarSchema, listed));
    expect(createWebinarStoreState().upcoming).toEqual([]);
  });
});
