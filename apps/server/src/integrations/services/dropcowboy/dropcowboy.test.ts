import { beforeAll, describe, expect, it } from "vitest";
import { actionsFor } from "@cuepoint/sdk";
import { PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { makeJob } from "../../test-support/jobs.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { DROPCOWBOY_BRAND, DROPCOWBOY_REJECTED_NUMBER, DROPCOWBOY_SECRET, DROPCOWBOY_TEAM, startFakeDropCowboy } from "./fake.js";

const app = serviceTestApp(startFakeDropCowboy);
let dropId: string;

const create = async (secret: string) =>
  (await app.owner.integrations.create({ type: "DROPCOWBOY", team_id: DROPCOWBOY_TEAM, secret })).success.integrationid;

beforeAll(async () => {
  dropId = await create(DROPCOWBOY_SECRET);
});

describe("Drop Cowboy", () => {
  it("check lists the team's brands with x-team-id and x-secret, and names them", async () => {
    const id = await create(DROPCOWBOY_SECRET);
    await expect(app.owner.integrations.test(id)).resolves.toEqual({ success: true, message: "Connected to Drop Cowboy: brand Acme Events." });
    const [request] = app.fake.calls("GET /v1/brand");
    expect(request?.headers).toMatchObject({ "x-team-id": DROPCOWBOY_TEAM, "x-secret": DROPCOWBOY_SECRET });
    expect((await app.owner.integrations.list()).success[id]).toMatchObject({ connected: true });
  });

  it("a wrong secret: 422 in Drop Cowboy's words, and not connected", async () => {
    const id = await create("not-the-secret");
    await expect(app.owner.integrations.test(id)).rejects.toMatchObject({ status: 422, message: "Drop Cowboy answered: Unauthorized" });
    expect((await app.owner.integrations.list()).success[id]).toMatchObject({ connected: false });
  });

  it("reads the brands into the cached lists the action dialog picks from", async () => {
    const { success } = await app.owner.integrations.getLists("dropcowboy", { integrationID: dropId, refresh: true });
    expect(success).toEqual({ brands: [{ id: DROPCOWBOY_BRAND, name: "Acme Events" }] });
    await app.owner.integrations.getLists("dropcowboy", { integrationID: dropId });
    expect(app.fake.calls("GET /v1/brand")).toHaveLength(1);
  });

  it("offers the ringless voicemail and SMS its API documents, and no voice call", async () => {
    expect(actionsFor("DROPCOWBOY").map((action) => action.key)).toEqual(["sendRvm", "sendsms"]);
    const job = makeJob({ accountId: app.accountId, integrationType: "DROPCOWBOY", action: "sendVoice", integrationID: dropId, model: { replyTo: "+15557654321" } });
    await expect(app.execute(job)).resolves.toMatchObject({ status: "skipped" });
    expect(app.fake.requests).toHaveLength(0);
  });
});

const SMS = { smsText: "Hi {first_name}, we go live at {event_time}: {join_link}", replyTo: "+15557654321", poolName: "pool-7" };
const smsJob = (registrant: Partial<ReturnType<typeof makeJob>["registrant"]> = {}, model: Record<string, unknown> = SMS, integrationID = dropId) =>
  makeJob({ accountId: app.accountId, integrationType: "DROPCOWBOY", action: "sendsms", integrationID, model, registrant });

describe("Drop Cowboy sendsms", () => {
  it("POSTs /v1/sms once: the credentials, the registrant's phone, reply-to, pool, the personalised text, opt-in and the idempotency key", async () => {
    const job = smsJob();
    await expect(app.execute(job)).resolves.toEqual({ status: "sent", detail: "queued" });
    expect(app.fake.requests).toHaveLength(1);
    const [request] = app.fake.calls("POST /v1/sms");
    expect(request?.headers).toMatchObject({ "x-team-id": DROPCOWBOY_TEAM, "x-secret": DROPCOWBOY_SECRET, "content-type": "application/json" });
    expect(request?.data).toEqual({
      team_id: DROPCOWBOY_TEAM,
      secret: DROPCOWBOY_SECRET,
      phone_number: "+15551230007",
      caller_id: "+15557654321",
      pool_id: "pool-7",
      sms_body: "Hi Ada, we go live at 9:00 AM: https://join.example.com/evt-3?r=reg-7",
      opt_in: true,
      foreign_id: job.idempotencyKey,
    });
  });

  it("skips registrants without SMS consent or a phone, without calling Drop Cowboy", async () => {
    await expect(app.execute(smsJob({ smsConsent: false }))).resolves.toEqual({ status: "skipped", reason: "no SMS consent" });
    await expect(app.execute(smsJob({ phone: " " }))).resolves.toEqual({ status: "skipped", reason: "the registrant has no phone number" });
    expect(app.fake.requests).toHaveLength(0);
  });

  it("a text Drop Cowboy rejects fails in its words; a wrong secret in its words", async () => {
    await expect(app.execute(smsJob({ phone: DROPCOWBOY_REJECTED_NUMBER }))).rejects.toThrow(
      new PermanentActionError("Drop Cowboy did not accept the message: Invalid caller ID or not SMS enabled"),
    );
    const wrong = await create("not-the-secret");
    await expect(app.execute(smsJob({}, SMS, wrong))).rejects.toThrow(new PermanentActionError("Drop Cowboy answered HTTP 401: Unauthorized"));
  });

  it("refuses a text over Drop Cowboy's 160 characters before asking", async () => {
    await expect(app.execute(smsJob({}, { ...SMS, smsText: `${"x".repeat(158)} {first_name}` }))).rejects.toThrow(
      new PermanentActionError("Drop Cowboy: the text is 162 characters with this registrant's details; Drop Cowboy sends 160 at most (smsText)."),
    );
    expect(app.fake.requests).toHaveLength(0);
  });

  // Last: it leaves the fake answering 429.
  it("is sent once: after a 500 (it may have gone out) the job fails and is not retried; a 429 is retried", async () => {
    app.fake.on({ "POST /v1/sms": () => ({ status: 500, json: { error: "Internal Server Error" } }) });
    const failure = await app.execute(smsJob()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PermanentActionError);
    expect(String(failure)).toMatch(/Drop Cowboy answered HTTP 500: Internal Server Error.*may have been carried out all the same/);
    app.fake.on({ "POST /v1/sms": () => ({ status: 429, json: { error: "Too Many Requests" } }) });
    await expect(app.execute(smsJob())).rejects.toBeInstanceOf(RetryableActionError);
  });
});
