import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as sdk from "../index.js";
import {
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  WEBHOOK_SIGNATURE_HEADER,
  signWebhook,
  verifyWebhookSignature,
} from "./index.js";

const SECRET = "whsec_test_0123456789";
const BODY = '{"event":"timeline.action","registrant":{"email":"ada@example.com","name":"Zoë"}}';
const AT = new Date("2024-03-05T14:00:00Z");
const T = 1709647200;
const seconds = (n: number) => new Date(AT.getTime() + n * 1000);

/** The scheme as documented, computed independently of the SDK (node:crypto). */
const independentMac = (secret: string, timestamp: number, body: string | Uint8Array) =>
  createHmac("sha256", secret).update(`${timestamp}.`).update(body).digest("hex");

describe("the scheme's names", () => {
  it("are the header and the 5 minute tolerance, exported from the main entry", () => {
    expect(WEBHOOK_SIGNATURE_HEADER).toBe("Cuepoint-Signature");
    expect(DEFAULT_WEBHOOK_TOLERANCE_SECONDS).toBe(300);
    expect(sdk.signWebhook).toBe(signWebhook);
    expect(sdk.verifyWebhookSignature).toBe(verifyWebhookSignature);
    expect(sdk.WEBHOOK_SIGNATURE_HEADER).toBe(WEBHOOK_SIGNATURE_HEADER);
  });
});

describe("signWebhook", () => {
  it("signs `${t}.${body}` with HMAC-SHA256 as t=<unix>,v1=<hex>, as an independent HMAC does", async () => {
    await expect(signWebhook(SECRET, BODY, AT)).resolves.toBe(`t=${T},v1=${independentMac(SECRET, T, BODY)}`);
  });

  it("signs bytes the same as the text they encode", async () => {
    const bytes = new TextEncoder().encode(BODY);
    await expect(signWebhook(SECRET, bytes, AT)).resolves.toBe(await signWebhook(SECRET, BODY, AT));
  });

  it("refuses an empty secret and an invalid date", async () => {
    await expect(signWebhook("", BODY, AT)).rejects.toThrow(TypeError);
    await expect(signWebhook(SECRET, BODY, new Date("nope"))).rejects.toThrow(RangeError);
  });

  it("signs with several secrets as one t and one v1 each, in order, as independent HMACs do", async () => {
    const header = await signWebhook([SECRET, "whsec_old"], BODY, AT);
    expect(header).toBe(`t=${T},v1=${independentMac(SECRET, T, BODY)},v1=${independentMac("whsec_old", T, BODY)}`);
    await expect(signWebhook([SECRET], BODY, AT)).resolves.toBe(await signWebhook(SECRET, BODY, AT));
    await expect(signWebhook([SECRET, SECRET], BODY, AT)).resolves.toBe(await signWebhook(SECRET, BODY, AT));
  });

  it("refuses an empty list, or an empty secret among several", async () => {
    await expect(signWebhook([], BODY, AT)).rejects.toThrow(/no signing secret given/);
    await expect(signWebhook([SECRET, ""], BODY, AT)).rejects.toThrow(/signing secret is empty/);
  });
});

