import { describe, expect, it } from "vitest";
import { isWhitelisted, requestHost } from "./whitelist.js";

describe("requestHost", () => {
  it("reads Origin, else Referer, lower-cased, without port or trailing dot", () => {
    expect(requestHost({ origin: "https://WWW.Example.com:8443" })).toBe("www.example.com");
    expect(requestHost({ referer: "https://example.com./page?q=1" })).toBe("example.com");
    expect(requestHost({ origin: "null", referer: "https://a.example.com/x" })).toBe("a.example.com");
    expect(requestHost({ origin: "not a url" })).toBeNull();
    expect(requestHost({})).toBeNull();
  });
});

describe("isWhitelisted", () => {
  const domains = ["example.com", "Shop.Example.org"];
  it.each([
    ["example.com", true],
    ["www.example.com", true],
    ["a.b.example.com", true],
    ["shop.example.org", true],
    ["www.shop.example.org", true],
    ["example.org", false],
    ["badexample.com", false],
    ["example.com.evil.test", false],
    [null, false],
  ])("%s → %s", (host, allowed) => {
    expect(isWhitelisted(host, domains)).toBe(allowed);
  });
  it("admits nobody with an empty list", () => {
    expect(isWhitelisted("example.com", [])).toBe(false);
  });
});
