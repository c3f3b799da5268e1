import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Client } from "@cuepoint/sdk";
import { executeAction, PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { actionContext, makeJob } from "../../../engine/actions/test-support/jobs.js";
import { createTestApp, type TestApp } from "../../../test-support/testApp.js";
import { pointServicesAt } from "../../test-support/serviceEnv.js";
import { idempotencyUuid } from "./api.js";
import { ONESIGNAL_APP_ID, ONESIGNAL_KEY, startFakeOneSignal, type FakeOneSignal } from "./fake.js";

let t: TestApp;
let owner: Client;
let accountId: string;
let onesignal: FakeOneSignal;
let restoreEnv: () => void;
let integrationId: string;

const create = async (key: string, appId = ONESIGNAL_APP_ID) =>
  (await owner.integrations.create({ type: "ONESIGNAL", app_id: appId, rest_api_key: key })).success.integrationid;

beforeAll(async () => {
  onesignal = await startFakeOneSignal();
  restoreEnv = pointServicesAt(onesignal.url);
  t = await createTestApp();
  const user = await t.user();
  accountId = user.accountId;
  owner = t.client(await t.login(user.email));
  integrationId = await create(ONESIGNAL_KEY);
});
afterAll(async () => {
  restoreEnv();
  await Promise.all([t.close(), onesignal.close()]);
});
beforeEach(() => {
  onesignal.requests.length = 0;
  onesignal.created.length = 0;
  onesignal.loseNextAnswer = false;
});

const TEMPLATE = "9e778dd4-6453-40d7-888d-000000000000";
/** Each test is another (action, registrant, event): OneSignal keeps idempotency keys for 30 days. */
let testNo = 0;
beforeEach(() => {
  testNo += 1;
});
const job = (model: Record<string, unknown> = { template: TEMPLATE }, integrationID = integrationId) => ({
  ...makeJob({ accountId, integrationType: "ONESIGNAL", action: "sendNotification", integrationID, model }),
  idempotencyKey: `node-1:reg-7:evt-${testNo}`,
});

describe("OneSignal connection", () => {
  it("check reads one template with the App ID and the key as `Authorization: Key`", async () => {
    await expect(owner.integrations.test(integrationId)).resolves.toEqual({
      success: true,
      message: "OneSignal accepted the App ID and REST API key (60 templates).",
    });
    const [request] = onesignal.calls("GET /templates");
    expect(request?.headers.authorization).toBe(`Key ${ONESIGNAL_KEY}`);
    expect(Object.fromEntries(request?.query ?? [])).toEqual({ app_id: ONESIGNAL_APP_ID, limit: "1", offset: "0" });
  });

  it("a wrong key or app: 422 in OneSignal's words, and not connected", async () => {
    const wrongKey = await create("os_v2_app_wrong_key_000000");
    await expect(owner.integrations.test(wrongKey)).rejects.toMatchObject({
      status: 422,
      message: "OneSignal answered: Access denied.  Please include an 'Authorization: Key <API key>' header with a valid API key.",
    });
    const wrongApp = await create(ONESIGNAL_KEY, "00000000-0000-4000-8000-000000000000");
    await expect(owner.integrations.test(wrongApp)).rejects.toMatchObject({ status: 422, message: "OneSignal answered: app_id not found" });
    const { success } = await owner.integrations.list();
    expect(success[wrongKey]).toMatchObject({ connected: false });
  });

  it("lists every template, 50 a page", async () => {
    const { success } = await owner.integrations.getLists("onesignal", { integrationID: integrationId, refresh: true });
    const templates = (success as Record<string, Array<{ id: string; name: string }>>).templates ?? [];
    expect(templates).toHaveLength(60);
    expect(templates[0]).toEqual({ id: TEMPLATE, name: "Webinar starting" });
    expect(onesignal.calls("GET /templates").map((request) => request.query.get("offset"))).toEqual(["0", "50"]);
  });
});

describe("OneSignal sendNotification", () => {
  it("creates one push message from the template for the registrant's External ID (their email)", async () => {
    await expect(executeAction(actionContext(t), job())).resolves.toEqual({
      status: "sent",
      detail: "message b98881cc-1e94-4366-bbd9-000000000001 created (HTTP 200)",
    });
    const posts = onesignal.calls("POST /notifications");
    expect(posts).toHaveLength(1);
    expect(posts[0]?.query.get("c")).toBe("push");
    expect(posts[0]?.headers.authorization).toBe(`Key ${ONESIGNAL_KEY}`);
    expect(posts[0]?.data).toEqual({
      app_id: ONESIGNAL_APP_ID,
      template_id: TEMPLATE,
      target_channel: "push",
      include_aliases: { external_id: ["ada@example.com"] },
      custom_data: {
        first_name: "Ada",
        name: "Ada Lovelace",
        event_subject: "Scaling Webinars",
        event_date: "March 5, 2024",
        event_time: "9:00 AM",
        event_timezone: "EST",
        join_link: "https://join.example.com/evt-3?r=reg-7",
        replay_link: "https://join.example.com/evt-3/replay",
      },
      idempotency_key: idempotencyUuid(`node-1:reg-7:evt-${testNo}`),
    });
  });

  it("a retry after a lost answer sends the same idempotency key: OneSignal answers the first message, none is added", async () => {
    const ctx = actionContext(t);
    onesignal.loseNextAnswer = true;
    await expect(executeAction(ctx, job())).rejects.toThrow(new RetryableActionError("OneSignal answered HTTP 502: Bad Gateway"));
    await expect(executeAction(ctx, { ...job(), attempt: 2 })).resolves.toEqual({
      status: "sent",
      detail: "message b98881cc-1e94-4366-bbd9-000000000001 created (HTTP 200)",
    });
    expect(onesignal.created).toHaveLength(1);
    const keys = onesignal.calls("POST /notifications").map((request) => (request.data as { idempotency_key: string }).idempotency_key);
    expect(new Set(keys).size).toBe(1);
  });

  it("skips a registrant without a push subscription, or without an email, with the reason", async () => {
    const ctx = actionContext(t);
    const stranger = job();
    stranger.registrant = { ...stranger.registrant, email: "bob@example.com" };
    await expect(executeAction(ctx, stranger)).resolves.toEqual({
      status: "skipped",
      reason: "OneSignal: the registrant has no push subscription in this app",
    });
    const noEmail = job();
    noEmail.registrant = { ...noEmail.registrant, email: "" };
    await expect(executeAction(ctx, noEmail)).resolves.toEqual({ status: "skipped", reason: "the registrant has no email address" });
    expect(onesignal.created).toHaveLength(0);
  });

  it("OneSignal's refusal reaches the delivery log in its words; a node without a template is refused before asking", async () => {
    const ctx = actionContext(t);
    await expect(executeAction(ctx, job({ template: "no-such-template" }))).rejects.toThrow(
      new PermanentActionError("OneSignal answered HTTP 400: Template not found"),
    );
    onesignal.requests.length = 0;
    await expect(executeAction(ctx, job({}))).rejects.toThrow(PermanentActionError);
    expect(onesignal.requests).toHaveLength(0);
  });
});