describe("verifyWebhookSignature", () => {
  const signed = signWebhook(SECRET, BODY, AT);

  it("accepts a signature made by an independent node:crypto HMAC (the scheme is exactly as documented)", async () => {
    const header = `t=${T},v1=${independentMac(SECRET, T, BODY)}`;
    await expect(verifyWebhookSignature(SECRET, header, BODY, { now: AT })).resolves.toEqual({ ok: true, timestamp: T });
    const upper = `t=${T},v1=${independentMac(SECRET, T, BODY).toUpperCase()}`;
    await expect(verifyWebhookSignature(SECRET, upper, BODY, { now: AT })).resolves.toMatchObject({ ok: true });
  });

  it("accepts the raw body as bytes (a Buffer from express.raw)", async () => {
    const header = await signed;
    await expect(verifyWebhookSignature(SECRET, header, Buffer.from(BODY), { now: AT })).resolves.toMatchObject({ ok: true });
  });

  it("accepts the signature within the tolerance, either side of the timestamp", async () => {
    const header = await signed;
    await expect(verifyWebhookSignature(SECRET, header, BODY, { now: AT })).resolves.toEqual({ ok: true, timestamp: T });
    await expect(verifyWebhookSignature(SECRET, header, BODY, { now: seconds(300) })).resolves.toMatchObject({ ok: true });
    await expect(verifyWebhookSignature(SECRET, header, BODY, { now: seconds(-300) })).resolves.toMatchObject({ ok: true });
  });

  it("refuses a replay outside the tolerance window, even with a valid MAC; the tolerance can be set", async () => {
    const header = await signed;
    const outside = { ok: false, reason: "outside-tolerance" };
    await expect(verifyWebhookSignature(SECRET, header, BODY, { now: seconds(301) })).resolves.toEqual(outside);
    await expect(verifyWebhookSignature(SECRET, header, BODY, { now: seconds(-301) })).resolves.toEqual(outside);
    await expect(verifyWebhookSignature(SECRET, header, BODY, { now: seconds(301), toleranceSeconds: 600 })).resolves
      .toMatchObject({ ok: true });
    await expect(verifyWebhookSignature(SECRET, header, BODY, { now: seconds(61), toleranceSeconds: 60 })).resolves
      .toEqual(outside);
  });

  it("checks against the current time when no `now` is given", async () => {
    const fresh = await signWebhook(SECRET, BODY, new Date());
    await expect(verifyWebhookSignature(SECRET, fresh, BODY)).resolves.toMatchObject({ ok: true });
    await expect(verifyWebhookSignature(SECRET, await signed, BODY)).resolves.toEqual({ ok: false, reason: "outside-tolerance" });
  });

  it("refuses a tampered body, another secret, or a re-dated header", async () => {
    const header = await signed;
    const mismatch = { ok: false, reason: "mismatch" };
    await expect(verifyWebhookSignature(SECRET, header, BODY.replace("ada@", "eve@"), { now: AT })).resolves.toEqual(mismatch);
    await expect(verifyWebhookSignature("whsec_other", header, BODY, { now: AT })).resolves.toEqual(mismatch);
    const redated = header.replace(`t=${T}`, `t=${T + 60}`);
    await expect(verifyWebhookSignature(SECRET, redated, BODY, { now: AT })).resolves.toEqual(mismatch);
  });

  it("refuses a missing or malformed header", async () => {
    for (const bad of [undefined, null, "", "v1=abc", `t=${T}`, `t=soon,v1=${"a".repeat(64)}`, `t=${T},v1=xyz`]) {
      await expect(verifyWebhookSignature(SECRET, bad, BODY, { now: AT })).resolves.toEqual({ ok: false, reason: "malformed" });
    }
  });

  it("accepts any of several v1 signatures (a secret being rotated)", async () => {
    const header = await signed;
    const old = (await signWebhook("whsec_old", BODY, AT)).split(",")[1];
    await expect(verifyWebhookSignature(SECRET, `${header},${old}`, BODY, { now: AT })).resolves.toMatchObject({ ok: true });
    await expect(verifyWebhookSignature(SECRET, `t=${T},${old},${header.split(",")[1]}`, BODY, { now: AT })).resolves
      .toMatchObject({ ok: true });
    await expect(verifyWebhookSignature(SECRET, `t=${T},${old}`, BODY, { now: AT })).resolves.toMatchObject({ ok: false });
  });

  it("verifies a header signed with the new and the previous secret with either, and with no other", async () => {
    const header = await signWebhook(["whsec_new", "whsec_old"], BODY, AT);
    await expect(verifyWebhookSignature("whsec_new", header, BODY, { now: AT })).resolves.toEqual({ ok: true, timestamp: T });
    await expect(verifyWebhookSignature("whsec_old", header, BODY, { now: AT })).resolves.toEqual({ ok: true, timestamp: T });
    await expect(verifyWebhookSignature(SECRET, header, BODY, { now: AT })).resolves.toEqual({ ok: false, reason: "mismatch" });
    await expect(verifyWebhookSignature("whsec_old", header, `${BODY} `, { now: AT })).resolves.toEqual({
      ok: false,
      reason: "mismatch",
    });
  });

  it("refuses an empty secret with a clear error rather than a mismatch", async () => {
    await expect(verifyWebhookSignature("", await signed, BODY, { now: AT })).rejects.toThrow(/signing secret is empty/);
  });
});
