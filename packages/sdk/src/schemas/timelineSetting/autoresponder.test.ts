import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { issuePath } from "../test-support/issuePath.js";
import { AutoresponderSettingSchema } from "./autoresponder.js";

describe("AutoresponderSettingSchema", () => {
  it("defaults every enable flag to the string 'false'", () => {
    expect(v.parse(AutoresponderSettingSchema, {})).toEqual({
      integrations: [],
      webinar: "false",
      confirmation: "false",
      reminder: "false",
      nonattendee: "false",
      attendee: "false",
      multiEvents: [],
      confirmationTitle: "",
      confirmationBody: "",
      nonattendeeTitle: "",
      nonattendeeBody: "",
      reminderTitle: "",
      reminderBody: "",
      attendeeTitle: "",
      attendeeBody: "",
      reminderMinutes: 60,
      reminders: [],
      confirmationIntegrationID: "",
      reminderIntegrationID: "",
      attendeeIntegrationID: "",
      nonattendeeIntegrationID: "",
    });
  });

  it("keeps given flags and texts", () => {
    const autoresponder = v.parse(AutoresponderSettingSchema, {
      confirmation: "true",
      confirmationTitle: "You're in",
      integrations: ["i_smtp"],
    });
    expect(autoresponder).toMatchObject({ confirmation: "true", reminder: "false", confirmationTitle: "You're in" });
    expect(autoresponder.integrations).toEqual(["i_smtp"]);
  });

  it("takes the flags as strings only, naming the field", () => {
    expect(issuePath(AutoresponderSettingSchema, { reminder: true })).toBe("reminder");
    expect(issuePath(AutoresponderSettingSchema, { attendee: "yes" })).toBe("attendee");
    expect(issuePath(AutoresponderSettingSchema, { multiEvents: [{}] })).toBe("multiEvents.0.dayKey");
  });

  it("takes more reminders at their own times, each with its own id, naming the field at fault", () => {
    const reminders = [
      { id: "day", enabled: "true", minutes: 1440, title: "Tomorrow", body: "Hi" },
      { id: "now", minutes: 0 },
    ];
    expect(v.parse(AutoresponderSettingSchema, { reminders, reminderMinutes: 15 })).toMatchObject({
      reminderMinutes: 15,
      reminders: [
        { id: "day", enabled: "true", minutes: 1440, integrationID: "" },
        { id: "now", enabled: "false", minutes: 0, title: "", body: "" },
      ],
    });
    expect(issuePath(AutoresponderSettingSchema, { reminderMinutes: -5 })).toBe("reminderMinutes");
    expect(issuePath(AutoresponderSettingSchema, { reminderMinutes: 1.5 })).toBe("reminderMinutes");
    expect(issuePath(AutoresponderSettingSchema, { reminders: [{ id: "a", minutes: 50_000 }] })).toBe("reminders.0.minutes");
    expect(issuePath(AutoresponderSettingSchema, { reminders: [{ id: "a b" }] })).toBe("reminders.0.id");
    expect(issuePath(AutoresponderSettingSchema, { reminders: [{ id: "a" }, { id: "a" }] })).toBe("reminders");
    expect(issuePath(AutoresponderSettingSchema, { reminders: Array.from({ length: 10 }, (_, i) => ({ id: `r${i}` })) })).toBe("reminders");
  });
});
