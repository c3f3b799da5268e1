import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeJob } from "../../test-support/jobs.js";
import { connectOAuth } from "../../test-support/oauth.js";
import { PermanentActionError, RetryableActionError, type ActionJob } from "../../actions/types.js";
import { loadIntegration } from "../../store.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { startDripFake } from "./fake.js";

let integrationId: string;

const BASE = "/v2/9999999";
const ADA = `${BASE}/subscribers/ada%40example.com`;

const app = serviceTestApp(startDripFake);

beforeAll(async () => {
  integrationId = await connectOAuth(app.owner, "drip", "drip-code");
});
beforeEach(() => {
  app.fake.subscribers.length = 0;
  app.fake.token = "drip-token-0123456789";
});

const job = (action: string, model: Record<string, unknown>, registrant: Partial<ActionJob["registrant"]> = {}) =>
  makeJob({ accountId: app.accountId, integrationType: "DRIP", action, integrationID: integrationId, model, registrant });

/** Carries out a job as the scheduler does when it is due: through the engine's `executeAction` and the registry. */
const perform = (work: ActionJob) => app.execute(work);

const calls = () => app.fake.requests.map((r) => `${r.method} ${r.path}`);
const seedAda = async () => {
  await perform(job("addTag", { tagName: "vip" }));
  app.fake.requests.length = 0;
};

describe("Drip connection", () => {
  it("connecting remembers the grant's account; the test reads it with the Bearer token and a User-Agent", async () => {
    expect((await loadIntegration(app.t.db.orm, app.accountId, integrationId)).row.meta).toMatchObject({ account_id: "9999999" });
    await expect(app.owner.integrations.test(integrationId)).resolves.toMatchObject({ message: "Drip answered: account Acme Webinars." });
    expect(calls()).toEqual(["GET /v2/accounts/9999999"]);
    expect(app.fake.requests[0]?.headers.authorization).toBe("Bearer drip-token-0123456789");
    expect(app.fake.requests[0]?.headers["user-agent"]).toBe("Cuepoint (webinar automation)");
  });

  it("a token Drip refuses: 422 in Drip's words, and the integration is marked not connected", async () => {
    app.fake.token = "revoked";
    await expect(app.owner.integrations.test(integrationId)).rejects.toMatchObject({
      status: 422,
      message: "Drip answered: You are not authorized to access this resource",
    });
    expect((await app.owner.integrations.list()).success[integrationId]).toMatchObject({ connected: false });
    app.fake.token = "drip-token-0123456789";
  });

  it("lists are the email series, the workflows and the tags", async () => {
    const { success } = await app.owner.integrations.getLists("drip", { integrationID: integrationId, refresh: true });
    expect(success).toEqual({
      campaigns: [
        { id: "111", name: "Webinar follow-up", status: "active" },
        { id: "112", name: "Onboarding", status: "draft" },
      ],
      workflows: [{ id: "221", name: "Attended webinar", status: "active" }],
      tags: [
        { id: "vip", name: "vip" },
        { id: "replay watcher", name: "replay watcher" },
      ],
    });
    expect(app.fake.calls(`GET ${BASE}/campaigns`)[0]?.query.toString()).toBe("status=all&page=1&per_page=1000");
  });
});

