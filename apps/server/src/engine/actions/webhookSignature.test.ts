import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signWebhook, verifyWebhookSignature } from "./webhookSignature.js";

const SECRET = "whsec_test_0123456789";
const BODY = '{"event":"timeline.action","registrant":{"email":"ada@example.com"}}';
const AT = new Date("2024-03-05T14:00:00Z");
const T = 1709647200;

describe("signWebhook", () => {
  it("signs `${t}.${body}` with HMAC-SHA256 as t=<unix>,v1=<hex>", () => {
    const expected = createHmac("sha256", SECRET).update(`${T}.${BODY}`).digest("hex");
    expect(signWebhook(SECRET, BODY, AT)).toBe(`t=${T},v1=${expected}`);
  });
});

describe("verifyWebhookSignature", () => {
  const header = signWebhook(SECRET, BODY, AT);

  it("accepts the signature within the tolerance, either side of the timestamp", () => {
    expect(verifyWebhookSignature(SECRET, header, BODY, AT)).toEqual({ ok: true, timestamp: T });
    expect(verifyWebhookSignature(SECRET, header, BODY, new Date(AT.getTime() + 300_000)).ok).toBe(true);
    expect(verifyWebhookSignature(SECRET, header, BODY, new Date(AT.getTime() - 300_000)).ok).toBe(true);
  });

  it("refuses a replay outside the tolerance window, even with a valid MAC", () => {
    const later = new Date(AT.getTime() + 301_000);
    expect(verifyWebhookSignature(SECRET, header, BODY, later)).toEqual({ ok: false, reason: "outside-tolerance" });
    expect(verifyWebhookSignature(SECRET, header, BODY, later, 600).ok).toBe(true);
    expect(verifyWebhookSignature(SECRET, header, BODY, new Date(AT.getTime() - 301_000)).ok).toBe(false);
  });

  it("refuses a tampered body, another secret, or a re-dated header", () => {
    expect(verifyWebhookSignature(SECRET, header, BODY.replace("ada@", "eve@"), AT)).toEqual({ ok: false, reason: "mismatch" });
    expect(verifyWebhookSignature("whsec_other", header, BODY, AT)).toEqual({ ok: false, reason: "mismatch" });
    const redated = header.replace(`t=${T}`, `t=${T + 60}`);
    expect(verifyWebhookSignature(SECRET, redated, BODY, AT)).toEqual({ ok: false, reason: "mismatch" });
  });

  it("refuses a missing or malformed header", () => {
    for (const bad of [undefined, null, "", "v1=abc", `t=${T}`, `t=soon,v1=${"a".repeat(64)}`, `t=${T},v1=xyz`]) {
      expect(verifyWebhookSignature(SECRET, bad, BODY, AT)).toEqual({ ok: false, reason: "malformed" });
    }
  });

  it("accepts any of several v1 signatures (a secret being rotated)", () => {
    const old = signWebhook("whsec_old", BODY, AT).split(",")[1];
    expect(verifyWebhookSignature(SECRET, `${header},${old}`, BODY, AT).ok).toBe(true);
    expect(verifyWebhookSignature(SECRET, `t=${T},${old}`, BODY, AT).ok).toBe(false);
  });
});
