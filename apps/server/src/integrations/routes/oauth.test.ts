import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Client, OAuthAuthorizeQuery, OAuthCallbackRequest } from "@cuepoint/sdk";
import { integrations } from "../../db/schema/index.js";
import { startFakeService, type FakeService, type ReceivedRequest } from "../test-support/fakeService.js";
import { pointServicesAt } from "../test-support/serviceEnv.js";
import { createTestApp, type TestApp } from "../../test-support/testApp.js";

const bearer = (request: ReceivedRequest, token: string, answer: unknown) =>
  request.headers.authorization === `Bearer ${token}` ? { json: answer } : { status: 401, json: { detail: "Bad token" } };

/** One fake standing in for every provider: token URLs, Mailchimp, Google and the Graph API. */
const providerRoutes = (fake: () => FakeService) => ({
  "POST /oauth2/token": (r: ReceivedRequest) => {
    const form = r.data as Record<string, string>;
    if (form.code === "bad-code") return { status: 400, json: { error: "invalid_grant", error_description: "Invalid authorization code" } };
    return { json: { access_token: `mc-token-${form.code}-0001`, expires_in: 0, scope: null } };
  },
  "GET /oauth2/metadata": (r: ReceivedRequest) =>
    r.headers.authorization?.startsWith("OAuth mc-token-") ? { json: { dc: "us6", accountname: "Acme" } } : { status: 401 },
  "GET /3.0/ping": (r: ReceivedRequest) => bearer(r, "mc-token-mc-code-0001", { health_status: "Everything's Chimpy!" }),
  "GET /3.0/lists": (r: ReceivedRequest) => bearer(r, "mc-token-mc-code-0001", { lists: [{ id: "aud1", name: "Newsletter" }] }),
  "GET /3.0/lists/aud1/segments": (r: ReceivedRequest) =>
    bearer(r, "mc-token-mc-code-0001", { segments: [{ id: 11, name: "buyers" }] }),
  "POST /3.0/lists/aud1/segments": (r: ReceivedRequest) =>
    bearer(r, "mc-token-mc-code-0001", { id: 12, name: (r.data as { name: string }).name }),
  "POST /3.0/lists/aud1/merge-fields": (r: ReceivedRequest) => bearer(r, "mc-token-mc-code-0001", { merge_id: 3 }),
  "POST /token": (r: ReceivedRequest) => {
    const form = r.data as Record<string, string>;
    const second = form.grant_type === "refresh_token";
    return { json: { access_token: second ? "g-token-0000000002" : "g-token-0000000001", expires_in: 3600, ...(!second && { refresh_token: "g-refresh" }) } };
  },
  "GET /drive/v3/files": (r: ReceivedRequest) => bearer(r, "g-token-0000000001", { files: [{ id: "sheet1", name: "Registrants" }] }),
  "GET /drive/v3/about": (r: ReceivedRequest) => bearer(r, "g-token-0000000002", { user: { displayName: "Ann" } }),
  "GET /v4/spreadsheets/sheet1": (r: ReceivedRequest) =>
    bearer(r, "g-token-0000000001", { sheets: [{ properties: { title: "Sheet 1" } }, { properties: { title: "Summary" } }] }),
  [`GET /v4/spreadsheets/sheet1/values/${encodeURIComponent("'Sheet 1'!1:1")}`]: (r: ReceivedRequest) =>
    bearer(r, "g-token-0000000001", { values: [["name", "email"]] }),
  "GET /v19.0/oauth/access_token": () => ({ json: { access_token: "fb-token-0123456789", token_type: "bearer", expires_in: 5183944 } }),
  "GET /v19.0/me/adaccounts": (r: ReceivedRequest) => bearer(r, "fb-token-0123456789", { data: [{ id: "act_1", name: "Ads" }] }),
  "GET /v19.0/act_1/customaudiences": (r: ReceivedRequest) => bearer(r, "fb-token-0123456789", { data: [{ id: "aud9", name: "Old" }] }),
  "POST /v19.0/act_1/customaudiences": (r: ReceivedRequest) => bearer(r, "fb-token-0123456789", { id: `aud${fake().requests.length}` }),
});

let t: TestApp;
let token: string;
let ownerEmail: string;
let owner: Client;
let fake: FakeService;
let restoreEnv: () => void;
beforeAll(async () => {
  fake = await startFakeService(providerRoutes(() => fake));
  restoreEnv = pointServicesAt(fake.url);
  t = await createTestApp();
  ownerEmail = (await t.user()).email;
  token = await t.login(ownerEmail);
  owner = t.client(token);
});
afterAll(async () => {
  restoreEnv();
  await Promise.all([t.close(), fake.close()]);
});
beforeEach(() => {
  fake.requests.length = 0;
});

