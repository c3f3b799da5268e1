import { describe, expect, it } from "vitest";
import { isIpAddress, isPublicAddress } from "./publicAddress.js";
import { checkTargetUrl, privateTargetMessage } from "./targetUrl.js";

describe("isPublicAddress: the IANA special-purpose registries, every spelling", () => {
  it.each([
    // IPv4 special-purpose registry, first and last address of blocks
    "0.0.0.0", "0.255.255.255", "10.0.0.1", "10.255.255.255", "100.64.0.1", "100.127.255.255", "127.0.0.1", "127.255.255.254",
    "169.254.169.254", "172.16.0.1", "172.31.255.255", "192.0.0.1", "192.0.0.9", "192.0.0.170", "192.0.2.1", "192.31.196.1",
    "192.52.193.1", "192.88.99.1", "192.168.1.1", "192.175.48.1", "198.18.0.1", "198.19.255.255", "198.51.100.1", "203.0.113.1",
    "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255",
    // Other spellings of 127.0.0.1 and 10.0.0.1: decimal, hex, octal, short forms
    "2130706433", "0x7f000001", "0x7f.0.0.1", "0x7f.1", "0177.0.0.1", "017700000001", "127.1", "127.0.1", "167772161", "0xa.0.0.1",
    // IPv6: loopback, unspecified, IPv4-compatible, IPv4-mapped (all spellings), NAT64 of a private IPv4, local-use NAT64
    "::1", "[::1]", "::", "0:0:0:0:0:0:0:1", "::127.0.0.1", "::7f00:1", "::ffff:127.0.0.1", "[::ffff:7f00:1]", "::ffff:10.0.0.1",
    "::ffff:169.254.169.254", "0:0:0:0:0:ffff:7f00:1", "64:ff9b::127.0.0.1", "64:ff9b::a00:1", "64:ff9b:1::808:808",
    "::ffff:0:7f00:1", // RFC 6145 IPv4-translated
    // 6to4 and Teredo (carry IPv4 addresses), documentation, benchmarking, ORCHIDv2, AS112, discard, SRv6, ULA, link-local, multicast
    "2002:7f00:1::1", "2002:c0a8:101::1", "2001:0:4136:e378:8000:63bf:3fff:fdd2", "2001:db8::1", "2001:2::1", "2001:20::1",
    "2620:4f:8000::1", "3fff::1", "100::1", "5f00::1", "fc00::1", "fd12:3456::1", "fe80::1", "fe80::1%eth0", "fec0::1", "ff02::1",
  ])("%s is not public", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["93.184.215.14", "8.8.8.8", "1.1.1.1", "198.17.255.255", "198.20.0.1", "100.128.0.1", "192.0.3.1", "2606:4700:4700::1111",
    "2a00:1450:4001:82b::200e", "::ffff:8.8.8.8", "64:ff9b::808:808", "64:ff9b::8.8.8.8"])("%s is public", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it("is false for names, and tells addresses from names", () => {
    for (const name of ["localhost", "example.com", "face.bad", "", "1.2.3.4.5", "::g"]) expect(isPublicAddress(name)).toBe(false);
    expect(isIpAddress("2130706433")).toBe(true);
    expect(isIpAddress("[::1]")).toBe(true);
    expect(isIpAddress("example.com")).toBe(false);
  });
});

describe("checkTargetUrl: the one rule for addresses the server calls", () => {
  const refused = privateTargetMessage();

  it.each([
    "http://127.0.0.1:8080/hook", "http://localhost:3000/", "http://LOCALHOST/", "http://api.localhost/", "http://printer.local/",
    "http://db.internal/", "http://intranet/", "http://[::1]/", "http://[::ffff:127.0.0.1]/", "http://[::127.0.0.1]/", "http://2130706433/",
    "http://0x7f.1/", "http://0177.0.0.1/", "http://169.254.169.254/latest/meta-data/", "http://198.18.0.1/", "http://192.0.0.8/",
    "http://[64:ff9b::7f00:1]/", "http://[2002:7f00:1::1]/", "https://10.1.2.3/",
  ])("refuses %s with the real reason, and takes it when private targets are allowed", (url) => {
    expect(checkTargetUrl(url)).toEqual({ ok: false, message: refused });
    expect(checkTargetUrl(url, { allowPrivate: true })).toEqual({ ok: true });
  });

  it.each(["https://hooks.example.com/in?x=1", "http://93.184.215.14/hook", "https://[2606:4700:4700::1111]/", "https://example.com./x"])(
    "accepts %s",
    (url) => expect(checkTargetUrl(url)).toEqual({ ok: true }),
  );

  it("says what else is wrong, naming the field", () => {
    const label = "Webhook address";
    expect(checkTargetUrl("", { label }).ok).toBe(false);
    expect(checkTargetUrl("hooks.example.com/x", { label })).toEqual({ ok: false, message: "Webhook address must begin with http:// or https://." });
    expect(checkTargetUrl("ftp://example.com/", { label }).ok).toBe(false);
    expect(checkTargetUrl("https://user:pw@example.com/", { label })).toEqual({
      ok: false,
      message: "Remove the user name and password (the part before @) from the webhook address.",
    });
    expect(checkTargetUrl("http://127.0.0.1/", { label })).toEqual({ ok: false, message: privateTargetMessage(label) });
    expect(checkTargetUrl("https://exa_mple.com/", { label }).ok).toBe(false);
  });
});
