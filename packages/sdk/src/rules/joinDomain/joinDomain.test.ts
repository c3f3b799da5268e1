import { describe, expect, it } from "vitest";
import { checkJoinDomain, findJoinDomain } from "./joinDomain.js";

const listed = [
  { domain: "events.example.com", url: "https://events.example.com" },
  { domain: "events.localhost:4100", url: "http://events.localhost:4100" },
];

describe("join domains", () => {
  it("takes an empty value (the server's own address) and a listed domain, in any case and with spaces", () => {
    expect(checkJoinDomain("", [])).toEqual({ ok: true });
    expect(checkJoinDomain("  ", listed)).toEqual({ ok: true });
    expect(checkJoinDomain(" Events.Example.COM ", listed)).toEqual({ ok: true });
    expect(findJoinDomain("events.localhost:4100", listed)?.url).toBe("http://events.localhost:4100");
  });

  it("refuses a domain the server does not list, naming the ones it does", () => {
    const result = checkJoinDomain("evil.example.net", listed);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toBe(
      '"evil.example.net" is not a join domain of this server: pick one of events.example.com, events.localhost:4100, ' +
        "or leave it empty for Cuepoint's own address.",
    );
    expect(findJoinDomain("evil.example.net", listed)).toBeUndefined();
    // Port and host are one domain: the same host on another port is another domain.
    expect(checkJoinDomain("events.localhost:4101", listed).ok).toBe(false);
  });

  it("says plainly when the server lists none", () => {
    const result = checkJoinDomain("events.example.com", []);
    expect(!result.ok && result.message).toMatch(/it lists none, so leave the join domain empty/);
  });
});