/** The consent page's address, as the SDK asks for it (`Accept: application/json`). */
const authorize = async (kind: string, query: OAuthAuthorizeQuery = {}, as = token) => {
  const { success } = await t.client(as).integrations.authorizeURL(kind, query);
  return new URL(success.url);
};
const complete = (kind: string, params: OAuthCallbackRequest, client = owner) => client.integrations.completeOAuth(kind, params);

describe("authorize", () => {
  it("redirects to the provider's consent page with a state bound to the session", async () => {
    const response = await t.app.request("/api/oauth/mailchimp/authorize", { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(302);
    const url = new URL(response.headers.get("location") ?? "");
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: "code",
      client_id: "mailchimp-client",
      redirect_uri: "https://cuepoint.test/mailchimpcallback",
      state: expect.stringMatching(/^[\w-]{43}$/),
    });
  });

  it("answers 422 when the server has no OAuth app for the kind, 404 for kinds without sign-in", async () => {
    const saved = process.env.CUEPOINT_DRIP_CLIENT_ID;
    delete process.env.CUEPOINT_DRIP_CLIENT_ID;
    try {
      await expect(authorize("drip")).rejects.toMatchObject({ status: 422, message: expect.stringContaining("CUEPOINT_DRIP_CLIENT_ID") });
    } finally {
      process.env.CUEPOINT_DRIP_CLIENT_ID = saved;
    }
    await expect(authorize("activecampaign")).rejects.toMatchObject({ status: 404 });
  });
});

describe("callback: Mailchimp", () => {
  it("exchanges the code, learns the data centre and stores the token encrypted", async () => {
    const url = await authorize("mailchimp", { name: "Newsletter account" });
    const { success } = await complete("mailchimp", { code: "mc-code", state: url.searchParams.get("state") ?? "" });
    expect(success).toMatchObject({ name: "Newsletter account", type: "MAILCHIMP", connected: true, access_token: "••••0001" });
    expect(fake.calls("POST /oauth2/token")[0]?.data).toEqual({
      grant_type: "authorization_code",
      code: "mc-code",
      redirect_uri: "https://cuepoint.test/mailchimpcallback",
      client_id: "mailchimp-client",
      client_secret: "mailchimp-secret",
    });
    expect(JSON.stringify(await t.db.orm.select().from(integrations))).not.toContain("mc-token-");

    // The token works against the API host of the account's data centre.
    const id = success.integrationid;
    await expect(owner.integrations.test(id)).resolves.toMatchObject({ success: true });
    const { success: lists } = await owner.integrations.getLists("mailchimp", { integrationID: id });
    expect(lists).toEqual({ lists: [{ id: "aud1", name: "Newsletter" }], tags: [{ id: "11", name: "buyers", listID: "aud1" }] });
    const { success: tag } = await owner.integrations.addTag("mailchimp", { integrationID: id, listID: "aud1", name: "VIP" });
    expect(tag).toEqual({ id: "12", name: "vip", listID: "aud1" });
    expect(fake.calls("POST /3.0/lists/aud1/segments")[0]?.data).toEqual({ name: "vip", static_segment: [] });
    await owner.integrations.addField("mailchimp", { integrationID: id, listID: "aud1", name: "Webinar link" });
    expect(fake.calls("POST /3.0/lists/aud1/merge-fields")[0]?.data).toEqual({ name: "Webinar link", tag: "WEBINARLIN", type: "text" });
  });

  it("uses an attempt once, only from the session that started it, within ten minutes", async () => {
    const state = (await authorize("mailchimp")).searchParams.get("state") ?? "";
    const otherSession = t.client(await t.login(ownerEmail));
    await expect(complete("mailchimp", { code: "mc-code", state }, otherSession)).rejects.toMatchObject({ status: 400, field: "state" });
    await complete("mailchimp", { code: "mc-code", state });
    await expect(complete("mailchimp", { code: "mc-code", state })).rejects.toMatchObject({ status: 400, field: "state" });

    // The §2 callback passes only `code`: the session's latest attempt is the one completed.
    await authorize("mailchimp");
    await expect(complete("mailchimp", { code: "mc-code" })).resolves.toBeTruthy();
    await authorize("mailchimp");
    t.clock.advance(11 * 60_000);
    await expect(complete("mailchimp", { code: "mc-code" })).rejects.toMatchObject({ status: 400, field: "state" });
  });

  it("answers the provider's refusal, and reconnects an existing integration in place", async () => {
    await authorize("mailchimp");
    await expect(complete("mailchimp", { code: "bad-code" })).rejects.toMatchObject({
      status: 422,
      message: "Mailchimp sign-in answered: Invalid authorization code",
    });
    await authorize("mailchimp");
    const { success: first } = await complete("mailchimp", { code: "mc-code" });
    await authorize("mailchimp", { integrationID: String(first.integrationid) });
    const { success: again } = await complete("mailchimp", { code: "second" });
    expect(again).toMatchObject({ integrationid: first.integrationid, access_token: "••••0001", connected: true });
  });

  it("keeps attempts and integrations to their account", async () => {
    const stranger = await t.user();
    const strangerToken = await t.login(stranger.email);
    await authorize("mailchimp");
    const { success } = await complete("mailchimp", { code: "mc-code" });
    await expect(authorize("mailchimp", { integrationID: String(success.integrationid) }, strangerToken)).rejects.toMatchObject({
      status: 404,
    });
    const state = (await authorize("mailchimp")).searchParams.get("state") ?? "";
    await expect(complete("mailchimp", { code: "mc-code", state }, t.client(strangerToken))).rejects.toMatchObject({ status: 400 });
  });
});

