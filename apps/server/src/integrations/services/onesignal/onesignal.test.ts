import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PermanentActionError, RetryableActionError } from "../../../engine/actions/index.js";
import { makeJob } from "../../test-support/jobs.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { idempotencyUuid } from "./api.js";
import { ONESIGNAL_APP_ID, ONESIGNAL_KEY, startFakeOneSignal } from "./fake.js";

const app = serviceTestApp(startFakeOneSignal);
let integrationId: string;

const create = async (key: string, appId = ONESIGNAL_APP_ID) =>
  (await app.owner.integrations.create({ type: "ONESIGNAL", app_id: appId, rest_api_key: key })).success.integrationid;

beforeAll(async () => {
  integrationId = await create(ONESIGNAL_KEY);
});
beforeEach(() => {
  app.fake.created.length = 0;
  app.fake.loseNextAnswer = false;
});

const TEMPLATE = "9e778dd4-6453-40d7-888d-000000000000";
/** Each test is another (action, registrant, event): OneSignal keeps idempotency keys for 30 days. */
let testNo = 0;
beforeEach(() => {
  testNo += 1;
});
const job = (model: Record<string, unknown> = { template: TEMPLATE }, integrationID = integrationId) => ({
  ...makeJob({ accountId: app.accountId, integrationType: "ONESIGNAL", action: "sendNotification", integrationID, model }),
  idempotencyKey: `node-1:reg-7:evt-${testNo}`,
});

describe("OneSignal connection", () => {
  it("check reads one template with the App ID and the key as `Authorization: Key`", async () => {
    await expect(app.owner.integrations.test(integrationId)).resolves.toEqual({
      success: true,
      message: "OneSignal accepted the App ID and REST API key (60 templates).",
    });
    const [request] = app.fake.calls("GET /templates");
    expect(request?.headers.authorization).toBe(`Key ${ONESIGNAL_KEY}`);
    expect(Object.fromEntries(request?.query ?? [])).toEqual({ app_id: ONESIGNAL_APP_ID, limit: "1", offset: "0" });
  });

  it("a wrong key or app: 422 in OneSignal's words, and not connected", async () => {
    const wrongKey = await create("os_v2_app_wrong_key_000000");
    await expect(app.owner.integrations.test(wrongKey)).rejects.toMatchObject({
      status: 422,
      message: "OneSignal answered: Access denied.  Please include an 'Authorization: Key <API key>' header with a valid API key.",
    });
    const wrongApp = await create(ONESIGNAL_KEY, "00000000-0000-4000-8000-000000000000");
    await expect(app.owner.integrations.test(wrongApp)).rejects.toMatchObject({ status: 422, message: "OneSignal answered: app_id not found" });
    const { success } = await app.owner.integrations.list();
    expect(success[wrongKey]).toMatchObject({ connected: false });
  });

  it("lists every template, 50 a page", async () => {
    const { success } = await app.owner.integrations.getLists("onesignal", { integrationID: integrationId, refresh: true });
    const templates = (success as Record<string, Array<{ id: string; name: string }>>).templates ?? [];
    expect(templates).toHaveLength(60);
    expect(templates[0]).toEqual({ id: TEMPLATE, name: "Webinar starting" });
    expect(app.fake.calls("GET /templates").map((request) => request.query.get("offset"))).toEqual(["0", "50"]);
  });
});

describe("OneSignal sendNotification", () => {
  it("creates one push message from the template for the registrant's External ID (their email)", async () => {
    await expect(app.execute(job())).resolves.toEqual({
      status: "sent",
      detail: "message b98881cc-1e94-4366-bbd9-000000000001 created (HTTP 200)",
    });
    const posts = app.fake.calls("POST /notifications");
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
    app.fake.loseNextAnswer = true;
    await expect(app.execute(job())).rejects.toThrow(new RetryableActionError("OneSignal answered HTTP 502: Bad Gateway"));
    await expect(app.execute({ ...job(), attempt: 2 })).resolves.toEqual({
      status: "sent",
      detail: "message b98881cc-1e94-4366-bbd9-000000000001 created (HTTP 200)",
    });
    expect(app.fake.created).toHaveLength(1);
    const keys = app.fake.calls("POST /notifications").map((request) => (request.data as { idempotency_key: string }).idempotency_key);
    expect(new Set(keys).size).toBe(1);
  });

  it("skips a registrant without a push subscription, or without an email, with the reason", async () => {
    const stranger = job();
    stranger.registrant = { ...stranger.registrant, email: "bob@example.com" };
    await expect(app.execute(stranger)).resolves.toEqual({
      status: "skipped",
      reason: "OneSignal: the registrant has no push subscription in this app",
    });
    const noEmail = job();
    noEmail.registrant = { ...noEmail.registrant, email: "" };
    await expect(app.execute(noEmail)).resolves.toEqual({ status: "skipped", reason: "the registrant has no email address" });
    expect(app.fake.created).toHaveLength(0);
  });

  it("OneSignal's refusal reaches the delivery log in its words; a node without a template is refused before asking", async () => {
    await expect(app.execute(job({ template: "no-such-template" }))).rejects.toThrow(
      new PermanentActionError("OneSignal answered HTTP 400: Template not found"),
    );
    app.fake.requests.length = 0;
    await expect(app.execute(job({}))).rejects.toThrow(PermanentActionError);
    expect(app.fake.requests).toHaveLength(0);
  });
});
