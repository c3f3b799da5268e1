import { beforeAll, describe, expect, it } from "vitest";
import { actionsFor, createMasterSetting } from "@cuepoint/sdk";
import { PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { makeJob } from "../../test-support/jobs.js";
import { connectOAuth } from "../../test-support/oauth.js";
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
  type FakeSalesmsg,
} from "./fake.js";

const app = serviceTestApp<FakeSalesmsg>(startFakeSalesmsg);
let salesmsgId: string;
let revokedId: string;

beforeAll(async () => {
  salesmsgId = await connectOAuth(app.owner, "salesmessage", SALESMSG_CODE);
  revokedId = await connectOAuth(app.owner, "salesmessage", SALESMSG_REVOKED_CODE);
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

  it("check reads the current user (GET /pub/v2.3/user) with the access token as Bearer; connected", async () => {
    await expect(app.owner.integrations.test(salesmsgId)).resolves.toEqual({
      success: true,
      message: "Connected to Salesmsg: it accepted the sign-in's token.",
    });
    const calls = app.fake.calls("GET /pub/v2.3/user");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${SALESMSG_TOKEN}`);
    const { success } = await app.owner.integrations.list();
    expect(success[salesmsgId]).toMatchObject({ connected: true });
  });

  it("a token Salesmsg no longer accepts: 422 in Salesmsg's words, and not connected", async () => {
    await expect(app.owner.integrations.test(revokedId)).rejects.toMatchObject({ status: 422, message: "Salesmsg answered: Unauthorized" });
    const { success } = await app.owner.integrations.list();
    expect(success[revokedId]).toMatchObject({ connected: false });
  });

  it("lists the team's inboxes (GET /pub/v2.3/teams) for the sender pick list", async () => {
    const { success } = await app.owner.integrations.getLists("salesmessage", { integrationID: salesmsgId });
    expect(success).toEqual({
      inboxes: [
        { id: "501", name: "Webinar line" },
        { id: "502", name: "Support" },
      ],
    });
    expect(app.fake.calls("GET /pub/v2.3/teams")[0]?.headers.authorization).toBe(`Bearer ${SALESMSG_TOKEN}`);
    await expect(app.owner.integrations.getLists("salesmessage", { integrationID: revokedId })).rejects.toMatchObject({
      status: 422,
      message: "Salesmsg answered: Unauthorized",
    });
  });
});

const SMS = { smsText: "Hi {first_name}, we go live at {event_time} {event_timezone}: {join_link}", teamId: "501" };
const smsJob = (
  registrant: Partial<ReturnType<typeof makeJob>["registrant"]> = {},
  model: Record<string, unknown> = SMS,
  integrationID = salesmsgId,
) => makeJob({ accountId: app.accountId, integrationType: "SALESMESSAGE", action: "sendsms", integrationID, model, registrant });

describe("Salesmsg sendsms", () => {
  it("the catalogue offers sendsms with the text and the sending inbox, picked from the service's inboxes", () => {
    expect(actionsFor("SALESMESSAGE").map((action) => [action.key, action.fields.map((f) => [f.name, f.list ?? f.kind])])).toEqual([
      ["sendsms", [["smsText", "textarea"], ["teamId", "inboxes"]]],
    ]);
  });

  it("POSTs /pub/v2.3/messages once, the fields in the query string: the registrant's number, the inbox, the personalised text", async () => {
    const job = smsJob();
    await expect(app.execute(job)).resolves.toEqual({ status: "sent", detail: expect.stringMatching(/^Salesmsg queued the message \(message \d+, conversation \d+\)\.$/) });
    const requests = app.fake.calls("POST /pub/v2.3/messages");
    expect(app.fake.requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.headers.authorization).toBe(`Bearer ${SALESMSG_TOKEN}`);
    expect(request?.body).toBe("");
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      number: "+15551230007",
      team_id: "501",
      message: "Hi Ada, we go live at 9:00 AM EST: https://join.example.com/evt-3?r=reg-7",
    });
    expect(app.fake.texts.at(-1)).toMatchObject({ number: "+15551230007", team_id: 501 });
  });

  it("skips registrants without SMS consent or a phone, without calling Salesmsg", async () => {
    await expect(app.execute(smsJob({ smsConsent: false }))).resolves.toEqual({ status: "skipped", reason: "no SMS consent" });
    await expect(app.execute(smsJob({ phone: " " }))).resolves.toEqual({ status: "skipped", reason: "the registrant has no phone number" });
    expect(app.fake.requests).toHaveLength(0);
  });

  it("a refusal fails the job in Salesmsg's words: a revoked sign-in, an inbox that is not the team's", async () => {
    await expect(app.execute(smsJob({}, SMS, revokedId))).rejects.toThrow(new PermanentActionError("Salesmsg answered HTTP 401: Unauthorized"));
    await expect(app.execute(smsJob({}, { ...SMS, teamId: "999" }))).rejects.toThrow(
      new PermanentActionError("Salesmsg answered HTTP 422: The selected team id is invalid."),
    );
    expect(app.fake.texts.filter((text) => text.team_id === 999)).toHaveLength(0);
  });

  it("is sent once: after a 500 (it may have gone out) the job fails and is not retried; a 429 is retried", async () => {
    const sent = app.fake.texts.length;
    app.fake.on({ "POST /pub/v2.3/messages": () => ({ status: 500, json: { message: "Server Error" } }) });
    const failed = await app.execute(smsJob()).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(PermanentActionError);
    expect(String(failed)).toMatch(/Salesmsg answered HTTP 500: Server Error.*may have been carried out all the same/);
    app.fake.on({ "POST /pub/v2.3/messages": () => ({ status: 429, json: { message: "Too Many Attempts." } }) });
    await expect(app.execute(smsJob())).rejects.toBeInstanceOf(RetryableActionError);
    expect(app.fake.texts).toHaveLength(sent);
  });

  it("refuses a node without its text or its inbox before asking Salesmsg", async () => {
    await expect(app.execute(smsJob({}, { teamId: "501" }))).rejects.toThrow(new PermanentActionError("Salesmsg: Enter the SMS text (smsText)."));
    await expect(app.execute(smsJob({}, { smsText: "Hi" }))).rejects.toThrow(new PermanentActionError("Salesmsg: Pick an inbox (teamId)."));
    expect(app.fake.requests).toHaveLength(0);
  });

  it("a timeline saves a Salesmsg sendsms node", async () => {
    const { success: timeline } = await app.owner.timelines.setMaster({ blocks: createMasterSetting({ general: { timelineName: "Texts" } }) });
    const node = mailNode(1, -1, { action: "sendsms", integrationType: "SALESMESSAGE", integrationID: salesmsgId, model: SMS });
    await app.owner.timelines.setEvents({ webinarTimeline: timeline.id, blocks: { "-1": [node] }, isPast: false });
    const { success: blocks } = await app.owner.timelines.getEvents(timeline.id);
    expect(blocks["-1"]?.[0]).toMatchObject({ action: "sendsms", integrationType: "SALESMESSAGE", model: SMS });
    const refused = await failure(
      app.owner.timelines.setEvents({ webinarTimeline: timeline.id, blocks: { "-1": [{ ...node, action: "sendmms" }] }, isPast: false }),
    );
    expect([refused.status, refused.field]).toEqual([400, "blocks.-1.0.action"]);
  });
});

// Last: moving the server's clock past the token's life ends the host's session too.
describe("Salesmsg sign-in, a day later", () => {
  it("an expired token is refreshed first, sealed back, and the call is made with the new one", async () => {
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
    expect(app.fake.calls("GET /pub/v2.3/user")[0]?.headers.authorization).toBe(`Bearer ${SALESMSG_REFRESHED_TOKEN}`);
    const { success } = await client.integrations.list();
    expect(success[id]).toMatchObject({ connected: true, access_token: `••••${SALESMSG_REFRESHED_TOKEN.slice(-4)}` });
  });
});
