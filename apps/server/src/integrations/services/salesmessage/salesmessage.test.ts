import { beforeAll, describe, expect, it } from "vitest";
import { actionsFor, createMasterSetting } from "@cuepoint/sdk";
import { makeJob } from "../../../engine/actions/test-support/jobs.js";
import { connectOAuth } from "../../../engine/actions/test-support/oauth.js";
import { failure, mailNode } from "../../../test-support/timelineFixtures.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import {
  SALESMSG_CODE,
  SALESMSG_EXPIRES_IN,
  SALESMSG_REFRESH,
  SALESMSG_REFRESHED_TOKEN,
  SALESMSG_REVOKED_CODE,
  SALESMSG_TOKEN,
  startFakeSalesmsg,
} from "./fake.js";

const app = serviceTestApp(startFakeSalesmsg);
let salesmsgId: string;

beforeAll(async () => {
  salesmsgId = await connectOAuth(app.owner, "salesmessage", SALESMSG_CODE);
});

describe("Salesmsg connection", () => {
  it("signs in at app.salesmessage.com/auth/oauth and exchanges the code at /pub/v2.2/oauth/token", async () => {
    const authorize = new URL((await app.owner.integrations.authorizeURL("salesmessage")).success.url);
    expect(authorize.pathname).toBe("/auth/oauth");
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: "code",
      client_id: "salesmessage-client",
      redirect_uri: "https://cuepoint.test/salesmessagecallback",
    });
    app.fake.requests.length = 0;
    await connectOAuth(app.owner, "salesmessage", SALESMSG_CODE);
    const [exchange] = app.fake.calls("POST /pub/v2.2/oauth/token");
    expect(exchange?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(exchange?.data).toEqual({
      grant_type: "authorization_code",
      code: SALESMSG_CODE,
      redirect_uri: "https://cuepoint.test/salesmessagecallback",
      client_id: "salesmessage-client",
      client_secret: "salesmessage-secret",
    });
  });

  it("check reads the signed-in user with the access token as Bearer, and the integration is connected", async () => {
    await expect(app.owner.integrations.test(salesmsgId)).resolves.toEqual({
      success: true,
      message: "Connected to Salesmsg: it accepted the sign-in's token.",
    });
    const calls = app.fake.calls("GET /pub/v2.1/users/me");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${SALESMSG_TOKEN}`);
    const { success } = await app.owner.integrations.list();
    expect(success[salesmsgId]).toMatchObject({ connected: true });
  });

  it("a token Salesmsg no longer accepts: 422 in Salesmsg's words, and not connected", async () => {
    const revoked = await connectOAuth(app.owner, "salesmessage", SALESMSG_REVOKED_CODE);
    await expect(app.owner.integrations.test(revoked)).rejects.toMatchObject({ status: 422, message: "Salesmsg answered: Unauthenticated." });
    const { success } = await app.owner.integrations.list();
    expect(success[revoked]).toMatchObject({ connected: false });
  });
});

describe("Salesmsg actions", () => {
  it("offers none: the catalogue has no sendsms for Salesmsg", () => {
    expect(actionsFor("SALESMESSAGE")).toEqual([]);
  });

  it("a timeline cannot save a Salesmsg sendsms node (400 on its action)", async () => {
    const { success: timeline } = await app.owner.timelines.setMaster({ blocks: createMasterSetting({ general: { timelineName: "Texts" } }) });
    const node = mailNode(1, -1, {
      action: "sendsms",
      integrationType: "SALESMESSAGE",
      integrationID: salesmsgId,
      model: { smsText: "We go live in an hour", phonenumber: "+15557654321" },
    });
    const refused = await failure(app.owner.timelines.setEvents({ webinarTimeline: timeline.id, blocks: { "-1": [node] }, isPast: false }));
    expect([refused.status, refused.field]).toEqual([400, "blocks.-1.0.action"]);
    expect(refused.message).toBe('Salesmsg does not carry out "sendsms". It carries out no timeline actions yet.');
  });

  it("a job left from before is skipped without asking Salesmsg", async () => {
    const job = makeJob({
      accountId: app.accountId,
      integrationType: "SALESMESSAGE",
      action: "sendsms",
      integrationID: salesmsgId,
      model: { smsText: "We go live in an hour", phonenumber: "+15557654321" },
    });
    await expect(app.execute(job)).resolves.toMatchObject({ status: "skipped" });
    expect(app.fake.requests).toHaveLength(0);
  });
});

// Last: moving the server's clock past the token's life ends the host's session too.
describe("Salesmsg sign-in, a day later", () => {
  it("an expired token is refreshed first, sealed back, and the check asks with the new one", async () => {
    const host = await app.t.user();
    const id = await connectOAuth(app.t.client(await app.t.login(host.email)), "salesmessage", SALESMSG_CODE);
    app.fake.requests.length = 0;
    app.t.clock.advance((SALESMSG_EXPIRES_IN + 60) * 1000);
    const client = app.t.client(await app.t.login(host.email));
    await expect(client.integrations.test(id)).resolves.toMatchObject({ success: true });
    const [refresh] = app.fake.calls("POST /pub/v2.2/oauth/token");
    expect(refresh?.data).toEqual({
      grant_type: "refresh_token",
      refresh_token: SALESMSG_REFRESH,
      client_id: "salesmessage-client",
      client_secret: "salesmessage-secret",
    });
    expect(app.fake.calls("GET /pub/v2.1/users/me")[0]?.headers.authorization).toBe(`Bearer ${SALESMSG_REFRESHED_TOKEN}`);
    const { success } = await client.integrations.list();
    expect(success[id]).toMatchObject({ connected: true, access_token: `••••${SALESMSG_REFRESHED_TOKEN.slice(-4)}` });
  });
});
