import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { AutoresponderSettingSchema, GeneralSettingSchema } from "@cuepoint/sdk";
import { forDay } from "./dayConfirmation.js";

const autoresponder = v.parse(AutoresponderSettingSchema, { confirmation: "true", confirmationTitle: "You're in", confirmationBody: "See you, {name}" });
const general = v.parse(GeneralSettingSchema, {
  multiEvents: { settings: [{ dayKey: "day-2", registrationSubject: "Day 2 is booked", registrationBody: "" }, { dayKey: "day-3", registrationBody: "Bonus day body" }] },
});

describe("forDay", () => {
  it("gives a day's registrants the day's confirmation subject and body where it has them", () => {
    expect(forDay(autoresponder, general, "confirmation", "day-2")).toMatchObject({ confirmationTitle: "Day 2 is booked", confirmationBody: "See you, {name}" });
    expect(forDay(autoresponder, general, "confirmation", "day-3")).toMatchObject({ confirmationTitle: "You're in", confirmationBody: "Bonus day body" });
  });

  it("keeps the timeline's for other mails, events without a day and unknown days", () => {
    expect(forDay(autoresponder, general, "reminder", "day-2")).toBe(autoresponder);
    expect(forDay(autoresponder, general, "confirmation", "")).toBe(autoresponder);
    expect(forDay(autoresponder, general, "confirmation", "day-9")).toBe(autoresponder);
  });
});
