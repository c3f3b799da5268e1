import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { makeJob } from "../../test-support/jobs.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { EVENT_MESSAGE_TAG } from "./actions.js";
import { MANYCHAT_KEY, startFakeManyChat } from "./fake.js";

let integrationId: string;

const create = async (key: string) => (await app.owner.integrations.create({ type: "MANYCHAT", api_key: key })).success.integrationid;

const app = serviceTestApp(startFakeManyChat);

beforeAll(async () => {
  integrationId = await create(MANYCHAT_KEY);
});
beforeEach(() => {
  app.fake.sent.length = 0;
  app.fake.tagged.clear();
  app.fake.fault = undefined;
});

const ADA = 1_090_001;
const FLOW = "content20240305120000_123456";
const job = (action: string, model: Record<string, unknown>, integrationID = integrationId) =>
  makeJob({ accountId: app.accountId, integrationType: "MANYCHAT", action, integrationID, model });
const stranger = (action: string, model: Record<string, unknown>) => {
  const base = job(action, model);
  return { ...base, registrant: { ...base.registrant, email: "bob@example.com" } };
};

describe("ManyChat connection", () => {
  it("check reads the page with the API key as a Bearer token", async () => {
    await expect(app.owner.integrations.test(integrationId)).resolves.toEqual({ success: true, message: "Connected to the ManyChat page Acme Webinars." });
    expect(app.fake.calls("GET /fb/page/getInfo")[0]?.headers.authorization).toBe(`Bearer ${MANYCHAT_KEY}`);
  });

  it("a wrong key: 422 in ManyChat's words, and not connected", async () => {
    const wrong = await create("999:wrong");
    await expect(app.owner.integrations.test(wrong)).rejects.toMatchObject({ status: 422, message: "ManyChat answered: Wrong format token" });
    const { success } = await app.owner.integrations.list();
    expect(success[wrong]).toMatchObject({ connected: false });
  });

  it("lists the page's tags (by id) and flows (by namespace)", async () => {
    const { success } = await app.owner.integrations.getLists("manychat", { integrationID: integrationId, refresh: true });
    expect(success).toMatchObject({
      tags: [
        { id: "301", name: "Registered" },
        { id: "302", name: "Attended" },
      ],
      flows: [
        { id: FLOW, name: "Webinar reminder" },
        { id: "content20240305120500_654321", name: "Replay follow-up" },
      ],
    });
  });
});

describe("ManyChat actions", () => {
  it("addTag finds the subscriber by email and tags them by id; removeTag takes it off", async () => {
    await expect(app.execute(job("addTag", { tagName: "302" }))).resolves.toEqual({
      status: "sent",
      detail: `subscriber ${ADA} tagged 302 (HTTP 200)`,
    });
    expect(app.fake.calls("GET /fb/subscriber/findBySystemField")[0]?.query.get("email")).toBe("ada@example.com");
    expect(app.fake.calls("POST /fb/subscriber/addTag").map((r) => r.data)).toEqual([{ subscriber_id: ADA, tag_id: 302 }]);
    expect([...(app.fake.tagged.get(ADA) ?? [])]).toEqual([302]);
    await expect(app.execute(job("removeTag", { tagName: "302" }))).resolves.toMatchObject({ status: "sent" });
    expect(app.fake.calls("POST /fb/subscriber/removeTag").map((r) => r.data)).toEqual([{ subscriber_id: ADA, tag_id: 302 }]);
    expect([...(app.fake.tagged.get(ADA) ?? [])]).toEqual([]);
  });

  it("sendText sends one personalised text with Messenger's event-update tag", async () => {
    const model = { message: "Hi {first_name}, {event_subject} starts at {event_time} {event_timezone}: {join_link}" };
    await expect(app.execute(job("sendText", model))).resolves.toEqual({ status: "sent", detail: `subscriber ${ADA}: HTTP 200` });
    expect(app.fake.calls("POST /fb/sending/sendContent").map((r) => r.data)).toEqual([
      {
        subscriber_id: ADA,
        data: {
          version: "v2",
          content: { messages: [{ type: "text", text: "Hi Ada, Scaling Webinars starts at 9:00 AM EST: https://join.example.com/evt-3?r=reg-7" }] },
        },
        message_tag: EVENT_MESSAGE_TAG,
      },
    ]);
    expect(app.fake.sent).toHaveLength(1);
  });

  it("sendMedia sends the file address as a message of the picked type", async () => {
    await app.execute(job("sendMedia", { type: "image", file: "https://cdn.example.com/offer.png" }));
    expect(app.fake.sent.map((entry) => entry.messages)).toEqual([[{ type: "image", url: "https://cdn.example.com/offer.png" }]]);
  });

  it("sendFlow starts the picked flow for the subscriber", async () => {
    await expect(app.execute(job("sendFlow", { flowName: FLOW }))).resolves.toMatchObject({ status: "sent" });
    expect(app.fake.calls("POST /fb/sending/sendFlow").map((r) => r.data)).toEqual([{ subscriber_id: ADA, flow_ns: FLOW }]);
  });

  it("skips a registrant who is not a subscriber of the page, or has no email, without writing", async () => {
    const notSubscribed = { status: "skipped", reason: "the registrant is not a subscriber of this ManyChat page" };
    await expect(app.execute(stranger("addTag", { tagName: "302" }))).resolves.toEqual(notSubscribed);
    await expect(app.execute(stranger("sendFlow", { flowName: FLOW }))).resolves.toEqual(notSubscribed);
    const noEmail = job("sendText", { message: "Hi" });
    noEmail.registrant = { ...noEmail.registrant, email: "" };
    await expect(app.execute(noEmail)).resolves.toEqual({ status: "skipped", reason: "the registrant has no email address" });
    expect(app.fake.requests.filter((r) => r.method === "POST")).toHaveLength(0);
  });

  it("a send whose answer was lost is not retried (no idempotency key): one message, the reason in the log", async () => {
    app.fake.fault = "lost-answer";
    await expect(app.execute(job("sendFlow", { flowName: FLOW }))).rejects.toThrow(
      new PermanentActionError(
        "ManyChat answered HTTP 502: Bad Gateway. It may have been carried out all the same, so it is not tried again: a second try could do it twice.",
      ),
    );
    expect(app.fake.sent).toHaveLength(1);
  });

  it("tag writes are retried after a 5xx (adding a tag twice is harmless); refusals reach the log in ManyChat's words", async () => {
    app.fake.on({ "POST /fb/subscriber/addTag": () => ({ status: 503, json: { status: "error", message: "Service Unavailable" } }) });
    await expect(app.execute(job("addTag", { tagName: "302" }))).rejects.toThrow(
      new RetryableActionError("ManyChat answered HTTP 503: Service Unavailable"),
    );
    await expect(app.execute(job("sendFlow", { flowName: "content_gone" }))).rejects.toThrow(
      new PermanentActionError("ManyChat answered HTTP 400: Flow not found"),
    );
    await expect(app.execute(job("sendMedia", { type: "image", file: "" }))).rejects.toThrow(PermanentActionError);
  });
});
