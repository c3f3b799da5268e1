import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { RoomCtaClickRequestSchema } from "./requests/room.js";
import { RoomItemSchema, RoomSnapshotSchema } from "./room.js";

const START = Date.parse("2026-06-10T17:00:00Z");

/** A snapshot as the server sends it for a registrant in the live room. */
const snapshot = () => ({
  token: "6f1c2f0e-8b7a-4c7e-9a51-0c1d2e3f4a5b",
  entry: "join",
  serverNow: START + 600_000,
  platform: "aevent",
  timing: {
    startsAt: START,
    liveSeconds: 3600,
    joinStartMinutes: 15,
    replayStartMinutes: 15,
    replay: { enabled: true, days: 1, hours: 0, minutes: 0, expireOnMid: false },
    timeZone: "America/New_York",
  },
  view: {
    phase: "live",
    opensAt: START - 900_000,
    startsAt: START,
    endsAt: START + 3_600_000,
    replayUntil: START + 3_600_000 + 86_400_000,
    positionSeconds: 600,
    nextChangeAt: START + 3_600_000,
  },
  event: {
    title: "Growth Webinar",
    subject: "Growth",
    startsAt: "2026-06-10T17:00:00.000Z",
    timeZone: "America/New_York",
    description: "",
    presenters: ["Ann"],
  },
  registrant: { name: "Bo", timeZone: "Europe/Paris" },
  branding: { logoUrl: null, faviconUrl: null, backgroundUrl: "/media/bg.jpg", countdownImageUrl: null },
  display: {
    countdown: { enabled: true, duration: 15 },
    timeCounter: { enabled: false, direction: "up" },
    pip: { enabled: false, seconds: 0 },
    muteAll: false,
    audience: "simulated",
    chat: { enabled: true, timestamps: false, mode: "private", canned: [] },
  },
  video: { playlistUrl: "/api/public/room/t/hls/master.m3u8", posterUrl: null, durationSeconds: 3600, hlsScriptUrl: "/room-hls.js" },
  items: [{ id: "n1", action: "livechat", offsetSeconds: 95, chat: { name: "Ann", message: "Hi" } }],
  audience: 42,
  calendar: { icsUrl: "/join/t/calendar.ics", googleUrl: "https://calendar.google.com/calendar/render?action=TEMPLATE" },
  channelUrl: "/api/public/room/t/channel",
  customCodeUrl: null,
  customCssUrl: null,
});

describe("RoomSnapshotSchema", () => {
  it("accepts the snapshot of the contract", () => {
    expect(v.safeParse(RoomSnapshotSchema, snapshot()).issues).toBeUndefined();
    expect(v.safeParse(RoomSnapshotSchema, { ...snapshot(), video: null, audience: null }).issues).toBeUndefined();
  });

  it("refuses an unknown phase, a platform other than the own ones, and a non-ISO start", () => {
    const s = snapshot();
    expect(v.is(RoomSnapshotSchema, { ...s, view: { ...s.view, phase: "paused" } })).toBe(false);
    expect(v.is(RoomSnapshotSchema, { ...s, platform: "zoom" })).toBe(false);
    expect(v.is(RoomSnapshotSchema, { ...s, event: { ...s.event, startsAt: "June 10" } })).toBe(false);
  });
});

describe("RoomItemSchema", () => {
  it("accepts each action with its part", () => {
    expect(v.is(RoomItemSchema, { id: "a", action: "changesubject", offsetSeconds: 0, subject: "Q&A" })).toBe(true);
    const cta = { headline: "h", subheadline: "s", buttonText: "", url: "" };
    expect(v.is(RoomItemSchema, { id: "b", action: "cta", offsetSeconds: -60, cta })).toBe(true);
  });

  it("refuses an item without its action's part, a non-web CTA link, and an empty id", () => {
    const missing = v.safeParse(RoomItemSchema, { id: "a", action: "cta", offsetSeconds: 1, chat: { name: "", message: "x" } });
    expect(missing.issues?.[0]?.message).toBe("A cta item needs its cta.");
    const cta = { headline: "h", subheadline: "s", buttonText: "Go", url: "javascript:alert(1)" };
    expect(v.is(RoomItemSchema, { id: "b", action: "cta", offsetSeconds: 1, cta })).toBe(false);
    expect(v.is(RoomItemSchema, { id: "", action: "changesubject", offsetSeconds: 1, subject: "x" })).toBe(false);
    expect(v.is(RoomItemSchema, { id: "c", action: "encore", offsetSeconds: 1 })).toBe(false);
  });
});

describe("RoomCtaClickRequestSchema", () => {
  it("takes a trimmed, non-empty id of bounded length", () => {
    expect(v.parse(RoomCtaClickRequestSchema, { id: " node-7 " })).toEqual({ id: "node-7" });
    expect(v.safeParse(RoomCtaClickRequestSchema, { id: "  " }).issues?.[0]?.message).toBe("Give the call to action's id.");
    expect(v.is(RoomCtaClickRequestSchema, { id: "x".repeat(201) })).toBe(false);
    expect(v.is(RoomCtaClickRequestSchema, {})).toBe(false);
    expect(v.is(RoomCtaClickRequestSchema, { id: 7 })).toBe(false);
  });
});
