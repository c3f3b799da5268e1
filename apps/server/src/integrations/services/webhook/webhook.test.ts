import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { signWebhook, verifyWebhookSignature } from "@cuepoint/sdk";
import { startFakeService } from "../../test-support/fakeService.js";
import { PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { makeJob } from "../../test-support/jobs.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";

const SECRET = "whsec_0123456789abcdef";
const HOOK = "https://hooks.example.com/catch/1/abc";

let signedHook: string;
let unsignedZap: string;

// Every kind's origin goes to the peer: the node keeps a real-looking address, the path is kept.
const app = serviceTestApp({
  "POST /catch/1/abc": () => ({ json: { status: "success" } }),
  "POST /down": () => ({ status: 503, json: { message: "Maintenance" } }),
  "POST /busy": () => ({ status: 429, json: { message: "Slow down" } }),
  "POST /gone": () => ({ status: 410, json: { message: "Hook disabled" } }),
  "POST /bad": () => ({ status: 400, json: { error: "Payload not accepted" } }),
  "POST /moved": () => ({ status: 301, headers: { location: "https://elsewhere.example.com/hook" } }),
});

beforeAll(async () => {
  signedHook = (await app.owner.integrations.create({ type: "WEBHOOK" })).success.integrationid;
  await app.owner.integrations.addData(signedHook, { signing_secret: SECRET });
  // An integration made before secrets were given by default: its secret removed.
  unsignedZap = (await app.owner.integrations.create({ type: "ZAPIER" })).success.integrationid;
  await app.owner.integrations.addData(unsignedZap, { signing_secret: null });
});

/** The header `signWebhook` makes for a delivery's body at its own timestamp. */
const signWebhookAt = (secret: string, delivery: { header: string; body: string }) =>
  signWebhook(secret, delivery.body, new Date(Number(/^t=(\d+)/.exec(delivery.header)?.[1]) * 1000));

const hookJob = (webhook = HOOK, integrationID = signedHook, integrationType = "WEBHOOK", account = app.accountId) =>
  makeJob({ accountId: account, integrationType, action: "sendWebhook", integrationID, model: { webhook } });

describe("sendWebhook", () => {
  it("POSTs the registrant and event as JSON, signed, with the idempotency key", async () => {
    await expect(app.execute(hookJob())).resolves.toEqual({ status: "sent", detail: "HTTP 200 (signed)" });
    const [request] = app.fake.calls("POST /catch/1/abc");
    if (!request) throw new Error("the webhook was not called");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["idempotency-key"]).toBe("node-1:reg-7:evt-3");
    const signature = String(request.headers["cuepoint-signature"]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const now = app.t.clock.now();
    await expect(verifyWebhookSignature(SECRET, signature, request.body, { now })).resolves.toMatchObject({ ok: true });
    await expect(verifyWebhookSignature(SECRET, signature, request.body.replace("Ada", "Eve"), { now })).resolves.toEqual({
      ok: false,
      reason: "mismatch",
    });
    expect(request.data).toMatchObject({
      event: "timeline.action",
      source: "cuepoint",
      idempotency_key: "node-1:reg-7:evt-3",
      attempt: 1,
      due_at: "2024-03-04T14:00:00.000Z",
      timeline: { id: "timeline-1", name: "Launch timeline" },
      action: { id: "node-1", title: "Test action", action: "sendWebhook" },
      registrant: { id: "reg-7", email: "ada@example.com", name: "Ada Lovelace", fields: { company: "Analytical Engines" } },
      webinar: { id: "evt-3", name: "Scaling Webinars", starts_at: "2024-03-05T14:00:00.000Z", join_url: expect.any(String) },
    });
  });

  it("a signed delivery replayed after the tolerance window no longer verifies", async () => {
    await app.execute(hookJob());
    const [request] = app.fake.calls("POST /catch/1/abc");
    const later = new Date(app.t.clock.now().getTime() + 301_000);
    await expect(
      verifyWebhookSignature(SECRET, String(request?.headers["cuepoint-signature"]), request?.body ?? "", { now: later }),
    ).resolves.toEqual({ ok: false, reason: "outside-tolerance" });
  });

  /** Delivers one job for `hook` and answers the signature header and raw body the peer received. */
  const deliver = async (hook: string) => {
    app.fake.requests.length = 0;
    await expect(app.execute(hookJob(HOOK, hook))).resolves.toEqual({ status: "sent", detail: "HTTP 200 (signed)" });
    const [request] = app.fake.calls("POST /catch/1/abc");
    return { header: String(request?.headers["cuepoint-signature"]), body: request?.body ?? "" };
  };
  /** Which of `secrets` verify a delivery, at the test clock's now. */
  const verifiedBy = async (delivery: { header: string; body: string }, secrets: Record<string, string>) => {
    const now = app.t.clock.now();
    const names: string[] = [];
    for (const [name, secret] of Object.entries(secrets)) {
      if ((await verifyWebhookSignature(secret, delivery.header, delivery.body, { now })).ok) names.push(name);
    }
    return names;
  };
  const newHook = async () => {
    const hook = (await app.owner.integrations.create({ type: "WEBHOOK" })).success.integrationid;
    const first = (await app.owner.integrations.signingSecret(hook)).success.signing_secret ?? "";
    expect(first).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    return { hook, first };
  };

  it("signs with the secret a new integration was given; after a rotation with both for 24 hours by default", async () => {
    const { hook, first } = await newHook();
    const before = await deliver(hook);
    expect(before.header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(await verifiedBy(before, { first })).toEqual(["first"]);

    const rotatedAt = app.t.clock.now().getTime();
    const { success: rotated } = await app.owner.integrations.rotateSigningSecret(hook);
    expect(rotated.signing_secret).toMatch(/^whsec_/);
    expect(rotated.signing_secret).not.toBe(first);
    const until = Date.parse(rotated.previous_expires_at ?? "");
    expect(until - rotatedAt).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(until - app.t.clock.now().getTime()).toBeLessThanOrEqual(24 * 3_600_000);

    const after = await deliver(hook);
    // One timestamp, the new secret's v1 first, then the previous one's.
    expect(after.header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(await verifiedBy(after, { first, rotated: rotated.signing_secret, other: SECRET })).toEqual(["first", "rotated"]);
    expect(after.header.split(",")[1]).toBe((await signWebhookAt(rotated.signing_secret, after)).split(",")[1]);
  });

  it("signs with the new secret only after a rotation with expiresIn 0", async () => {
    const { hook, first } = await newHook();
    const { success: rotated } = await app.owner.integrations.rotateSigningSecret(hook, { expiresIn: 0 });
    expect(rotated.previous_expires_at).toBeNull();
    const after = await deliver(hook);
    expect(after.header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(await verifiedBy(after, { first, rotated: rotated.signing_secret })).toEqual(["rotated"]);
  });

  it("stops signing with the previous secret once its grace period is over (test clock)", async () => {
    const { hook, first } = await newHook();
    const { success: rotated } = await app.owner.integrations.rotateSigningSecret(hook, { expiresIn: 1 });
    const secrets = { first, rotated: rotated.signing_secret };
    app.t.clock.advance(59 * 60_000);
    expect(await verifiedBy(await deliver(hook), secrets)).toEqual(["first", "rotated"]);
    expect((await app.owner.integrations.signingSecret(hook)).success.previous_expires_at).toBe(rotated.previous_expires_at);

    app.t.clock.advance(2 * 60_000);
    const late = await deliver(hook);
    expect(late.header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(await verifiedBy(late, secrets)).toEqual(["rotated"]);
    expect((await app.owner.integrations.signingSecret(hook)).success).toEqual({
      signing_secret: rotated.signing_secret,
      previous_expires_at: null,
    });

    // Rotating again keeps the secret it replaces, never the expired one.
    const { success: third } = await app.owner.integrations.rotateSigningSecret(hook);
    expect(await verifiedBy(await deliver(hook), { ...secrets, third: third.signing_secret })).toEqual(["rotated", "third"]);
  });

  it("sends Zapier hooks too, unsigned when the integration has no signing secret", async () => {
    await expect(app.execute(hookJob(HOOK, unsignedZap, "ZAPIER"))).resolves.toEqual({
      status: "sent",
      detail: "HTTP 200 (unsigned: no signing secret set)",
    });
    const [request] = app.fake.calls("POST /catch/1/abc");
    expect(request?.headers["cuepoint-signature"]).toBeUndefined();
    expect(request?.headers["idempotency-key"]).toBe("node-1:reg-7:evt-3");
  });

  it("retries on 5xx and 429, gives up on 4xx and redirects, naming the service", async () => {
    const run = (path: string) => app.execute(hookJob(`https://hooks.example.com${path}`));
    await expect(run("/down")).rejects.toThrow(new RetryableActionError("Webhook answered HTTP 503: Maintenance"));
    await expect(run("/busy")).rejects.toBeInstanceOf(RetryableActionError);
    await expect(run("/gone")).rejects.toThrow(new PermanentActionError("Webhook answered HTTP 410: Hook disabled"));
    await expect(run("/bad")).rejects.toThrow(new PermanentActionError("Webhook answered HTTP 400: Payload not accepted"));
    await expect(run("/moved")).rejects.toThrow(/redirect to https:\/\/elsewhere\.example\.com\/hook/);
  });

  it("retries when the peer cannot be reached", async () => {
    const closed = await startFakeService();
    const url = closed.url;
    await closed.close();
    process.env.CUEPOINT_WEBHOOK_BASE_URL = url;
    try {
      await expect(app.execute(hookJob())).rejects.toThrow(/Webhook could not be reached \(ECONNREFUSED\)/);
    } finally {
      process.env.CUEPOINT_WEBHOOK_BASE_URL = app.fake.url;
    }
  });

  it("retries when the peer does not answer in time", async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    process.env.CUEPOINT_WEBHOOK_BASE_URL = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    process.env.CUEPOINT_INTEGRATION_TIMEOUT_MS = "200";
    try {
      await expect(app.execute(hookJob())).rejects.toThrow(
        new RetryableActionError("Webhook did not answer in time."),
      );
    } finally {
      process.env.CUEPOINT_WEBHOOK_BASE_URL = app.fake.url;
      process.env.CUEPOINT_INTEGRATION_TIMEOUT_MS = "5000";
      silent.closeAllConnections();
      silent.close();
    }
  });

  it("refuses permanently a missing address, a deleted integration or another account's", async () => {
    await expect(app.execute(hookJob(""))).rejects.toThrow(
      new PermanentActionError("Webhook: Enter the webhook address (webhook)."),
    );
    await expect(app.execute(hookJob(HOOK, ""))).rejects.toThrow(/Pick the integration/);
    const stranger = await app.t.user();
    await expect(app.execute(hookJob(HOOK, signedHook, "WEBHOOK", stranger.accountId))).rejects.toThrow(
      new PermanentActionError("Webhook: the integration of this action was deleted; pick another in the timeline."),
    );
    const doomed = (await app.owner.integrations.create({ type: "WEBHOOK" })).success.integrationid;
    await app.owner.integrations.delete(doomed);
    await expect(app.execute(hookJob(HOOK, doomed))).rejects.toBeInstanceOf(PermanentActionError);
    await expect(app.execute(hookJob(HOOK, unsignedZap, "WEBHOOK"))).rejects.toThrow(/integration is Zapier, not Webhook/);
    expect(app.fake.requests).toHaveLength(0);
  });
});
