import type { MergeEvent, MergeRegistrant } from "./mergeTags.js";

/**
 * The registrant a message preview is written for (the dashboard's preview, "send me a test"):
 * a person in a zone other than most hosts', so the preview shows times in the registrant's zone.
 */
export const SAMPLE_REGISTRANT: MergeRegistrant = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+15551230007",
  timeZone: "Europe/London",
  fields: {},
};

/**
 * The sample event of a preview: the timeline's name and zone, starting at `startsAt` (the next
 * session when the caller knows it), with example links.
 *
 * @example
 * sampleEvent("Scaling Webinars", "America/New_York", new Date("2026-06-02T16:00:00Z"));
 */
export function sampleEvent(name: string, timeZone: string, startsAt: Date): MergeEvent {
  return {
    name,
    startsAt,
    timeZone,
    joinUrl: "https://example.com/join/sample",
    replayUrl: "https://example.com/replay/sample",
  };
}
