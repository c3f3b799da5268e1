import { describe, expect, it } from "vitest";
import { AWS_REGION_PATTERN, DOMAIN_PATTERN, isPort } from "./formats.js";

describe("DOMAIN_PATTERN", () => {
  it.each(["events.example.com", "example.io", "my-site.co.uk", "a_b.example.museum", "x+y.example.com"])(
    "accepts %s",
    (host) => expect(DOMAIN_PATTERN.test(host)).toBe(true),
  );
  it.each([
    "https://events.example.com",
    "events.example.com/path",
    "localhost",
    "example.c",
    "example.community",
    "example.c0m",
    "exa mple.com",
    "",
  ])("rejects %j", (host) => expect(DOMAIN_PATTERN.test(host)).toBe(false));
});

describe("isPort and AWS_REGION_PATTERN", () => {
  it("accepts ports 1..65535 as numbers or digits", () => {
    expect([1, "587", 65535].every(isPort)).toBe(true);
    expect([0, 65536, "58.7", "abc", 2.5, null].some(isPort)).toBe(false);
  });
  it("accepts AWS region codes only", () => {
    expect(AWS_REGION_PATTERN.test("us-east-1")).toBe(true);
    expect(AWS_REGION_PATTERN.test("ap-southeast-2")).toBe(true);
    expect(AWS_REGION_PATTERN.test("US East")).toBe(false);
  });
});
