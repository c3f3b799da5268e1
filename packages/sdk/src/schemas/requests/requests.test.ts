import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { issuePath } from "../test-support/issuePath.js";
import {
  AddTagRequestSchema,
  BulkTagsRequestSchema,
  ChangePasswordRequestSchema,
  ChunkFieldsSchema,
  CreateWebinarRequestSchema,
  DeleteWebinarRequestSchema,
  EventPersonRequestSchema,
  FormBooleanSchema,
  FormNumberSchema,
  FormRequestSchema,
  LoginRequestSchema,
  OAuthAuthorizeQuerySchema,
  OAuthCallbackRequestSchema,
  RotateSigningSecretRequestSchema,
  SIGNING_SECRET_GRACE_HOURS,
  SetEventsRequestSchema,
  UpdateWebinarRequestSchema,
  UploadResumeQuerySchema,
  jsonField,
} from "./index.js";

describe("multipart field pieces", () => {
  it("FormBooleanSchema reads booleans and their multipart spellings", () => {
    expect(["true", "1", true].map((x) => v.parse(FormBooleanSchema, x))).toEqual([true, true, true]);
    expect(["false", "0", false].map((x) => v.parse(FormBooleanSchema, x))).toEqual([false, false, false]);
    expect(v.safeParse(FormBooleanSchema, "yes").success).toBe(false);
  });

  it("FormNumberSchema reads numbers and decimal text", () => {
    expect(v.parse(FormNumberSchema, "12")).toBe(12);
    expect(v.parse(FormNumberSchema, 3)).toBe(3);
    expect(v.safeParse(FormNumberSchema, "12a").success).toBe(false);
  });

  it("jsonField takes the value or its JSON text, and rejects bad JSON", () => {
    const Schema = jsonField(v.object({ a: v.number() }));
    expect(v.parse(Schema, { a: 1 })).toEqual({ a: 1 });
    expect(v.parse(Schema, '{"a":1}')).toEqual({ a: 1 });
    expect(v.safeParse(Schema, "{a:1}").success).toBe(false);
    expect(v.safeParse(Schema, '{"a":"1"}').success).toBe(false);
  });
});

describe("request schemas", () => {
  it("login: email and password, or an access token", () => {
    expect(v.parse(LoginRequestSchema, { email: " a@b.co ", password: "x", remember: "true" })).toEqual({
      email: "a@b.co",
      password: "x",
      remember: true,
    });
    expect(v.parse(LoginRequestSchema, { accessToken: "pat_1" })).toEqual({ accessToken: "pat_1" });
    expect(v.safeParse(LoginRequestSchema, { email: "a@b.co" }).success).toBe(false);
  });

  it("a new password follows the password rule (spec §5)", () => {
    expect(v.safeParse(ChangePasswordRequestSchema, { password: "Webinar#2024" }).success).toBe(true);
    const weak = v.safeParse(ChangePasswordRequestSchema, { password: "webinar" });
    expect(weak.success).toBe(false);
    expect(weak.issues?.[0]?.message).toMatch(/Password needs/);
  });

  it("tag names are lower-cased (spec §5)", () => {
    expect(v.parse(AddTagRequestSchema, { integrationID: "i", listID: "l", name: "VIP Lead" }).name).toBe("vip lead");
    expect(v.parse(BulkTagsRequestSchema, { integrationID: 1, tags: ["A", "b"] }).tags).toEqual(["a", "b"]);
    expect(v.safeParse(BulkTagsRequestSchema, { integrationID: 1, tags: [] }).success).toBe(false);
  });

  it("setEvents reads the multipart body into blocks of nodes, and refuses a bucket out of range", () => {
    const blocks = { "-1": [{ days: 1, isAfter: -1, action: "sendMail" }] };
    const parsed = v.parse(SetEventsRequestSchema, { webinarTimeline: "t1", blocks: JSON.stringify(blocks), isPast: "false" });
    expect(parsed.isPast).toBe(false);
    expect(parsed.blocks["-1"]?.[0]).toMatchObject({ days: 1, isAfter: -1, action: "sendMail", minutes: 0 });
    const outOfRange = { webinarTimeline: "t1", blocks: { "46": [] }, isPast: true };
    expect(v.safeParse(SetEventsRequestSchema, outOfRange).success).toBe(false);
  });

  it("webinar delete and visibility", () => {
    expect(v.parse(DeleteWebinarRequestSchema, { webinarID: "w1", isRecurring: "0" })).toEqual({
      webinarID: "w1",
      isRecurring: false,
    });
    expect(v.safeParse(DeleteWebinarRequestSchema, { webinarID: "", isRecurring: "0" }).success).toBe(false);
    expect(v.safeParse(UpdateWebinarRequestSchema, { webinarID: "w1", blocks: {} }).success).toBe(false);
  });
});

