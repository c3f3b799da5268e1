import { createMasterSetting, type AutoresponderSetting } from "@cuepoint/sdk";
import { describe, expect, it } from "vitest";
import { beforeLabel, messageFields, newReminder, withMessage, withReminder } from "./mailSettings.js";

const empty = () => createMasterSetting().autoresponder;
/** The setting as the SDK's schema reads it back (createMasterSetting parses and throws on a bad one). */
const reparsed = (autoresponder: AutoresponderSetting) => createMasterSetting({ autoresponder }).autoresponder;

describe("mailSettings", () => {
  it("reads and writes a message under the spec's wire names", () => {
    const setting = withMessage(empty(), "nonattendee", { enabled: true, subject: "Missed you", body: "Replay: {replay_link}", integrationID: "i1" });
    expect(setting).toMatchObject({ nonattendee: "true", nonattendeeTitle: "Missed you", nonattendeeBody: "Replay: {replay_link}", nonattendeeIntegrationID: "i1", attendee: "false" });
    expect(messageFields(setting, "nonattendee")).toEqual({ enabled: true, subject: "Missed you", body: "Replay: {replay_link}", integrationID: "i1" });
    expect(reparsed(setting)).toEqual(setting);
  });

  it("adds reminders with ids of their own, a day before, and edits them", () => {
    const setting = { ...empty(), reminderTitle: "Soon", reminderBody: "Hi" };
    const first = newReminder(setting, []);
    const second = newReminder(setting, [first.id]);
    expect([first.id, second.id, first.minutes, first.title]).toEqual(["r1", "r2", 1440, "Soon"]);
    expect(withReminder(first, { enabled: false, subject: "Tomorrow" })).toMatchObject({ enabled: "false", title: "Tomorrow", body: "Hi" });
    expect(reparsed({ ...setting, reminders: [first, second] }).reminders).toEqual([first, second]);
  });

  it("says when a reminder goes in words", () => {
    expect([beforeLabel(0), beforeLabel(60), beforeLabel(1500), beforeLabel(2 * 1440 + 1)]).toEqual([
      "at the start",
      "1 hour before the start",
      "1 day 1 hour before the start",
      "2 days 1 minute before the start",
    ]);
  });
});
