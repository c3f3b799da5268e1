import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { RegistrationConfigSchema, RegistrationRequestSchema } from "./registration.js";

describe("RegistrationRequestSchema", () => {
  it("trims, defaults and reads multipart fields", () => {
    expect(v.parse(RegistrationRequestSchema, { email: " ann@example.com ", phone: " +1 555 0101 " })).toEqual({
      name: "",
      email: "ann@example.com",
      phone: "+1 555 0101",
      fields: {},
    });
    expect(v.parse(RegistrationRequestSchema, { email: "a@example.com", fields: '{"size":3}', eventId: " e1 " })).toMatchObject({
      fields: { size: 3 },
      eventId: "e1",
    });
  });

  it("takes the registrant's time zone and SMS consent, JSON or multipart spelling", () => {
    expect(v.parse(RegistrationRequestSchema, { email: "a@example.com", timeZone: "Europe/Paris", smsConsent: true })).toMatchObject({
      timeZone: "Europe/Paris",
      smsConsent: true,
    });
    for (const [spelling, consent] of [["true", true], ["1", true], ["false", false], ["0", false]] as const) {
      expect(v.parse(RegistrationRequestSchema, { email: "a@example.com", smsConsent: spelling }).smsConsent).toBe(consent);
    }
    const plain = v.parse(RegistrationRequestSchema, { email: "a@example.com" });
    expect([plain.timeZone, plain.smsConsent]).toEqual([undefined, undefined]);
  });

  it.each([
    [{}, "email", undefined],
    [{ email: "" }, "email", "Enter an email address."],
    [{ email: "ann@example.c" }, "email", "The email address must end in a 2 to 10 letter suffix, like .com or .co.uk."],
    [{ email: "a@example.com", phone: "call me" }, "phone", "Enter a phone number: digits, spaces and + ( ) - . only."],
    [{ email: "a@example.com", name: "n".repeat(201) }, "name", "The name can be at most 200 characters long."],
    [{ email: "a@example.com", fields: { a: {} } }, "fields", undefined],
    [{ email: "a@example.com", timeZone: "Mars/Olympus_Mons" }, "timeZone", "Unknown IANA time zone"],
    [{ email: "a@example.com", timeZone: "" }, "timeZone", "Time zone is required"],
    [{ email: "a@example.com", smsConsent: "yes" }, "smsConsent", undefined],
  ])("%#: refuses %j at %s", (body, field, message) => {
    const issue = v.safeParse(RegistrationRequestSchema, body).issues?.[0];
    expect(issue && v.getDotPath(issue)?.split(".")[0]).toBe(field);
    if (message) expect(issue?.message).toBe(message);
  });
});

describe("RegistrationConfigSchema", () => {
  it("reads the config answer", () => {
    const config = {
      timelineId: "t1", name: "Launch", type: "multi-option", open: true, timeZone: "Europe/Paris",
      fields: [{ name: "email", label: "Email", type: "email", required: true }],
      sessions: [{ eventId: "e1", name: "Tuesday", startTime: "2026-03-08T17:00:00.000Z", timeZone: "America/New_York" }],
      whitelist: { enabled: false, allowed: true },
    };
    expect(v.parse(RegistrationConfigSchema, config)).toEqual(config);
  });
});
