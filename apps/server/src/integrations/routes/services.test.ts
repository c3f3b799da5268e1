import { createServer, type Socket } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { verifyWebhookSignature, type Client } from "@cuepoint/sdk";
import { startFakeService, type FakeService, type ReceivedRequest } from "../test-support/fakeService.js";
import { startSmtpPeer, type SmtpPeer } from "../test-support/smtpPeer.js";
import { pointServicesAt } from "../test-support/serviceEnv.js";
import { createTestApp, type TestApp } from "../../test-support/testApp.js";

const AC_KEY = "ac-key-0123456789-abcd";
const NIFTY_KEY = "nifty-key-0123456789";
const SMTP_LOGIN = { username: "mailer", password: "s3cret-pass" };

/** ActiveCampaign API v3 as it answers, refusing any other API token. */
const activeCampaign = (request: ReceivedRequest, answer: unknown) =>
  request.headers["api-token"] === AC_KEY ? { json: answer } : { status: 403, json: { message: "Invalid API token" } };

let t: TestApp;
let owner: Client;
let fake: FakeService;
let smtp: SmtpPeer;
let restoreEnv: () => void;
beforeAll(async () => {
  fake = await startFakeService({
    "GET /api/3/users/me": (r) => activeCampaign(r, { user: { id: "1", username: "admin" } }),
    "GET /api/3/lists": (r) => activeCampaign(r, { lists: [{ id: "1", name: "Webinar leads" }], meta: { total: "1" } }),
    "GET /api/3/tags": (r) => activeCampaign(r, { tags: [{ id: "7", tag: "vip" }] }),
    "GET /api/3/automations": (r) => activeCampaign(r, { automations: [{ id: "3", name: "Welcome" }] }),
    "GET /api/3/fields": (r) => activeCampaign(r, { fields: [{ id: "5", title: "Join", perstag: "JOINLINK" }] }),
    "POST /api/3/tags": (r) => {
      const { tag } = r.data as { tag: { tag: string } };
      return activeCampaign(r, { tag: { id: String(100 + fake.calls("POST /api/3/tags").length), tag: tag.tag } });
    },
    "POST /api/3/fields": (r) =>
      (r.data as { field: { title: string } }).field.title === "taken"
        ? { status: 422, json: { errors: [{ title: "Field title already exists", detail: "" }] } }
        : activeCampaign(r, { field: { id: "21" } }),
    "POST /api/3/fieldRels": (r) => activeCampaign(r, { fieldRel: { id: "1" } }),
    "POST /hooks/ok": () => ({ json: { status: "success" } }),
    "POST /hooks/gone": () => ({ status: 410, json: { message: "Hook disabled" } }),
    "GET /v1/Widgets": (r) => (r.headers.apikey === NIFTY_KEY ? { json: [] } : { status: 401, json: { Message: "Bad key" } }),
    "GET /v1/Images": () => ({ json: [{ ImageKey: "k1", Name: "Banner", ImageUrl: "https://img.niftyimages.com/k1.png" }] }),
    "DELETE /v1/Images/k1": () => ({ json: { success: true } }),
  });
  smtp = await startSmtpPeer(SMTP_LOGIN);
  restoreEnv = pointServicesAt(fake.url);
  t = await createTestApp();
  owner = t.client(await t.login((await t.user()).email));
});
afterAll(async () => {
  restoreEnv();
  await Promise.all([t.close(), fake.close(), smtp.close()]);
});
beforeEach(() => {
  fake.requests.length = 0;
});

const createAc = async (apiKey = AC_KEY) =>
  (await owner.integrations.create({ type: "ACTIVECAMPAIGN", api_url: "https://acme.api-us1.com", api_key: apiKey }))
    .success.integrationid;

