import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { integrations } from "../../../db/schema/index.js";
import type { ReceivedRequest } from "../../test-support/fakeService.js";
import { PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { makeJob } from "../../test-support/jobs.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";

const SID = "AC0123456789abcdef0123456789abcdef";
const TOKEN = "twilio-token-0123456789";
const PATH = `/2010-04-01/Accounts/${SID}/Messages.json`;

/** Twilio's Messages resource: Basic SID:token, 201 with the message, its errors as Twilio words them. */
function messages(request: ReceivedRequest) {
  if (request.headers.authorization !== `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString("base64")}`) {
    return { status: 401, json: { code: 20003, message: "Authenticate", status: 401 } };
  }
  const form = request.data as Record<string, string>;
  if (form.To === "+15550000400") return { status: 400, json: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 } };
  if (form.To === "+15550000500") return { status: 500, json: { message: "Internal error" } };
  if (form.To === "+15550000429") return { status: 429, json: { code: 20429, message: "Too Many Requests" } };
  if (form.To === "+15550000503") return { status: 503, json: { message: "Service Unavailable" } };
  return { status: 201, json: { sid: "SM0001", status: "queued" } };
}

const ACCOUNT = `/2010-04-01/Accounts/${SID}.json`;
let accountStatus = "active";

/** Twilio's Account resource (https://www.twilio.com/docs/iam/api/account#fetch-an-account-resource). */
function account(request: ReceivedRequest) {
  if (request.headers.authorization !== `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString("base64")}`) {
    return { status: 401, json: { code: 20003, message: "Authenticate", more_info: "https://www.twilio.com/docs/errors/20003", status: 401 } };
  }
  return { json: { sid: SID, friendly_name: "Acme Events", status: accountStatus, type: "Full" } };
}

let twilioId: string;

const app = serviceTestApp({ [`POST ${PATH}`]: messages, [`GET ${ACCOUNT}`]: account });

beforeAll(async () => {
  twilioId = (await app.owner.integrations.create({ type: "TWILIO", sid: SID, token: TOKEN })).success.integrationid;
});

const SMS = { smsText: "Hi {first_name}, we go live at {event_time} {event_timezone}: {join_link}", phonenumber: "+15557654321" };
const smsJob = (registrant: Partial<ReturnType<typeof makeJob>["registrant"]> = {}, model: Record<string, unknown> = SMS) =>
  makeJob({ accountId: app.accountId, integrationType: "TWILIO", action: "sendsms", integrationID: twilioId, model, registrant });

describe("the connection check", () => {
  it("reads the account with HTTP Basic SID:token and names it", async () => {
    await expect(app.owner.integrations.test(twilioId)).resolves.toEqual({ success: true, message: "Connected to the Twilio account Acme Events." });
    expect(app.fake.calls(`GET ${ACCOUNT}`)).toHaveLength(1);
  });

  it("a wrong token: 422 in Twilio's words, and not connected; a suspended account cannot send", async () => {
    const wrong = (await app.owner.integrations.create({ type: "TWILIO", sid: SID, token: "wrong-token-0123456789" })).success.integrationid;
    await expect(app.owner.integrations.test(wrong)).rejects.toMatchObject({ status: 422, message: expect.stringContaining("Authenticate") });
    expect((await app.owner.integrations.list()).success[wrong]).toMatchObject({ connected: false });
    accountStatus = "suspended";
    try {
      await expect(app.owner.integrations.test(twilioId)).rejects.toMatchObject({
        status: 422,
        message: "The Twilio account Acme Events is suspended: it cannot send messages.",
      });
    } finally {
      accountStatus = "active";
    }
  });
});

