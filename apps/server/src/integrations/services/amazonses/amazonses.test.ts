import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { makeJob } from "../../test-support/jobs.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { expectRetryableOutOfReach, expectTimeoutNotRetried } from "../../test-support/unreachable.js";
import { SES_KEY_ID, SES_REGION, SES_SECRET, startSesFake, verifySigV4 } from "./fake.js";

let integrationId: string;

const KEYS = { aws_access_key_id: SES_KEY_ID, aws_secret_access_key: SES_SECRET, aws_region: SES_REGION };
const MODEL = {
  emailFrom: "events@acme.example",
  nameFrom: "Acme Events",
  emailSubject: "{first_name}, {event_subject} starts soon",
  message: "Join at {join_link} on {event_date} at {event_time} {event_timezone}.",
};
const SEND = "POST /v2/email/outbound-emails";

const app = serviceTestApp(startSesFake);

beforeAll(async () => {
  integrationId = await create();
});
beforeEach(() => {
  app.fake.mails.length = 0;
  Object.assign(app.fake.account, { SendingEnabled: true, ProductionAccessEnabled: true });
});

async function create(fields: Record<string, string> = {}): Promise<string> {
  return (await app.owner.integrations.create({ type: "AMAZONSES", ...KEYS, ...fields })).success.integrationid;
}

const job = (model: Record<string, unknown> = MODEL, integrationID = integrationId) =>
  makeJob({ accountId: app.accountId, integrationType: "AMAZONSES", action: "sendMail", integrationID, model });

/** The body's HTML part: the join link clickable (the SDK's renderMessage). */
const JOIN_HTML =
  '<p>Join at <a href="https://join.example.com/evt-3?r=reg-7">https://join.example.com/evt-3?r=reg-7</a> on March 5, 2024 at 9:00 AM EST.</p>';

describe("Amazon SES check", () => {
  it("asks GetAccount with a SigV4-signed request and says what the account can do", async () => {
    await expect(app.owner.integrations.check("amazonses", KEYS)).resolves.toMatchObject({
      success: true,
      message: "Amazon SES accepted the keys: sending is enabled in eu-west-1 (50,000 mails a day).",
    });
    const [request] = app.fake.calls("GET /v2/email/account");
    expect(String(request?.headers.authorization)).toMatch(
      new RegExp(`^AWS4-HMAC-SHA256 Credential=${SES_KEY_ID}/\\d{8}/${SES_REGION}/ses/aws4_request, ?SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, ?Signature=[0-9a-f]{64}$`),
    );
    expect(verifySigV4(request!)).toBeUndefined();
    app.fake.account.ProductionAccessEnabled = false;
    await expect(app.owner.integrations.check("amazonses", KEYS)).resolves.toMatchObject({
      message: expect.stringContaining("the account is in the sandbox in eu-west-1 (200 mails a day)"),
    });
  });

  it("answers 422 in Amazon's words for an unknown key, a wrong secret or a paused account", async () => {
    await expect(app.owner.integrations.check("amazonses", { ...KEYS, aws_access_key_id: "AKIAUNKNOWN000000000" })).rejects.toMatchObject({
      status: 422,
      message: "Amazon SES answered: The security token included in the request is invalid. (UnrecognizedClientException)",
    });
    await expect(app.owner.integrations.check("amazonses", { ...KEYS, aws_secret_access_key: "not-the-secret-000000000000000000000000" }))
      .rejects.toMatchObject({ status: 422, message: expect.stringMatching(/^Amazon SES answered: The request signature we calculated does not match.*\(SignatureDoesNotMatch\)$/) });
    app.fake.account.SendingEnabled = false;
    await expect(app.owner.integrations.check("amazonses", KEYS)).rejects.toMatchObject({
      status: 422,
      message: "Amazon SES accepted the keys, but sending is paused for this account in eu-west-1.",
    });
  });

  it("a saved integration's test marks it connected from Amazon's answer", async () => {
    await expect(app.owner.integrations.test(integrationId)).resolves.toMatchObject({ success: true });
    const wrong = await create({ aws_secret_access_key: "wrong-secret-0000000000000000000000000" });
    await expect(app.owner.integrations.test(wrong)).rejects.toMatchObject({ status: 422 });
  });
});

