import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  AddTagRequestSchema,
  BulkTagsRequestSchema,
  ChangePasswordRequestSchema,
  DeleteWebinarRequestSchema,
  FormBooleanSchema,
  FormNumberSchema,
  LoginRequestSchema,
  SetEventsRequestSchema,
  UpdateWebinarRequestSchema,
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
