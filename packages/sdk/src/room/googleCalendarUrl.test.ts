import { describe, expect, it } from "vitest";
import { googleCalendarUrl } from "./googleCalendarUrl.js";

const startsAt = Date.parse("2026-03-08T17:00:00.250Z");
const endsAt = Date.parse("2026-03-08T18:30:00Z");

describe("googleCalendarUrl", () => {
  it("builds Google's event template with UTC dates", () => {
    expect(googleCalendarUrl({ title: "Growth Webinar", startsAt, endsAt })).toBe(
      "https://calendar.google.com/calendar/render?action=TEMPLATE&text=Growth%20Webinar&dates=20260308T170000Z/20260308T183000Z",
    );
  });

  it("encodes the details and the location, and reads back as the same values", () => {
    const url = new URL(
      googleCalendarUrl({ title: "Q&A #2", startsAt, endsAt, details: "Join: a/b?c=d & more", location: "https://app.example.com/join/t" }),
    );
    expect(url.searchParams.get("text")).toBe("Q&A #2");
    expect(url.searchParams.get("details")).toBe("Join: a/b?c=d & more");
    expect(url.searchParams.get("location")).toBe("https://app.example.com/join/t");
    expect(url.searchParams.get("dates")).toBe("20260308T170000Z/20260308T183000Z");
  });

  it("refuses an invalid instant", () => {
    expect(() => googleCalendarUrl({ title: "x", startsAt: Number.NaN, endsAt })).toThrow(RangeError);
  });
});
