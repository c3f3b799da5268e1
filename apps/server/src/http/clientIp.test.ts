import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientIp } from "./clientIp.js";

const app = new Hono().get("/", (c) => c.text(clientIp(c)));
const ipOf = async (peer: string | undefined, forwarded?: string) =>
  (
    await app.request(
      "/",
      { headers: forwarded ? { "x-forwarded-for": forwarded } : {} },
      peer ? { incoming: { socket: { remoteAddress: peer } } } : undefined,
    )
  ).text();

describe("clientIp", () => {
  it("takes a public peer's own address, ignoring what it forwards", async () => {
    expect(await ipOf("203.0.113.7", "1.2.3.4")).toBe("203.0.113.7");
  });
  it("trusts the right-most X-Forwarded-For entry from a local or private proxy", async () => {
    expect(await ipOf("127.0.0.1", "6.6.6.6, 198.51.100.2")).toBe("198.51.100.2");
    expect(await ipOf("10.0.0.5", "198.51.100.3")).toBe("198.51.100.3");
    expect(await ipOf("::1", "198.51.100.4")).toBe("198.51.100.4");
  });
  it("falls back to the peer, then to unknown", async () => {
    expect(await ipOf("192.168.1.9")).toBe("192.168.1.9");
    expect(await ipOf(undefined)).toBe("unknown");
  });
});