describe("check and test", () => {
  it("tries credentials with the service's own request shape, storing nothing", async () => {
    await expect(owner.integrations.check("activecampaign", { api_url: "https://acme.api-us1.com", api_key: AC_KEY })).resolves
      .toMatchObject({ success: true });
    const [request] = fake.calls("GET /api/3/users/me");
    expect(request?.headers["api-token"]).toBe(AC_KEY);
    await expect(owner.integrations.check("activecampaign", { api_url: "https://acme.api-us1.com", api_key: "wrong-key-000" }))
      .rejects.toMatchObject({ status: 422, message: "ActiveCampaign answered: Invalid API token" });
    await expect(owner.integrations.check("activecampaign", { api_url: "https://acme.api-us1.com" })).rejects.toMatchObject({
      status: 400,
      field: "api_key",
    });
    await expect(owner.integrations.check("nope", {})).rejects.toMatchObject({ status: 404 });
    expect(Object.keys((await owner.integrations.list()).success)).toHaveLength(0);
  });

  it("fills masked values from the saved integration when checking an edit", async () => {
    const id = await createAc();
    await expect(
      owner.integrations.check("activecampaign", { integrationID: String(id), api_url: "https://acme.api-us1.com", api_key: "••••abcd" }),
    ).resolves.toMatchObject({ success: true });
    expect(fake.calls("GET /api/3/users/me")[0]?.headers["api-token"]).toBe(AC_KEY);
  });

  it("sets connected false and answers the service's message when a test fails (spec §8)", async () => {
    const id = await createAc("wrong-key-0123456789");
    const failure = await owner.integrations.test(id).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 422, message: "ActiveCampaign answered: Invalid API token" });
    expect((await owner.integrations.list()).success[String(id)]).toMatchObject({
      connected: false,
      last_error: "ActiveCampaign answered: Invalid API token",
    });

    await owner.integrations.update(id, { api_key: AC_KEY });
    await expect(owner.integrations.test(id)).resolves.toMatchObject({ success: true });
    expect((await owner.integrations.list()).success[String(id)]).toMatchObject({ connected: true, last_error: null });
  });

  it("posts a test payload to a webhook address", async () => {
    await expect(owner.integrations.check("webhook", { webhook: `${fake.url}/hooks/ok` })).resolves.toMatchObject({
      message: "The webhook answered the test payload.",
    });
    const [request] = fake.calls("POST /hooks/ok");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.data).toMatchObject({ event: "test", source: "cuepoint" });
    expect(request?.headers["cuepoint-signature"]).toBeUndefined();
    await expect(owner.integrations.check("zapier", { url: `${fake.url}/hooks/gone` })).rejects.toMatchObject({
      status: 422,
      message: "Zapier answered: Hook disabled",
    });
    const { success: hook } = await owner.integrations.create({ type: "WEBHOOK" });
    await expect(owner.integrations.test(hook.integrationid)).resolves.toMatchObject({ success: true });
  });

  it("signs the test payload with a saved integration's signing secret, as its deliveries are signed", async () => {
    const { success: hook } = await owner.integrations.create({ type: "WEBHOOK" });
    const integrationID = String(hook.integrationid);
    let secret = (await owner.integrations.signingSecret(integrationID)).success.signing_secret ?? "";
    expect(secret).toMatch(/^whsec_/);
    await expect(owner.integrations.check("webhook", { integrationID, webhook: `${fake.url}/hooks/ok` })).resolves.toMatchObject({
      message: "The webhook answered the test payload. It was signed (Cuepoint-Signature) with this integration's signing secret.",
    });
    const [request] = fake.calls("POST /hooks/ok");
    if (!request) throw new Error("the test payload was not posted");
    const header = String(request.headers["cuepoint-signature"]);
    const now = t.clock.now();
    const check = await verifyWebhookSignature(secret, header, request.body, { now });
    expect(check).toMatchObject({ ok: true });
    expect(check.ok && check.timestamp).toBe(Math.floor(Date.parse((request.data as { sent_at: string }).sent_at) / 1000));
    await expect(verifyWebhookSignature("whsec_someone_else", header, request.body, { now })).resolves.toEqual({
      ok: false,
      reason: "mismatch",
    });

    // After a rotation the sample is signed as deliveries are: with the new secret and, during the
    // grace period, the previous one too (the default, 24 hours); with expiresIn 0, the new one only.
    const signedAfter = async (expiresIn: number) => {
      const rotated = (await owner.integrations.rotateSigningSecret(integrationID, { expiresIn })).success.signing_secret;
      fake.requests.length = 0;
      await owner.integrations.check("webhook", { integrationID, webhook: `${fake.url}/hooks/ok` });
      const after = fake.calls("POST /hooks/ok")[0];
      const afterHeader = String(after?.headers["cuepoint-signature"]);
      await expect(verifyWebhookSignature(rotated, afterHeader, after?.body ?? "", { now })).resolves.toMatchObject({ ok: true });
      return { rotated, check: await verifyWebhookSignature(secret, afterHeader, after?.body ?? "", { now }) };
    };
    const kept = await signedAfter(24);
    expect(kept.check).toMatchObject({ ok: true });
    secret = kept.rotated;
    await expect(signedAfter(0)).resolves.toMatchObject({ check: { ok: false, reason: "mismatch" } });
  });

  it("signs a test payload only with the caller's own integration of that kind", async () => {
    const { success: zap } = await owner.integrations.create({ type: "ZAPIER" });
    await expect(
      owner.integrations.check("webhook", { integrationID: String(zap.integrationid), webhook: `${fake.url}/hooks/ok` }),
    ).rejects.toMatchObject({ status: 400, field: "integrationID" });
    const { success: hook } = await owner.integrations.create({ type: "WEBHOOK" });
    const stranger = t.client(await t.login((await t.user()).email));
    await expect(
      stranger.integrations.check("webhook", { integrationID: String(hook.integrationid), webhook: `${fake.url}/hooks/ok` }),
    ).rejects.toMatchObject({ status: 404 });
    expect(fake.calls("POST /hooks/ok")).toHaveLength(0);
  });

  it("refuses addresses in private networks unless the operator allows them", async () => {
    process.env.CUEPOINT_ALLOW_PRIVATE_TARGETS = "";
    try {
      await expect(owner.integrations.check("webhook", { webhook: `${fake.url}/hooks/ok` })).rejects.toMatchObject({
        status: 422,
        message: expect.stringContaining("private or local network address"),
      });
      await expect(owner.integrations.testSmtp({ address: "127.0.0.1", port: smtp.port })).rejects.toMatchObject({ status: 422 });
      expect(fake.requests).toHaveLength(0);
    } finally {
      process.env.CUEPOINT_ALLOW_PRIVATE_TARGETS = "true";
    }
  });
});

