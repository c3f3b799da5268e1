import { beforeAll, describe, expect, it } from "vitest";
import { actionsFor } from "@cuepoint/sdk";
import { PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { makeJob } from "../../test-support/jobs.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { clickSendSms, CLICKSEND_INVALID_NUMBER, CLICKSEND_KEY, CLICKSEND_USERNAME, startFakeClickSend } from "./fake.js";

const app = serviceTestApp(startFakeClickSend);
let clicksendId: string;

const create = async (key: string) =>
  (await app.owner.integrations.create({ type: "CLICKSEND", api_username: CLICKSEND_USERNAME, key, accountType: "us" })).success
    .integrationid;

beforeAll(async () => {
  clicksendId = await create(CLICKSEND_KEY);
});

describe("ClickSend", () => {
  it("check reads the account with HTTP Basic username:key and names it", async () => {
    const id = await create(CLICKSEND_KEY);
    await expect(app.owner.integrations.test(id)).resolves.toEqual({ success: true, message: "Connected to the ClickSend account Acme Events." });
    const [request] = app.fake.calls("GET /v3/account");
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from(`${CLICKSEND_USERNAME}:${CLICKSEND_KEY}`).toString("base64")}`);
  });

  it("a wrong key: 422 in ClickSend's words, and not connected", async () => {
    const id = await create("0000-wrong-key");
    await expect(app.owner.integrations.test(id)).rejects.toMatchObject({ status: 422, message: "ClickSend answered: Invalid username or API key." });
    const { success } = await app.owner.integrations.list();
    expect(success[id]).toMatchObject({ connected: false });
  });

  it("offers sendsms only: its voice API speaks text, it cannot play an audio file", async () => {
    expect(actionsFor("CLICKSEND").map((action) => action.key)).toEqual(["sendsms"]);
    const job = makeJob({ accountId: app.accountId, integrationType: "CLICKSEND", action: "sendVoice", integrationID: clicksendId, model: { audiofile: "a" } });
    const before = app.fake.requests.length;
    await expect(app.execute(job)).resolves.toMatchObject({ status: "skipped" });
    expect(app.fake.requests).toHaveLength(before);
  });
});

const SMS = { smsText: "Hi {first_name}, we go live at {event_time} {event_timezone}: {join_link}", phonenumber: "+15557654321" };
const smsJob = (registrant: Partial<ReturnType<typeof makeJob>["registrant"]> = {}, model: Record<string, unknown> = SMS) =>
  makeJob({ accountId: app.accountId, integrationType: "CLICKSEND", action: "sendsms", integrationID: clicksendId, model, registrant });

describe("ClickSend sendsms", () => {
  it("POSTs /v3/sms/send with HTTP Basic and one message: the registrant's phone, the sender number, the personalised text", async () => {
    const job = smsJob();
    await expect(app.execute(job)).resolves.toEqual({
      status: "sent",
      detail: expect.stringMatching(/^Messages queued for delivery\. \(message 1F2E3D4C-0000-4000-8000-\d{12}\)$/),
    });
    const [request] = app.fake.calls("POST /v3/sms/send");
    expect(app.fake.requests).toHaveLength(1);
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from(`${CLICKSEND_USERNAME}:${CLICKSEND_KEY}`).toString("base64")}`);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.data).toEqual({
      messages: [
        {
          source: "cuepoint",
          from: "+15557654321",
          to: "+15551230007",
          body: "Hi Ada, we go live at 9:00 AM EST: https://join.example.com/evt-3?r=reg-7",
          custom_string: job.idempotencyKey,
        },
      ],
    });
  });

  it("skips registrants without SMS consent or a phone, without calling ClickSend", async () => {
        await expect(app.execute(smsJob({ smsConsent: false }))).resolves.toEqual({ status: "skipped", reason: "no SMS consent" });
    await expect(app.execute(smsJob({ phone: " " }))).resolves.toEqual({ status: "skipped", reason: "the registrant has no phone number" });
    expect(app.fake.requests).toHaveLength(0);
  });

  it("a message ClickSend refuses fails in its word; a wrong key in its words", async () => {
        await expect(app.execute(smsJob({ phone: CLICKSEND_INVALID_NUMBER }))).rejects.toThrow(
      new PermanentActionError("ClickSend did not queue the message: INVALID_RECIPIENT"),
    );
    const wrong = await create("0000-wrong-key");
    await expect(app.execute({ ...smsJob(), node: { ...smsJob().node, integrationID: wrong } })).rejects.toThrow(
      new PermanentActionError("ClickSend answered HTTP 401: Invalid username or API key."),
    );
  });

  it("is sent once: after a 500 (it may have gone out) the job fails and is not retried; a 429 is retried", async () => {
        app.fake.on({ "POST /v3/sms/send": () => ({ status: 500, json: { http_code: 500, response_code: "INTERNAL_ERROR", response_msg: "Internal error." } }) });
    try {
      const failure = await app.execute(smsJob()).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(PermanentActionError);
      expect(String(failure)).toMatch(/ClickSend answered HTTP 500: Internal error\..*may have been carried out all the same/);
      app.fake.on({ "POST /v3/sms/send": () => ({ status: 429, json: { http_code: 429, response_code: "TOO_MANY_REQUESTS", response_msg: "Too many requests." } }) });
      await expect(app.execute(smsJob())).rejects.toBeInstanceOf(RetryableActionError);
    } finally {
      app.fake.on({ "POST /v3/sms/send": clickSendSms });
    }
  });

  it("refuses a node without its text before asking ClickSend", async () => {
    await expect(app.execute(smsJob({}, { phonenumber: "+15557654321" }))).rejects.toThrow(
      new PermanentActionError("ClickSend: Enter the SMS text (smsText)."),
    );
    expect(app.fake.requests).toHaveLength(0);
  });
});