describe("sendsms", () => {
  it("POSTs Twilio's form with Basic SID:token, the registrant's phone and the personalised text", async () => {
    await expect(app.execute(smsJob())).resolves.toEqual({ status: "sent", detail: "HTTP 201 SM0001 queued" });
    const [request] = app.fake.calls(`POST ${PATH}`);
    expect(request?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(request?.data).toEqual({
      To: "+15551230007",
      From: "+15557654321",
      Body: "Hi Ada, we go live at 9:00 AM EST: https://join.example.com/evt-3?r=reg-7",
    });
  });

  it("skips registrants without SMS consent or without a phone, without calling Twilio", async () => {
    await expect(app.execute(smsJob({ smsConsent: false }))).resolves.toEqual({ status: "skipped", reason: "no SMS consent" });
    await expect(app.execute(smsJob({ phone: " " }))).resolves.toEqual({
      status: "skipped",
      reason: "the registrant has no phone number",
    });
    expect(app.fake.requests).toHaveLength(0);
  });

  it("gives up on Twilio's 4xx (with its words) and on a 500 (the text may have gone out), retries 429 and 503", async () => {
    await expect(app.execute(smsJob({ phone: "+15550000400" }))).rejects.toThrow(
      new PermanentActionError("Twilio answered HTTP 400: The 'To' number is not a valid phone number."),
    );
    await expect(app.execute(smsJob({ phone: "+15550000500" }))).rejects.toThrow(/It may have been carried out all the same/);
    await expect(app.execute(smsJob({ phone: "+15550000429" }))).rejects.toBeInstanceOf(RetryableActionError);
    await expect(app.execute(smsJob({ phone: "+15550000503" }))).rejects.toBeInstanceOf(RetryableActionError);
    const wrong = (await app.owner.integrations.create({ type: "TWILIO", sid: SID, token: "wrong-token-000000" })).success.integrationid;
    await expect(app.execute({ ...smsJob(), node: { ...smsJob().node, integrationID: wrong } })).rejects.toThrow(
      new PermanentActionError("Twilio answered HTTP 401: Authenticate"),
    );
  });

  it("refuses a node without its text or sender number", async () => {
    await expect(app.execute(smsJob({}, { phonenumber: "+15557654321" }))).rejects.toThrow(
      new PermanentActionError("Twilio: Enter the SMS text (smsText)."),
    );
  });
});

describe("sendmms", () => {
  const mmsJob = (model: Record<string, unknown>) =>
    makeJob({ accountId: app.accountId, integrationType: "TWILIO", action: "sendmms", integrationID: twilioId, model });

  it("adds MediaUrl: a NiftyImage of this account, personalised", async () => {
    const { success } = await app.owner.integrations.create({ type: "NIFTYIMAGE", api_key: "nifty-key-0123456789" });
    await app.t.db.orm
      .update(integrations)
      .set({ images: { k1: { url: "https://img1.niftyimages.com/k1?name={first_name}", name: "Welcome" } } })
      .where(eq(integrations.id, success.integrationid));
    const model = { type: "niftyimage", image: "k1", mmsText: "For you, {first_name}", phonenumber: "+15557654321" };
    await expect(app.execute(mmsJob(model))).resolves.toMatchObject({ status: "sent" });
    expect(app.fake.calls(`POST ${PATH}`)[0]?.data).toEqual({
      To: "+15551230007",
      From: "+15557654321",
      Body: "For you, Ada",
      MediaUrl: "https://img1.niftyimages.com/k1?name=Ada",
    });
  });

  it("refuses an image no longer in the media library and an unknown NiftyImage (media-library images: media.test.ts)", async () => {
    await expect(app.execute(mmsJob({ type: "image", image: "media-1", phonenumber: "+15557654321" }))).rejects.toThrow(
      new PermanentActionError("Twilio: the image of this action is no longer in the media library; pick it again."),
    );
    await expect(app.execute(mmsJob({ type: "niftyimage", image: "nope", phonenumber: "+15557654321" }))).rejects.toThrow(
      /NiftyImage "nope" is not among this account's images/,
    );
    await expect(app.execute(mmsJob({ type: "image", image: "https://cdn.example.com/a.png" }))).rejects.toThrow(
      new PermanentActionError("Twilio: enter the sender phone number of this action (phonenumber)."),
    );
    expect(app.fake.requests).toHaveLength(0);
  });
});
