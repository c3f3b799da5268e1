import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { StrictUrlSchema, UrlSchema, checkStrictUrl, checkUrl, countProtocols, isStrictUrl, isUrl } from "./url.js";

const NEEDS_PROTOCOL = "The web address must begin with http:// or https://.";
const NEEDS_SUFFIX = "The web address needs a domain with a suffix, like example.com or example.org.";
const BAD_DOMAIN = "Enter a valid domain in the web address, like https://example.com.";

describe("checkUrl", () => {
  it.each([
    "http://example.com",
    "https://example.com",
    "HTTPS://Example.COM/Path",
    "https://www.example.co.uk/join?id=1&ref={email}#top",
    "https://sub-domain.example.io:8443/a/b",
    "https://example.photography",
    "https://пример.рф", // internationalised: the suffix becomes punycode
  ])("accepts %s", (url) => {
    expect(checkUrl(url)).toEqual({ ok: true });
    expect(isUrl(url)).toBe(true);
  });

  it.each([
    ["", "Enter a web address."],
    ["https://example .com", "Remove the spaces from the web address."],
    ["example.com", NEEDS_PROTOCOL],
    ["www.example.com", NEEDS_PROTOCOL],
    ["ftp://example.com", NEEDS_PROTOCOL],
    ["javascript:alert(1)", NEEDS_PROTOCOL],
    ["{https}://x.com", NEEDS_PROTOCOL],
    ["https:///example.com", NEEDS_PROTOCOL],
    ["https://example.com\\evil", "Use forward slashes (/) in the web address, not backslashes."],
    ["https://example.com:99999", "Enter a valid web address, like https://example.com."],
    ["https://bank.com@evil.example", "Remove the user name and password (the part before @) from the web address."],
    ["https://localhost:3000", NEEDS_SUFFIX],
    ["https://192.168.0.1", NEEDS_SUFFIX],
    ["https://example.c", NEEDS_SUFFIX],
    ["https://example.c0m", NEEDS_SUFFIX],
    ["https://example.com.", NEEDS_SUFFIX],
    ["https://-example.com", BAD_DOMAIN],
    ["https://exa_mple.com", BAD_DOMAIN],
  ])("rejects %j", (url, message) => {
    expect(checkUrl(url)).toEqual({ ok: false, message });
    expect(isUrl(url)).toBe(false);
  });

  it.each([undefined, null, 1])("isUrl(%j) is false for non-strings", (value) => {
    expect(isUrl(value)).toBe(false);
  });
});

describe("countProtocols", () => {
  it.each([
    ["https://a.com", 1],
    ["https://a.com/https://b.com", 2],
    ["https://a.com/?r={https}://b.com", 2],
    ["https://a.com/?r=ht-tps://b.com", 2],
    ["https://a.com/?r=ht!tp://b.com", 2],
    ["https://a.com/?r=ftp://b.com", 2],
    ["{https}://x.com", 1],
    ["a.com", 0],
  ])("%s has %i", (value, count) => {
    expect(countProtocols(value)).toBe(count);
  });
});

describe("checkStrictUrl", () => {
  it.each(["https://a.com/page", "https://a.com/?e={email}&n={!name}", "https://my-site.com/x-y"])(
    "accepts %s",
    (url) => {
      expect(checkStrictUrl(url)).toEqual({ ok: true });
      expect(isStrictUrl(url)).toBe(true);
    },
  );

  it.each([
    ["https://a.com/https://b.com", "The web address must contain only one http:// or https:// (found 2)."],
    ["https://a.com/?r={https}://b.com", "The web address must contain only one http:// or https:// (found 2)."],
    ["https://a.com/?r=h-t-t-p://b.com", "The web address must contain only one http:// or https:// (found 2)."],
    ["{https}://x.com", NEEDS_PROTOCOL],
    ["a.com", NEEDS_PROTOCOL],
  ])("rejects %j", (url, message) => {
    expect(checkStrictUrl(url)).toEqual({ ok: false, message });
    expect(isStrictUrl(url)).toBe(false);
  });
});

describe("schemas", () => {
  it("UrlSchema and StrictUrlSchema report the rules' messages", () => {
    expect(v.parse(UrlSchema, "https://a.com/https://b.com")).toBe("https://a.com/https://b.com");
    expect(v.safeParse(StrictUrlSchema, "https://a.com/https://b.com").issues?.[0]?.message).toBe(
      "The web address must contain only one http:// or https:// (found 2).",
    );
    expect(v.safeParse(UrlSchema, "example.com").issues?.[0]?.message).toBe(NEEDS_PROTOCOL);
  });
});
