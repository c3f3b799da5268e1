import { hkdfSync, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { open, parseKey, purposeKey, seal, sealingKey, type SealingKey } from "./sealing.js";

const key = (bytes = randomBytes(32)): SealingKey => ({ id: bytes.toString("hex").slice(0, 8), key: bytes });

describe("sealing", () => {
  it("round-trips a value and never shows it in the envelope", () => {
    const k = key();
    const envelope = seal({ api_key: "very-secret-value" }, k, "integration:a/1");
    expect(envelope).not.toContain("very-secret-value");
    expect(envelope.split(".")).toHaveLength(5);
    expect(open(envelope, k, "integration:a/1")).toEqual({ api_key: "very-secret-value" });
    // A fresh IV each time: the same value never seals to the same text.
    expect(seal({ api_key: "very-secret-value" }, k, "integration:a/1")).not.toBe(envelope);
  });

  it("refuses another row's context, a tampered envelope and another key", () => {
    const k = key();
    const envelope = seal("s", k, "integration:a/1");
    expect(() => open(envelope, k, "integration:b/1")).toThrow();
    const parts = envelope.split(".");
    parts[4] = Buffer.from("tampered").toString("base64url");
    expect(() => open(parts.join("."), k, "integration:a/1")).toThrow();
    expect(() => open(envelope, key(), "integration:a/1")).toThrow(/sealed with key/);
  });

  it("reads a configured key as 64 hex digits or base64 of 32 bytes", () => {
    const bytes = randomBytes(32);
    expect(parseKey(bytes.toString("hex"))).toEqual(bytes);
    expect(parseKey(bytes.toString("base64"))).toEqual(bytes);
    expect(() => parseKey("too short")).toThrow(/CUEPOINT_SECRET_KEY must be 32 bytes/);
  });
});

describe("the configured key", () => {
  it("wins over the generated one, named by its SHA-256 prefix", async () => {
    const configured = "00".repeat(32);
    const chosen = await sealingKey({} as never, configured);
    expect(chosen.key).toEqual(Buffer.alloc(32));
    expect(chosen.id).toBe("66687aad"); // sha256 of 32 zero bytes
  });
});

describe("a purpose's key", () => {
  it("is HKDF-SHA256 of the server's key for that purpose, another for another purpose, made once", async () => {
    const previous = process.env.CUEPOINT_SECRET_KEY;
    process.env.CUEPOINT_SECRET_KEY = "00".repeat(32);
    try {
      const orm = {} as never;
      const media = await purposeKey(orm, "cuepoint media link v1");
      expect(media).toEqual(Buffer.from(hkdfSync("sha256", Buffer.alloc(32), Buffer.alloc(0), "cuepoint media link v1", 32)));
      expect(await purposeKey(orm, "cuepoint registration render v1")).not.toEqual(media);
      expect(purposeKey(orm, "cuepoint media link v1")).toBe(purposeKey(orm, "cuepoint media link v1"));
    } finally {
      if (previous === undefined) delete process.env.CUEPOINT_SECRET_KEY;
      else process.env.CUEPOINT_SECRET_KEY = previous;
    }
  });
});
