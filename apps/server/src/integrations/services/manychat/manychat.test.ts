import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Client } from "@cuepoint/sdk";
import { executeAction, PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { actionContext, makeJob } from "../../../engine/actions/test-support/jobs.js";
import { createTestApp, type TestApp } from "../../../test-support/testApp.js";
import { pointServicesAt } from "../../test-support/serviceEnv.js";
import { EVENT_MESSAGE_TAG } from "./actions.js";
import { MANYCHAT_KEY, startFakeManyChat, type FakeManyChat } from "./fake.js";

let t: TestApp;
let owner: Client;
let accountId: string;
let manychat: FakeManyChat;
let restoreEnv: () => void;
let integrationId: string;

const create = async (key: string) => (await owner.integrations.create({ type: "MANYCHAT", api_key: key })).success.integrationid;

beforeAll(async () => {
  manychat = await startFakeManyChat();
  restoreEnv = pointServicesAt(manychat.url);
  t = await createTestApp();
  const user = await t.user();
  accountId = user.accountId;
  owner = t.client(await t.login(user.email));
  integrationId = await create(MANYCHAT_KEY);
});
afterAll(async () => {
  restoreEnv();
  await Promise.all([t.close(), manychat.close()]);
});
beforeEach(() => {
  manychat.requests.length = 0;
  manychat.sent.length = 0;
  manychat.tagged.clear();
  manychat.fault = undefined;
});

const ADA = 1_090_001;
const FLOW = "content20240305120000_123456";
const job = (action: string, model: Record<string, unknown>, integrationID = integrationId) =>
  makeJob({ accountId, integrationType: "MANYCHAT", action, integrationID, model });
const stranger = (action: string, model: Record<string, unknown>) => {
  const base = job(action, model);
  return { ...base, registrant: { ...base.registrant, email: "bob@example.com" } };
};

describe("ManyChat connection", () => {
  it("check reads the page with the API key as a Bearer token", async () => {
    await expect(owner.integrations.test(integrationId)).resolves.toEqual({ success: true, message: "Connected to the ManyChat page Acme Webinars." });
    expect(manychat.calls("GET /fb/page/getInfo")[0]?.headers.authorization).toBe(`Bearer ${MANYCHAT_KEY}`);
  });

  it("a wrong key: 422 in ManyChat's words, and not connected", async () => {
    const wrong = await create("999:wrong");
    await expect(owner.integrations.test(wrong)).rejects.toMatchObject({ status: 422, message: "ManyChat answered: Wrong format token" });
    const { success } = await owner.integrations.list();
    expect(success[wrong]).toMatchObject({ connected: false });
  });

  it("lists the page's tags (by id) and flows (by namespace)", async () => {
    const { success } = await owner.integrations.getLists("manychat", { integrationID: integrationId, refresh: true });
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
    const ctx = actionContext(t);
    await expect(executeAction(ctx, job("addTag", { tagName: "302" }))).resolves.toEqual({
      status: "sent",
      detail: `subscriber ${ADA} tagged 302 (HTTP 200)`,
    });
    expect(manychat.calls("GET /fb/subscriber/findBySystemField")[0]?.query.get("email")).toBe("ada@example.com");
    expect(manychat.calls("POST /fb/subscriber/addTag").map((r) => r.data)).toEqual([{ subscriber_id: ADA, tag_id: 302 }]);
    expect([...(manychat.tagged.get(ADA) ?? [])]).toEqual([302]);
    await expect(executeAction(ctx, job("removeTag", { tagName: "302" }))).resolves.toMatchObject({ status: "sent" });
    expect(manychat.calls("POST /fb/subscriber/removeTag").map((r) => r.data)).toEqual([{ subscriber_id: ADA, tag_id: 302 }]);
    expect([...(manychat.tagged.get(ADA) ?? [])]).toEqual([]);
  });

  it("sendText sends one personalised text with Messenger's event-update tag", async () => {
    const model = { message: "Hi {first_name}, {event_subject} starts at {event_time} {event_timezone}: {join_link}" };
    await expect(executeAction(actionContext(t), job("sendText", model))).resolves.toEqual({ status: "sent", detail: `subscriber ${ADA}: HTTP 200` });
    expect(manychat.calls("POST /fb/sending/sendContent").map((r) => r.data)).toEqual([
      {
        subscriber_id: ADA,
        data: {
          version: "v2",
          content: { messages: [{ type: "text", text: "Hi Ada, Scaling Webinars starts at 9:00 AM EST: https://join.example.com/evt-3?r=reg-7" }] },
        },
        message_tag: EVENT_MESSAGE_TAG,
      },
    ]);
    expect(manychat.sent).toHaveLength(1);
  });

  it("sendMedia sends the file address as a message of the picked type", async () => {
    await executeAction(actionContext(t), job("sendMedia", { type: "image", file: "https://cdn.example.com/offer.png" }));
    expect(manychat.sent.map((entry) => entry.messages)).toEqual([[{ type: "image", url: "https://cdn.example.com/offer.png" }]]);
  });

  it("sendFlow starts the picked flow for the subscriber", async () => {
    await expect(executeAction(actionContext(t), job("sendFlow", { flowName: FLOW }))).resolves.toMatchObject({ status: "sent" });
    expect(manychat.calls("POST /fb/sending/sendFlow").map((r) => r.data)).toEqual([{ subscriber_id: ADA, flow_ns: FLOW }]);
  });

  it("skips a registrant who is not a subscriber of the page, or has no email, without writing", async () => {
    const ctx = actionContext(t);
    const notSubscribed = { status: "skipped", reason: "the registrant is not a subscriber of this ManyChat page" };
    await expect(executeAction(ctx, stranger("addTag", { tagName: "302" }))).resolves.toEqual(notSubscribed);
    await expect(executeAction(ctx, stranger("sendFlow", { flowName: FLOW }))).resolves.toEqual(notSubscribed);
    const noEmail = job("sendText", { message: "Hi" });
    noEmail.registrant = { ...noEmail.registrant, email: "" };
    await expect(executeAction(ctx, noEmail)).resolves.toEqual({ status: "skipped", reason: "the registrant has no email address" });
    expect(manychat.requests.filter((r) => r.method === "POST")).toHaveLength(0);
  });

  it("a send whose answer was lost is not retried (no idempotency key): one message, the reason in the log", async () => {
    manychat.fault = "lost-answer";
    await expect(executeAction(actionContext(t), job("sendFlow", { flowName: FLOW }))).rejects.toThrow(
      new PermanentActionError(
        "ManyChat answered HTTP 502: Bad Gateway. It may have been carried out all the same, so it is not tried again: a second try could do it twice.",
      ),
    );
    expect(manychat.sent).toHaveLength(1);
  });

  it("tag writes are retried after a 5xx (adding a tag twice is harmless); refusals reach the log in ManyChat's words", async () => {
    const ctx = actionContext(t);
    manychat.on({ "POST /fb/subscriber/addTag": () => ({ status: 503, json: { status: "error", message: "Service Unavailable" } }) });
    await expect(executeAction(ctx, job("addTag", { tagName: "302" }))).rejects.toThrow(
      new RetryableActionError("ManyChat answered HTTP 503: Service Unavailable"),
    );
    await expect(executeAction(ctx, job("sendFlow", { flowName: "content_gone" }))).rejects.toThrow(
      new PermanentActionError("ManyChat answered HTTP 400: Flow not found"),
    );
    await expect(executeAction(ctx, job("sendMedia", { type: "image", file: "" }))).rejects.toThrow(PermanentActionError);
  });
});
