import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { AutoresponderSettingSchema } from "../timelineSetting/autoresponder.js";
import { GeneralSettingSchema } from "../timelineSetting/general.js";
import { TEXT_LIMITS } from "../text.js";
import { UpdateUserRequestSchema } from "./account.js";
import { CredentialsSchema, IntegrationBlocksSchema } from "./integrations.js";
import { RegistrationRequestSchema } from "./registration.js";
import { CopyTimelineRequestSchema } from "./timelines.js";
import { AddCoOrganizerRequestSchema, CreateWebinarRequestSchema, EventPersonRequestSchema } from "./webinars.js";

/** Every free-text field has a maximum (`TEXT_LIMITS`): 200 KB names were taken before. */

const LONG = "x".repeat(200_000);
const issue = (schema: v.GenericSchema, input: unknown) => {
  const [first] = v.safeParse(schema, input).issues ?? [];
  return first ? { field: v.getDotPath(first), message: first.message } : undefined;
};

describe("free-text maximums", () => {
  it.each([
    ["user name", UpdateUserRequestSchema, { name: LONG }, "name", TEXT_LIMITS.name],
    ["user domain", UpdateUserRequestSchema, { domain: LONG }, "domain", TEXT_LIMITS.domain],
    ["webinar name", CreateWebinarRequestSchema, { webinarTimeline: "t", start: "2026-03-02T10:00", name: LONG }, "name", TEXT_LIMITS.name],
    ["agent or host name", EventPersonRequestSchema, { name: LONG, email: "a@example.com" }, "name", TEXT_LIMITS.name],
    ["co-organizer name", AddCoOrganizerRequestSchema, { webinarId: "w", tenantId: "t", name: LONG, email: "a@example.com" }, "name", TEXT_LIMITS.name],
    ["timeline copy name", CopyTimelineRequestSchema, { webinarTimeline: "t", timelineName: LONG }, "timelineName", TEXT_LIMITS.name],
    ["integration name", IntegrationBlocksSchema, { type: "SMTP", name: LONG }, "name", TEXT_LIMITS.name],
    ["integration credential", CredentialsSchema, { api_key: LONG }, "api_key", TEXT_LIMITS.description],
    ["timeline name", GeneralSettingSchema, { timelineName: LONG }, "timelineName", TEXT_LIMITS.name],
    ["organizer", GeneralSettingSchema, { organizer: LONG }, "organizer", TEXT_LIMITS.name],
    ["presenter", GeneralSettingSchema, { presenters: [LONG] }, "presenters.0", TEXT_LIMITS.name],
    ["timeline description", GeneralSettingSchema, { description: LONG }, "description", TEXT_LIMITS.description],
    ["email subject", AutoresponderSettingSchema, { reminderTitle: LONG }, "reminderTitle", TEXT_LIMITS.title],
    ["email body", AutoresponderSettingSchema, { reminderBody: "x".repeat(TEXT_LIMITS.body + 1) }, "reminderBody", TEXT_LIMITS.body],
    ["registration answer", RegistrationRequestSchema, { email: "a@example.com", fields: { company: LONG } }, "fields.company", TEXT_LIMITS.short],
  ] as const)("%s: at most its limit", (_what, schema, input, field, max) => {
    expect(issue(schema, input)).toEqual({ field, message: `Use at most ${max.toLocaleString("en-US")} characters.` });
  });

  it("takes texts at their limit", () => {
    expect(v.is(UpdateUserRequestSchema, { name: "x".repeat(TEXT_LIMITS.name), domain: "d".repeat(TEXT_LIMITS.domain) })).toBe(true);
    expect(v.is(AutoresponderSettingSchema, { reminderBody: "x".repeat(TEXT_LIMITS.body) })).toBe(true);
  });
});
