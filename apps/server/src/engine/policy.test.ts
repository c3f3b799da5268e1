import { describe, expect, it } from "vitest";
import type { TimelineNode } from "@cuepoint/sdk";
import { planTimeline } from "./plan.js";
import { audienceVerdict, catchUp, DEFAULT_CATCH_UP, DEFAULT_QUIET_HOURS, quietHoursEnd } from "./policy.js";
import { backoffMs, DEFAULT_RETRY } from "./worker.js";

const node = (fields: Partial<TimelineNode>): TimelineNode => ({
  days: 0,
  hours: 0,
  minutes: 0,
  isAfter: 1,
  isExact: false,
  action: "sendMail",
  actionTitle: "",
  integrationID: "",
  integrationType: "",
  groupID: "3",
  groupName: "",
  model: {},
  ...fields,
});

describe("planning across a daylight-saving change", () => {
  // US clocks go forward on Sunday 2026-03-08 at 02:00; the event is at 10:00 PDT that morning.
  const event = { startsAt: new Date("2026-03-08T17:00:00Z"), timeZone: "America/Los_Angeles" };
  const at = (fields: Partial<TimelineNode>) =>
    planTimeline({ "0": [node({ id: "n", ...fields })] }, "America/Los_Angeles", event)[0]?.plannedAt?.toISOString();

  it("keeps the wall-clock time for whole days: 1 day 1 hour before is 09:00 PST", () => {
    expect(at({ days: 1, hours: 1, isAfter: -1 })).toBe("2026-03-07T17:00:00.000Z");
  });

  it("moves hours by elapsed time: 3 hours before is 07:00 PDT", () => {
    expect(at({ hours: 3, isAfter: -1 })).toBe("2026-03-08T14:00:00.000Z");
  });

  it("puts exact times at the timeline zone's wall time: 9 AM the day before is 09:00 PST", () => {
    expect(at({ days: 1, hours: 9, amPm: "AM", isExact: true, isAfter: -1 })).toBe("2026-03-07T17:00:00.000Z");
  });

  it("sorts live actions and drafts apart from actions", () => {
    const planned = planTimeline(
      {
        "0": [
          node({ id: "chat", key: "livechat", action: "livechat", minutes: 5, model: { message: "Hi" } }),
          node({ id: "draft", groupID: "", minutes: 30 }),
        ],
      },
      "America/Los_Angeles",
      event,
    );
    expect(planned.map((p) => [p.key, p.kind])).toEqual([
      ["chat", "live"],
      ["draft", "draft"],
    ]);
  });
});

describe("catch-up", () => {
  const now = new Date("2026-05-09T20:00:00Z");
  const missed = [
    { key: "old", plannedAt: new Date("2026-05-07T16:00:00Z") },
    { key: "early", plannedAt: new Date("2026-05-09T15:00:00Z") },
    { key: "latest", plannedAt: new Date("2026-05-09T16:00:00Z") },
  ];
  const runs = (policy = DEFAULT_CATCH_UP) =>
    [...catchUp(missed, now, policy)].filter(([, d]) => d.run).map(([key]) => key);

  it("latest (default): only the latest missed action, if within the window", () => {
    expect(runs()).toEqual(["latest"]);
    expect(runs({ mode: "latest", windowMinutes: 60 })).toEqual([]);
  });

  it("all: every missed action within the window", () => {
    expect(runs({ mode: "all", windowMinutes: 24 * 60 })).toEqual(["early", "latest"]);
  });

  it("skip: none", () => {
    expect(runs({ mode: "skip", windowMinutes: 24 * 60 })).toEqual([]);
  });
});

describe("quiet hours", () => {
  it("hold text messages across midnight until the morning, in the given zone", () => {
    // 23:30 in New York (EDT) → 08:00 the next morning there.
    expect(quietHoursEnd(new Date("2026-06-02T03:30:00Z"), "America/New_York", DEFAULT_QUIET_HOURS)?.toISOString()).toBe(
      "2026-06-02T12:00:00.000Z",
    );
    // 06:00 in New York → 08:00 the same morning.
    expect(quietHoursEnd(new Date("2026-06-02T10:00:00Z"), "America/New_York", DEFAULT_QUIET_HOURS)?.toISOString()).toBe(
      "2026-06-02T12:00:00.000Z",
    );
  });

  it("let daytime through, and nothing when switched off", () => {
    expect(quietHoursEnd(new Date("2026-06-02T16:00:00Z"), "America/New_York", DEFAULT_QUIET_HOURS)).toBeNull();
    expect(quietHoursEnd(new Date("2026-06-02T03:30:00Z"), "America/New_York", { ...DEFAULT_QUIET_HOURS, enabled: false })).toBeNull();
  });

  it("end at the right instant on the night the clocks change", () => {
    // Night of 2026-03-07/08 in Los Angeles: 23:00 PST → 08:00 PDT (15:00 UTC), 8 elapsed hours.
    expect(quietHoursEnd(new Date("2026-03-08T07:00:00Z"), "America/Los_Angeles", DEFAULT_QUIET_HOURS)?.toISOString()).toBe(
      "2026-03-08T15:00:00.000Z",
    );
  });
});

describe("audience groups", () => {
  it("Registrants take everyone; Attendee needs attended-hour > 0; Non-Attendee = 0", () => {
    const absent = { attendedHour: 0, fields: {} };
    const present = { attendedHour: 0.25, fields: {} };
    expect(audienceVerdict("3", [], absent)).toEqual({ member: true });
    expect(audienceVerdict("a1", [], present)).toEqual({ member: true });
    expect(audienceVerdict("a1", [], absent)).toEqual({ member: false, reason: "Not in the audience Attendee (attendedHour 0)." });
    expect(audienceVerdict("a2", [], absent)).toEqual({ member: true });
    expect(audienceVerdict("a2", [], present).member).toBe(false);
  });

  it("custom segments test a registrant's fields; an unknown group is nobody", () => {
    const buyers = [{ id: "b1", name: "Buyers", condition: { field: "tag", op: "eq" as const, value: "buyer" } }];
    expect(audienceVerdict("b1", buyers, { attendedHour: 0, fields: { tag: "buyer" } })).toEqual({ member: true });
    expect(audienceVerdict("b1", buyers, { attendedHour: 0, fields: {} }).member).toBe(false);
    expect(audienceVerdict("zz", buyers, { attendedHour: 0, fields: {} })).toEqual({
      member: false,
      reason: 'The audience group "zz" does not exist on this timeline.',
    });
  });
});

describe("retry backoff", () => {
  it("doubles from the base and stops at the cap", () => {
    expect([1, 2, 3, 4].map((attempt) => backoffMs(attempt, DEFAULT_RETRY))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20, DEFAULT_RETRY)).toBe(DEFAULT_RETRY.maxDelayMs);
  });
});