describe("callback: Google Sheets, Facebook, Twilio", () => {
  it("reads spreadsheets and refreshes an expired token", async () => {
    await authorize("googlesheets");
    const { success } = await complete("googlesheets", { code: "g-code" });
    const id = success.integrationid;
    const authorizeUrl = await authorize("googlesheets");
    expect(authorizeUrl.searchParams.get("access_type")).toBe("offline");
    expect(authorizeUrl.searchParams.get("scope")).toContain("spreadsheets");

    expect((await owner.integrations.getLists("googlesheets", { integrationID: id })).success).toEqual({
      sheets: [{ id: "sheet1", name: "Registrants" }],
    });
    expect((await owner.integrations.sheets(id, "sheet1")).success).toEqual(["Sheet 1", "Summary"]);
    expect((await owner.integrations.sheets(id, "sheet1", "Sheet 1", { drive: "d1" })).success).toEqual(["name", "email"]);

    t.clock.advance(2 * 60 * 60_000);
    await expect(owner.integrations.test(id)).resolves.toMatchObject({ success: true });
    const refresh = fake.calls("POST /token").at(-1);
    expect(refresh?.data).toMatchObject({ grant_type: "refresh_token", refresh_token: "g-refresh", client_id: "googlesheets-client" });
    expect((await owner.integrations.list()).success[String(id)]).toMatchObject({ access_token: "••••0002", connected: true });
    await expect(owner.integrations.sheets(id, "sheet1")).rejects.toMatchObject({ status: 422 });
  });

  it("connects Facebook through /fb/callback and creates a custom audience", async () => {
    await authorize("facebook");
    const { success } = await complete("fb", { code: "fb-code" });
    const exchange = fake.calls("GET /v19.0/oauth/access_token")[0];
    expect(Object.fromEntries(exchange?.query ?? [])).toMatchObject({
      code: "fb-code",
      client_id: "facebook-client",
      client_secret: "facebook-secret",
      redirect_uri: "https://cuepoint.test/fbcallback",
    });
    const id = success.integrationid;
    const { success: audience } = await owner.integrations.createFbAudience({ integrationID: id, adAccountId: "1", name: "Webinar" });
    expect(audience).toMatchObject({ name: "Webinar", adAccountId: "act_1" });
    expect(fake.calls("POST /v19.0/act_1/customaudiences")[0]?.data).toEqual({
      name: "Webinar",
      subtype: "CUSTOM",
      customer_file_source: "USER_PROVIDED_ONLY",
      description: "Webinar registrants (Cuepoint)",
    });
    expect((await owner.integrations.getLists("fbaudience", { integrationID: id })).success).toMatchObject({
      adAccounts: [{ id: "act_1", name: "Ads" }],
    });
  });

  it("connects Twilio from the AccountSid of Twilio Connect", async () => {
    const url = await authorize("twilio");
    expect(url.pathname).toBe("/authorize/twilio-client");
    const { success } = await complete("twilio", { AccountSid: "AC0123456789" });
    expect(success).toMatchObject({ type: "TWILIO", sid: "AC0123456789", connected: true });
    await expect(owner.integrations.update(success.integrationid, { token: "x" })).rejects.toMatchObject({ status: 400 });
  });
});