describe("SMTP (nodemailer against smtp-server)", () => {
  const testSmtp = (port: number, login: { username?: string; password?: string } = {}) =>
    owner.integrations.testSmtp({ address: "127.0.0.1", port, ...login });

  it("connects, says EHLO and logs in, sending no mail", async () => {
    smtp.attempts.length = 0;
    await expect(testSmtp(smtp.port, SMTP_LOGIN)).resolves.toMatchObject({
      success: true,
      message: "The SMTP server accepted the login.",
    });
    expect(smtp.attempts).toEqual([{ method: "PLAIN", username: "mailer", accepted: true, ehloName: "cuepoint.local" }]);
    expect(smtp.mails).toHaveLength(0);
    await expect(testSmtp(smtp.port)).resolves.toMatchObject({ message: "The SMTP server answered." });
    expect(smtp.attempts).toHaveLength(1);
    await expect(owner.integrations.testSmtp({ address: "127.0.0.1", port: 70000 })).rejects.toMatchObject({ status: 400, field: "port" });
  });

  it("says authentication failed for a wrong password, and says so when the server offers no login", async () => {
    await expect(testSmtp(smtp.port, { username: "mailer", password: "wrong" })).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(/^SMTP server 127\.0\.0\.1:\d+: authentication failed \(.*535 Invalid username or password/),
    });
    const noAuth = await startSmtpPeer(SMTP_LOGIN, { disabledCommands: ["STARTTLS", "AUTH"] });
    try {
      await expect(testSmtp(noAuth.port, SMTP_LOGIN)).rejects.toMatchObject({
        status: 422,
        message: expect.stringMatching(/^SMTP server 127\.0\.0\.1:\d+ offers no login \(AUTH\) on this connection/),
      });
    } finally {
      await noAuth.close();
    }
  });

  it("upgrades with STARTTLS when offered, and names a certificate it cannot trust", async () => {
    // smtp-server's own certificate (self-signed, for "localhost") cannot be trusted: no login goes out over it.
    const tls = await startSmtpPeer(SMTP_LOGIN, { disabledCommands: [] });
    try {
      await expect(testSmtp(tls.port, SMTP_LOGIN)).rejects.toMatchObject({
        status: 502,
        message: expect.stringMatching(/: the TLS connection failed \(.*certificate/),
      });
      expect(tls.attempts).toHaveLength(0);
    } finally {
      await tls.close();
    }
  });

  it("tests a saved SMTP integration, and reports an unreachable or silent server as 502", async () => {
    const { success } = await owner.integrations.create({ type: "SMTP", address: "127.0.0.1", port: smtp.port, ...SMTP_LOGIN });
    await expect(owner.integrations.test(success.integrationid)).resolves.toMatchObject({ success: true });
    await owner.integrations.update(success.integrationid, { password: "wrong-password" });
    await expect(owner.integrations.test(success.integrationid)).rejects.toMatchObject({ status: 422 });
    expect((await owner.integrations.list()).success[String(success.integrationid)]).toMatchObject({
      connected: false,
      last_error: expect.stringContaining("authentication failed"),
    });

    const closed = await startSmtpPeer(SMTP_LOGIN);
    await closed.close();
    await expect(testSmtp(closed.port)).rejects.toMatchObject({
      status: 502,
      message: expect.stringMatching(/^Could not reach the SMTP server 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/),
    });

    // A server that accepts the connection and never greets: the integration timeout ends the wait.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    process.env.CUEPOINT_INTEGRATION_TIMEOUT_MS = "300";
    try {
      const { port } = silent.address() as { port: number };
      await expect(testSmtp(port)).rejects.toMatchObject({ status: 502, message: expect.stringContaining("did not answer in time") });
    } finally {
      process.env.CUEPOINT_INTEGRATION_TIMEOUT_MS = "5000";
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe("lists, fields and tags", () => {
  it("fetches lists, caches them, and refetches on refresh", async () => {
    const id = await createAc();
    const first = await owner.integrations.getLists("activecampaign", { integrationID: id }).raw;
    expect(first._data?.success).toEqual({
      lists: [{ id: "1", name: "Webinar leads" }],
      tags: [{ id: "7", name: "vip" }],
      automations: [{ id: "3", name: "Welcome" }],
    });
    expect(first.headers.get("x-lists-fetched-at")).toMatch(/^\d{4}-/);
    expect(fake.calls("GET /api/3/lists")[0]?.query.get("limit")).toBe("100");
    await owner.integrations.getLists("activecampaign", { integrationID: id });
    expect(fake.calls("GET /api/3/lists")).toHaveLength(1);
    await owner.integrations.getLists("activecampaign", { integrationID: id, refresh: true });
    expect(fake.calls("GET /api/3/lists")).toHaveLength(2);
  });

  it("adds tags lower-cased, once, and keeps the cache current", async () => {
    const id = await createAc();
    await owner.integrations.getLists("activecampaign", { integrationID: id });
    const { success: tag } = await owner.integrations.addTag("activecampaign", { integrationID: id, listID: "1", name: "VIP Lead" });
    expect(tag).toMatchObject({ name: "vip lead" });
    expect(fake.calls("POST /api/3/tags")[0]?.data).toEqual({ tag: { tag: "vip lead", tagType: "contact", description: "" } });
    await owner.integrations.addTag("activecampaign", { integrationID: id, listID: "1", name: "vip lead" });
    expect(fake.calls("POST /api/3/tags")).toHaveLength(1);

    const bulk = await owner.integrations.bulkTags({ integrationID: id, tags: ["VIP", "Replay Watched"] });
    expect(bulk).toMatchObject({ success: true, tags: [{ id: "7", name: "vip" }, { name: "replay watched" }] });
    expect(fake.calls("POST /api/3/tags")).toHaveLength(2);
    const { success: lists } = await owner.integrations.getLists("activecampaign", { integrationID: id });
    expect((lists as Record<string, Array<{ name: string }>>).tags?.map((entry) => entry.name)).toEqual([
      "vip",
      "vip lead",
      "replay watched",
    ]);
  });

  it("adds fields to a list, and answers the service's message when it refuses", async () => {
    const id = await createAc();
    await expect(owner.integrations.addField("activecampaign", { integrationID: id, listID: "1", name: "Webinar link" }))
      .resolves.toMatchObject({ success: true });
    expect(fake.calls("POST /api/3/fields")[0]?.data).toEqual({ field: { type: "text", title: "Webinar link", perstag: "WEBINAR_LINK" } });
    expect(fake.calls("POST /api/3/fieldRels")[0]?.data).toEqual({ fieldRel: { field: "21", relid: "1" } });
    await expect(owner.integrations.addField("activecampaign", { integrationID: id, listID: "1", name: "taken" })).rejects.toMatchObject({
      status: 422,
      message: "ActiveCampaign answered: Field title already exists",
    });

    fake.requests.length = 0;
    const auto = await owner.integrations.addAutoField("activecampaign", { integrationID: id, listID: "1" });
    expect(auto.message).toMatch(/^Added: Webinar replay link, /);
    expect(fake.calls("POST /api/3/fields").map((r) => (r.data as { field: { perstag: string } }).field.perstag)).toEqual([
      "REPLAYLINK",
      "WEBDATE",
      "WEBTIME",
      "WEBTZ",
      "WEBSUBJECT",
    ]);
  });

  it("answers 400 for an integration of another kind, and 400 saying what the kind supports for kinds without lists (never 501)", async () => {
    const id = await createAc();
    await expect(owner.integrations.getLists("mailchimp", { integrationID: id })).rejects.toMatchObject({
      status: 400,
      field: "integrationID",
    });
    // MailerLite reads its groups now (services/mailerlite); Webhook has no lists.
    const { success: hook } = await owner.integrations.create({ type: "WEBHOOK" });
    await expect(owner.integrations.getLists("webhook", { integrationID: hook.integrationid })).rejects.toMatchObject({
      status: 400,
      field: "integrationID",
      message: "Webhook does not support reading lists: it supports the connection check.",
    });
    const { success: drop } = await owner.integrations.create({ type: "DROPCOWBOY", team_id: "team-0123", secret: "drop-secret-0123456789" });
    // Drop Cowboy's check asks the service (services/dropcowboy: GET /v1/brand); this fake has no
    // Drop Cowboy, so the answer is a refusal and the integration is not connected — the flag says
    // the service answered, never that a form is complete.
    await expect(owner.integrations.test(drop.integrationid)).rejects.toMatchObject({ status: 422 });
    expect(fake.calls("GET /v1/brand")[0]?.headers).toMatchObject({ "x-team-id": "team-0123", "x-secret": "drop-secret-0123456789" });
    expect((await owner.integrations.list()).success[drop.integrationid]).toMatchObject({ connected: false });
  });
});

describe("NiftyImages", () => {
  it("checks the key, lists images into the integration, and deletes one by address", async () => {
    await expect(owner.integrations.check("niftyimage", { api_key: NIFTY_KEY })).resolves.toBeTruthy();
    expect(fake.calls("GET /v1/Widgets")[0]?.headers.apikey).toBe(NIFTY_KEY);
    const { success } = await owner.integrations.create({ type: "NIFTYIMAGE", api_key: NIFTY_KEY });
    const id = success.integrationid;
    expect(success.images).toEqual({});
    await owner.integrations.getLists("niftyimage", { integrationID: id, refresh: true });
    const url = "https://img.niftyimages.com/k1.png";
    expect((await owner.integrations.list()).success[String(id)]?.images).toEqual({ k1: { url, name: "Banner" } });

    await expect(owner.integrations.deleteNiftyImage({ integrationID: id, url })).resolves.toMatchObject({ success: true });
    expect(fake.calls("DELETE /v1/Images/k1")[0]?.headers.apikey).toBe(NIFTY_KEY);
    expect((await owner.integrations.list()).success[String(id)]?.images).toEqual({});
    await expect(owner.integrations.deleteNiftyImage({ integrationID: id, url })).rejects.toMatchObject({ status: 404 });
  });
});