describe("Drip actions", () => {
  it("addTag creates or updates the subscriber with the lower-cased tag, in one call", async () => {
    await expect(perform(job("addTag", { tagName: " Webinar-Lead " }))).resolves.toEqual({
      status: "sent",
      detail: 'tag "webinar-lead" applied (HTTP 200)',
    });
    expect(calls()).toEqual([`POST ${BASE}/subscribers`]);
    const [post] = app.fake.calls(`POST ${BASE}/subscribers`);
    expect(post?.headers["content-type"]).toBe("application/json");
    expect(post?.data).toEqual({
      subscribers: [{ email: "ada@example.com", first_name: "Ada", last_name: "Lovelace", tags: ["webinar-lead"] }],
    });
    // A retry sends the same upsert; the subscriber keeps one tag.
    await perform(job("addTag", { tagName: "webinar-lead" }));
    expect(app.fake.subscribers).toMatchObject([{ email: "ada@example.com", tags: ["webinar-lead"] }]);
  });

  it("removeTag deletes the tag from the subscriber; someone Drip does not know is skipped", async () => {
    await seedAda();
    await expect(perform(job("removeTag", { tagName: "VIP" }))).resolves.toEqual({ status: "sent", detail: 'tag "vip" removed (HTTP 204)' });
    expect(app.fake.calls(`DELETE ${ADA}/tags/vip`)).toHaveLength(1);
    expect(app.fake.subscribers[0]?.tags).toEqual([]);
    await expect(perform(job("removeTag", { tagName: "vip" }, { email: "bob@example.com" }))).resolves.toEqual({
      status: "skipped",
      reason: "the registrant is not a Drip subscriber",
    });
  });

  it("addToCampaign subscribes to the email series once: a retry after a lost answer finds the subscription", async () => {
    app.fake.loseNextAnswer(`POST ${BASE}/campaigns/111/subscribers`);
    await expect(perform(job("addToCampaign", { campaignName: "111" }))).rejects.toThrow(
      new RetryableActionError("Drip answered HTTP 502: Bad Gateway"),
    );
    expect(app.fake.calls(`POST ${BASE}/campaigns/111/subscribers`)[0]?.data).toEqual({
      subscribers: [{ email: "ada@example.com", first_name: "Ada", last_name: "Lovelace" }],
    });
    await expect(perform(job("addToCampaign", { campaignName: "111" }))).resolves.toEqual({
      status: "sent",
      detail: "already active in email series 111",
    });
    expect(app.fake.calls(`POST ${BASE}/campaigns/111/subscribers`)).toHaveLength(1);
    expect(app.fake.calls(`GET ${ADA}/campaign_subscriptions`)).toHaveLength(2);
  });

  it("addToWorkflow starts the subscriber on the workflow", async () => {
    await expect(perform(job("addToWorkflow", { workflowName: "221" }))).resolves.toEqual({
      status: "sent",
      detail: "started on workflow 221 (HTTP 201)",
    });
    expect(app.fake.calls(`POST ${BASE}/workflows/221/subscribers`)[0]?.data).toEqual({
      subscribers: [{ email: "ada@example.com", first_name: "Ada", last_name: "Lovelace" }],
    });
    expect(app.fake.subscribers[0]?.starts).toEqual({ 221: 1 });
  });

  it("delete removes the subscriber; a retry after a lost answer is skipped, not repeated", async () => {
    await seedAda();
    app.fake.loseNextAnswer(`DELETE ${ADA}`);
    await expect(perform(job("delete", {}))).rejects.toBeInstanceOf(RetryableActionError);
    expect(app.fake.subscribers).toEqual([]);
    await expect(perform(job("delete", {}))).resolves.toEqual({ status: "skipped", reason: "the registrant is not a Drip subscriber" });
  });

  it("Drip's refusal is permanent, in its words; a node without its workflow is refused", async () => {
    app.fake.token = "revoked";
    const refused = perform(job("addTag", { tagName: "vip" }));
    await expect(refused).rejects.toBeInstanceOf(PermanentActionError);
    await expect(refused).rejects.toThrow(new PermanentActionError("Drip answered HTTP 401: You are not authorized to access this resource"));
    app.fake.token = "drip-token-0123456789";
    await expect(perform(job("addToWorkflow", {}))).rejects.toThrow(new PermanentActionError("Drip: Pick a workflow (workflowName)."));
    await expect(perform(job("delete", {}, { email: "" }))).resolves.toEqual({ status: "skipped", reason: "the registrant has no email address" });
  });
});
