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
});