describe("Amazon SES sendMail", () => {
  it("sends the personalised mail as SendEmail documents it, signed, once, with the idempotency key header", async () => {
    const outcome = await app.execute(job());
    expect(outcome).toEqual({ status: "sent", detail: `SES message ${app.fake.mails[0]?.messageId}` });
    expect(app.fake.calls(SEND)).toHaveLength(1);
    expect(verifySigV4(app.fake.calls(SEND)[0]!)).toBeUndefined();
    expect(app.fake.mails[0]?.body).toEqual({
      FromEmailAddress: '"Acme Events" <events@acme.example>',
      Destination: { ToAddresses: ['"Ada Lovelace" <ada@example.com>'] },
      Content: {
        Simple: {
          Subject: { Data: "Ada, Scaling Webinars starts soon", Charset: "UTF-8" },
          Body: {
            Text: { Data: "Join at https://join.example.com/evt-3?r=reg-7 on March 5, 2024 at 9:00 AM EST.", Charset: "UTF-8" },
            Html: { Data: expect.stringContaining(JOIN_HTML) as string, Charset: "UTF-8" },
          },
          Headers: [{ Name: "X-Cuepoint-Idempotency-Key", Value: "node-1:reg-7:evt-3" }],
        },
      },
    });
  });

  it("throttling and 5xx are retried by the engine (not by the SDK): one request each, one mail in the end, same key", async () => {
    app.fake.failNext(429, "TooManyRequestsException", "Maximum sending rate exceeded.");
    await expect(app.execute(job())).rejects.toThrow(
      new RetryableActionError("Amazon SES answered HTTP 429: Maximum sending rate exceeded. (TooManyRequestsException)"),
    );
    app.fake.failNext(503, "ServiceUnavailable", "Service is unavailable. Please try again later.");
    await expect(app.execute({ ...job(), attempt: 2 })).rejects.toBeInstanceOf(RetryableActionError);
    expect(app.fake.calls(SEND)).toHaveLength(2);
    await expect(app.execute({ ...job(), attempt: 3 })).resolves.toMatchObject({ status: "sent" });
    expect(app.fake.mails).toHaveLength(1);
    const keys = app.fake.calls(SEND).map((request) => (request.data as { Content: { Simple: { Headers: Array<{ Value: string }> } } }).Content.Simple.Headers[0]?.Value);
    expect(new Set(keys)).toEqual(new Set(["node-1:reg-7:evt-3"]));
  });

  it("shows Amazon's refusal permanently in its words; incomplete input is refused or skipped before any call", async () => {
    await expect(app.execute(job({ ...MODEL, emailFrom: "news@unverified.example" }))).rejects.toThrow(
      new PermanentActionError(
        "Amazon SES answered HTTP 400: Email address is not verified. The following identities failed the check in region EU-WEST-1: news@unverified.example (MessageRejected)",
      ),
    );
    const wrongSecret = await create({ aws_secret_access_key: "wrong-secret-1111111111111111111111111" });
    await expect(app.execute(job(MODEL, wrongSecret))).rejects.toThrow(/^Amazon SES answered HTTP 403: The request signature we calculated/);
    app.fake.requests.length = 0;
    await expect(app.execute(job({ ...MODEL, emailFrom: "not-an-address" }))).rejects.toThrow(
      new PermanentActionError('Amazon SES: "not-an-address" is not an email address to send from (emailFrom).'),
    );
    const noEmail = job();
    noEmail.registrant = { ...noEmail.registrant, email: "" };
    await expect(app.execute(noEmail)).resolves.toEqual({ status: "skipped", reason: "the registrant has no email address" });
    expect(app.fake.requests).toHaveLength(0);
    expect(app.fake.mails).toHaveLength(0);
  });

  it("Amazon SES out of reach is retryable", async () => {
    await expectRetryableOutOfReach(() => app.execute(job()));
  });

  it("a send Amazon SES did not answer in time is not sent again (it may have gone out); one that never reached it is", async () => {
    await expectTimeoutNotRetried(() => app.execute(job()));
  });
});