describe("webinar creation", () => {
  const base = { webinarTimeline: "t1", start: "2026-03-02T10:00" };
  const message = (input: unknown) => v.safeParse(CreateWebinarRequestSchema, input).issues?.[0].message;

  it("takes a series that ends after `count` events or repeats `every` minutes or hours", () => {
    const recurring = { days: [1, 3], count: 10, every: { value: 2, unit: "hours" } };
    expect(v.parse(CreateWebinarRequestSchema, { ...base, timeZone: "Europe/Paris", recurring }).recurring).toEqual(recurring);
    expect(v.parse(CreateWebinarRequestSchema, { ...base, recurring: { days: [0], every: { value: 5, unit: "minutes" } } })).toBeTruthy();
    expect(v.parse(CreateWebinarRequestSchema, { ...base, recurring: { days: [0], every: { value: 168, unit: "hours" } } })).toBeTruthy();
  });

  it("refuses counts and steps out of range, naming the field", () => {
    expect(issuePath(CreateWebinarRequestSchema, { ...base, recurring: { days: [1], count: 0 } })).toBe("recurring.count");
    expect(message({ ...base, recurring: { days: [1], count: 501 } })).toBe("A series has at most 500 events.");
    expect(issuePath(CreateWebinarRequestSchema, { ...base, recurring: { days: [1], every: { value: 4, unit: "minutes" } } })).toBe(
      "recurring.every",
    );
    expect(message({ ...base, recurring: { days: [1], every: { value: 169, unit: "hours" } } })).toBe(
      "Repeat every 5 minutes at least and every 168 hours at most.",
    );
    expect(message({ ...base, recurring: { days: [1], every: { value: 1, unit: "days" } } })).toBe('The unit is "minutes" or "hours".');
    expect(issuePath(CreateWebinarRequestSchema, { ...base, recurring: { days: [1], every: { value: 1.5, unit: "hours" } } })).toBe(
      "recurring.every.value",
    );
  });

  it("checks the time zone against IANA", () => {
    expect(issuePath(CreateWebinarRequestSchema, { ...base, timeZone: "Mars/Olympus" })).toBe("timeZone");
    expect(message({ ...base, timeZone: "Mars/Olympus" })).toBe("Unknown IANA time zone");
  });

  it("agents and hosts need a name and a valid email", () => {
    expect(v.parse(EventPersonRequestSchema, { name: " Sam ", email: "sam@example.com" })).toEqual({ name: "Sam", email: "sam@example.com" });
    expect(issuePath(EventPersonRequestSchema, { name: "Sam", email: "nope" })).toBe("email");
    expect(issuePath(EventPersonRequestSchema, { name: " ", email: "sam@example.com" })).toBe("name");
  });
});

describe("form templates", () => {
  it("refuse two fields with the same name, at the second one's name", () => {
    const input = { name: "Long", fields: [{ name: "company" }, { name: "phone" }, { name: "company" }] };
    const issue = v.safeParse(FormRequestSchema, input).issues?.[0];
    expect(issue?.message).toBe('Two fields are named "company": give each field its own name.');
    expect(issuePath(FormRequestSchema, input)).toBe("fields.2.name");
    expect(v.parse(FormRequestSchema, { name: "Long", fields: [{ name: "company" }, { name: "Company" }] }).fields).toHaveLength(2);
  });
});

