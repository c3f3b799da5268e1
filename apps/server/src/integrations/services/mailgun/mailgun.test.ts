import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { messageIdFor } from "../../actions/messageId.js";
import { makeJob } from "../../test-support/jobs.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { expectRetryableOutOfReach, expectTimeoutNotRetried } from "../../test-support/unreachable.js";
import { MAILGUN_DOMAIN, MAILGUN_KEY, startMailgunFake } from "./fake.js";

let integrationId: string;

const MODEL = {
  emailFrom: "events@acme.example",
  nameFrom: "Acme Events",
  emailSubject: "{first_name}, {event_subject} starts soon",
  message: "Join at {join_link} on {event_date} at {event_time} {event_timezone}.",
};

const app = serviceTestApp(startMailgunFake);

beforeAll(async () => {
  integrationId = await create();
});
beforeEach(() => {
  app.fake.messages.length = 0;
});

async function create(fields: Record<string, string> = {}): Promise<string> {
  const blocks = { type: "MAILGUN", api_key: MAILGUN_KEY, domain: MAILGUN_DOMAIN, accountType: "us", ...fields };
  return (await app.owner.integrations.create(blocks)).success.integrationid;
}

const job = (model: Record<string, unknown> = MODEL, integrationID = integrationId) =>
  makeJob({ accountId: app.accountId, integrationType: "MAILGUN", action: "sendMail", integrationID, model });

/** The body's HTML part: the join link clickable (the SDK's renderMessage). */
const JOIN_HTML =
  '<p>Join at <a href="https://join.example.com/evt-3?r=reg-7">https://join.example.com/evt-3?r=reg-7</a> on March 5, 2024 at 9:00 AM EST.</p>';

describe("Mailgun check", () => {
  it("asks Mailgun for the sending domain with the key and says what it answered", async () => {
    await expect(app.owner.integrations.check("mailgun", { api_key: MAILGUN_KEY, domain: MAILGUN_DOMAIN, accountType: "us" })).resolves
      .toMatchObject({ success: true, message: `Mailgun accepted the key; the domain ${MAILGUN_DOMAIN} is active.` });
    const [request] = app.fake.calls(`GET /v4/domains/${MAILGUN_DOMAIN}`);
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from(`api:${MAILGUN_KEY}`).toString("base64")}`);
    await expect(app.owner.integrations.check("mailgun", { api_key: MAILGUN_KEY, domain: "new.example.com", accountType: "eu" })).resolves
      .toMatchObject({ message: expect.stringContaining("the domain new.example.com is unverified") });
  });

  it("answers 422 in Mailgun's words for a wrong key or a domain of another account", async () => {
    await expect(app.owner.integrations.check("mailgun", { api_key: "key-wrong-000000", domain: MAILGUN_DOMAIN, accountType: "us" }))
      .rejects.toMatchObject({ status: 422, message: "Mailgun answered: Forbidden" });
    await expect(app.owner.integrations.check("mailgun", { api_key: MAILGUN_KEY, domain: "other.example.com", accountType: "us" }))
      .rejects.toMatchObject({ status: 422, message: "Mailgun answered: Domain not found" });
  });

  it("a saved integration's test marks it connected from Mailgun's answer", async () => {
    await expect(app.owner.integrations.test(integrationId)).resolves.toMatchObject({ success: true });
    const wrong = await create({ api_key: "key-wrong-111111" });
    await expect(app.owner.integrations.test(wrong)).rejects.toMatchObject({ status: 422, message: "Mailgun answered: Forbidden" });
  });
});

describe("Mailgun sendMail", () => {
  it("sends the personalised mail as Mailgun documents it, once, with the job's Message-ID", async () => {
    const outcome = await app.execute(job());
    const messageId = messageIdFor("node-1:reg-7:evt-3", MODEL.emailFrom);
    expect(outcome).toEqual({ status: "sent", detail: `Queued. Thank you. (${messageId})` });
    expect(app.fake.calls(`POST /v3/${MAILGUN_DOMAIN}/messages`)).toHaveLength(1);
    expect(app.fake.messages).toEqual([
      {
        from: ['"Acme Events" <events@acme.example>'],
        to: ['"Ada Lovelace" <ada@example.com>'],
        subject: ["Ada, Scaling Webinars starts soon"],
        text: ["Join at https://join.example.com/evt-3?r=reg-7 on March 5, 2024 at 9:00 AM EST."],
        html: [expect.stringContaining(JOIN_HTML) as string],
        "h:Message-Id": [messageId],
        "h:X-Cuepoint-Idempotency-Key": ["node-1:reg-7:evt-3"],
      },
    ]);
  });

  it("a retry after Mailgun's 5xx is retryable and sends the same Message-ID: one message to the recipient", async () => {
    const route = `POST /v3/${MAILGUN_DOMAIN}/messages`;
    app.fake.failNext(503, "Service temporarily unavailable");
    await expect(app.execute(job())).rejects.toThrow(
      new RetryableActionError("Mailgun answered HTTP 503: Service temporarily unavailable"),
    );
    await expect(app.execute({ ...job(), attempt: 2 })).resolves.toMatchObject({ status: "sent" });
    const sentIds = app.fake.calls(route).map((request) => /name="h:Message-Id"\r\n\r\n([^\r]+)/.exec(request.body)?.[1]);
    expect(new Set(sentIds)).toEqual(new Set([messageIdFor("node-1:reg-7:evt-3", MODEL.emailFrom)]));
    expect(app.fake.messages).toHaveLength(1);
  });

  it("shows Mailgun's refusal permanently, in its words; no sender address or no recipient is refused or skipped", async () => {
    await expect(app.execute(job({ ...MODEL, emailFrom: "events@" }))).rejects.toThrow(
      new PermanentActionError('Mailgun: "events@" is not an email address to send from (emailFrom).'),
    );
    const otherDomain = await create({ domain: "other.example.com" });
    await expect(app.execute(job(MODEL, otherDomain))).rejects.toThrow(
      new PermanentActionError("Mailgun answered HTTP 404: Domain not found: other.example.com"),
    );
    const wrongKey = await create({ api_key: "key-wrong-222222" });
    await expect(app.execute(job(MODEL, wrongKey))).rejects.toThrow(new PermanentActionError("Mailgun answered HTTP 401: Forbidden"));
    const noEmail = job();
    noEmail.registrant = { ...noEmail.registrant, email: " " };
    await expect(app.execute(noEmail)).resolves.toEqual({ status: "skipped", reason: "the registrant has no email address" });
    await expect(app.execute(job({ ...MODEL, emailSubject: "" }))).rejects.toBeInstanceOf(PermanentActionError);
    expect(app.fake.messages).toHaveLength(0);
  });

  it("Mailgun out of reach is retryable", async () => {
    await expectRetryableOutOfReach(() => app.execute(job()));
  });

  it("a send Mailgun did not answer in time is not sent again (it may have gone out); one that never reached it is", async () => {
    await expectTimeoutNotRetried(() => app.execute(job()));
  });
});
