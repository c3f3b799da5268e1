import { describe, expect, it } from "vitest";
import { formatEventTime, readerZone } from "./eventTime.js";
import { messageVariables } from "./template.js";
import { makeJob } from "../test-support/jobs.js";

describe("messageVariables", () => {
  const base = { accountId: "a", integrationType: "SMTP", action: "sendMail" };

  it("writes the event time in the registrant's zone, with names and links", () => {
    expect(messageVariables(makeJob(base))).toEqual({
      name: "Ada Lovelace",
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      phone: "+15551230007",
      event_subject: "Scaling Webinars",
      event_day: "Tuesday",
      event_date: "March 5, 2024",
      event_time: "9:00 AM",
      event_timezone: "EST",
      join_link: "https://join.example.com/evt-3?r=reg-7",
      replay_link: "https://join.example.com/evt-3/replay",
      "custom.company": "Analytical Engines",
    });
  });

  it("falls back to the event's zone when the registrant's is unknown or not a zone", () => {
    for (const timeZone of ["", "Mars/Olympus_Mons"]) {
      const variables = messageVariables(makeJob({ ...base, registrant: { timeZone } }));
      expect([variables.event_time, variables.event_timezone]).toEqual(["6:00 AM", "PST"]);
    }
    expect(readerZone("", "Nowhere/Else")).toBe("UTC");
  });

  it("crosses the date line and daylight saving by the zone's rules", () => {
    expect(formatEventTime(new Date("2024-03-05T14:00:00Z"), "Pacific/Auckland")).toMatchObject({
      day: "Wednesday",
      date: "March 6, 2024",
      time: "3:00 AM",
    });
    // New York switches to EDT on 10 March 2024.
    expect(formatEventTime(new Date("2024-03-12T14:00:00Z"), "America/New_York")).toMatchObject({
      time: "10:00 AM",
      timeZone: "EDT",
    });
  });

  it("gives a one-word name as first name and no last name", () => {
    const variables = messageVariables(makeJob({ ...base, registrant: { name: "  Plato " } }));
    expect([variables.name, variables.first_name, variables.last_name]).toEqual(["Plato", "Plato", ""]);
  });
});