describe("integration OAuth", () => {
  it("authorize query: optional integrationID and name (trimmed, at most 200 characters)", () => {
    expect(v.parse(OAuthAuthorizeQuerySchema, {})).toEqual({});
    expect(v.parse(OAuthAuthorizeQuerySchema, { integrationID: "i1", name: " News " })).toEqual({ integrationID: "i1", name: "News" });
    expect(issuePath(OAuthAuthorizeQuerySchema, { name: "x".repeat(201) })).toBe("name");
  });

  it("callback: the provider's parameters, others kept", () => {
    expect(v.parse(OAuthCallbackRequestSchema, { code: "c", state: "s", hd: "example.com" })).toEqual({ code: "c", state: "s", hd: "example.com" });
    expect(issuePath(OAuthCallbackRequestSchema, { AccountSid: 12 })).toBe("AccountSid");
  });
});

describe("rotating a signing secret", () => {
  it("keeps the previous secret 24 hours by default; 0 to 24 whole hours may be asked", () => {
    expect(SIGNING_SECRET_GRACE_HOURS).toBe(24);
    expect(v.parse(RotateSigningSecretRequestSchema, { integrationID: "i1" })).toEqual({ integrationID: "i1", expiresIn: 24 });
    for (const expiresIn of [0, 1, 24]) {
      expect(v.parse(RotateSigningSecretRequestSchema, { integrationID: 7, expiresIn })).toEqual({ integrationID: 7, expiresIn });
    }
  });

  it("refuses more than 24 hours, fewer than 0, fractions and text, naming expiresIn", () => {
    for (const expiresIn of [25, -1, 1.5, "24", null, Number.NaN]) {
      expect(issuePath(RotateSigningSecretRequestSchema, { integrationID: "i1", expiresIn })).toBe("expiresIn");
      const result = v.safeParse(RotateSigningSecretRequestSchema, { integrationID: "i1", expiresIn });
      expect(result.issues?.[0]?.message).toBe("Keep the previous secret for a whole number of hours from 0 to 24.");
    }
    expect(issuePath(RotateSigningSecretRequestSchema, { expiresIn: 1 })).toBe("integrationID");
  });
});

describe("upload chunks", () => {
  const fields = {
    fileId: "0b6f2c1e-1f7a-4a51-9a43-3c4a8a6f2b11", userId: "u", isLast: "false", name: " talk.mp4 ", mime: "video/mp4",
    start: "0", position: "1000", index: "0", size: "2500", checksum: "AB".repeat(32),
  };

  it("reads the multipart text fields into numbers, a boolean and a lower-case checksum", () => {
    expect(v.parse(ChunkFieldsSchema, fields)).toEqual({
      ...fields, isLast: false, name: "talk.mp4", start: 0, position: 1000, index: 0, size: 2500, checksum: "ab".repeat(32),
    });
    expect(v.parse(ChunkFieldsSchema, { ...fields, mime: undefined, folderId: "f1" })).toMatchObject({ mime: "", folderId: "f1" });
  });

  it("names the bad field", () => {
    expect(issuePath(ChunkFieldsSchema, { ...fields, fileId: "../etc" })).toBe("fileId");
    expect(issuePath(ChunkFieldsSchema, { ...fields, isLast: "yes" })).toBe("isLast");
    expect(issuePath(ChunkFieldsSchema, { ...fields, start: "-1" })).toBe("start");
    expect(issuePath(ChunkFieldsSchema, { ...fields, checksum: "abc" })).toBe("checksum");
    expect(issuePath(ChunkFieldsSchema, { ...fields, name: "  " })).toBe("name");
    expect(issuePath(UploadResumeQuerySchema, { fileId: "" })).toBe("fileId");
  });
});
