import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  BareDomainSchema,
  OptionalUrlSchema,
  OptionalVideoLengthSchema,
  TimestampSchema,
  TimeZoneSchema,
  VideoLengthSchema,
} from "./fields.js";

describe("shared field schemas", () => {
  it("checks ISO timestamps with a zone", () => {
    expect(v.is(TimestampSchema, "2024-05-01T17:00:00Z")).toBe(true);
    expect(v.is(TimestampSchema, "2024-05-01T17:00:00.000000Z")).toBe(true);
    expect(v.is(TimestampSchema, "2024-05-01T17:00:00+02:00")).toBe(true);
    expect(v.is(TimestampSchema, "2024-05-01")).toBe(false);
    expect(v.is(TimestampSchema, "yesterday")).toBe(false);
  });

  it("checks hh:mm:ss video lengths", () => {
    expect(v.is(VideoLengthSchema, "00:45:00")).toBe(true);
    expect(v.is(VideoLengthSchema, "120:00:59")).toBe(true);
    expect(v.is(VideoLengthSchema, "1:00:00")).toBe(false);
    expect(v.is(VideoLengthSchema, "00:60:00")).toBe(false);
    expect(v.is(VideoLengthSchema, "")).toBe(false);
    expect(v.is(OptionalVideoLengthSchema, "")).toBe(true);
    expect(v.is(OptionalVideoLengthSchema, "00:00:61")).toBe(false);
  });

  it("checks bare domains without scheme or path", () => {
    expect(v.is(BareDomainSchema, "example.com")).toBe(true);
    expect(v.is(BareDomainSchema, "pages.my-site.co.uk")).toBe(true);
    expect(v.is(BareDomainSchema, "https://example.com")).toBe(false);
    expect(v.is(BareDomainSchema, "example.com/path")).toBe(false);
    expect(v.is(BareDomainSchema, "localhost")).toBe(false);
  });

  it("accepts an empty or http(s) URL", () => {
    expect(v.is(OptionalUrlSchema, "")).toBe(true);
    expect(v.is(OptionalUrlSchema, "https://example.com/offer")).toBe(true);
    expect(v.is(OptionalUrlSchema, "ftp://example.com")).toBe(false);
    expect(v.is(OptionalUrlSchema, "example.com")).toBe(false);
  });

  it("accepts only time zones the runtime knows", () => {
    expect(v.is(TimeZoneSchema, "America/Los_Angeles")).toBe(true);
    expect(v.is(TimeZoneSchema, "Europe/Paris")).toBe(true);
    expect(v.is(TimeZoneSchema, "Mars/Olympus_Mons")).toBe(false);
    expect(v.is(TimeZoneSchema, "")).toBe(false);
  });
});
