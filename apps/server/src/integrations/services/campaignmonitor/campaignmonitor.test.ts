import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeJob } from "../../test-support/jobs.js";
import { connectOAuth } from "../../test-support/oauth.js";
import { PermanentActionError, RetryableActionError, type ActionJob } from "../../actions/types.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { startCampaignMonitorFake } from "./fake.js";

const app = serviceTestApp(startCampaignMonitorFake);
let integrationId: string;

beforeAll(async () => {
  integrationId = await connectOAuth(app.owner, "campaignmonitor", "cm-code");
});
beforeEach(() => {
  app.fake.subscribers.length = 0;
  app.fake.token = "cm-token-0123456789";
});

const job = (action: string, model: Record<string, unknown>, registrant: Partial<ActionJob["registrant"]> = {}) =>
  makeJob({ accountId: app.accountId, integrationType: "CAMPAIGNMONITOR", action, integrationID: integrationId, model, registrant });

/** Carries out a job as the scheduler does when it is due: through the engine's `executeAction` and the registry. */
const perform = (work: ActionJob) => app.execute(work);

const ada = (list: string, state: "Active" | "Unsubscribed" = "Active") =>
  app.fake.subscribers.push({ list, email: "ada@example.com", name: "Ada Lovelace", state });

describe("Campaign Monitor connection", () => {
  it("the test reads the account's clients with the Bearer token and says what Campaign Monitor answered", async () => {
    await expect(app.owner.integrations.test(integrationId)).resolves.toMatchObject({
      message: "Campaign Monitor answered: client Acme Webinars, Acme Academy.",
    });
    expect(app.fake.calls("GET /api/v3.3/clients.json")[0]?.headers.authorization).toBe("Bearer cm-token-0123456789");
  });

  it("a token Campaign Monitor refuses: 422 in Campaign Monitor's words, and the integration is marked not connected", async () => {
    app.fake.token = "revoked";
    await expect(app.owner.integrations.test(integrationId)).rejects.toMatchObject({
      status: 422,
      message: "Campaign Monitor answered: Invalid OAuth Token",
    });
    expect((await app.owner.integrations.list()).success[integrationId]).toMatchObject({ connected: false });
    app.fake.token = "cm-token-0123456789";
  });

  it("lists are every client's lists", async () => {
    const { success } = await app.owner.integrations.getLists("campaignmonitor", { integrationID: integrationId, refresh: true });
    expect(success).toEqual({
      lists: [
        { id: "8c7a9e2f", name: "Registrants", clientID: "4a397ccaaa55eb4e6aa1221e1e2d7122" },
        { id: "a1b2c3d4", name: "Students", clientID: "9b2e1d7c5a8f4e3b" },
      ],
    });
  });
});

describe("Campaign Monitor actions", () => {
  it("moveList adds the registrant to the list; a retry after a lost answer is the same upsert, one subscriber", async () => {
    app.fake.loseNextAnswer("POST /api/v3.3/subscribers/8c7a9e2f.json");
    await expect(perform(job("moveList", { listName: "8c7a9e2f" }))).rejects.toThrow(
      new RetryableActionError("Campaign Monitor answered HTTP 502: Bad Gateway"),
    );
    await expect(perform(job("moveList", { listName: "8c7a9e2f" }))).resolves.toEqual({
      status: "sent",
      detail: "ada@example.com added to list 8c7a9e2f (HTTP 201)",
    });
    const [post] = app.fake.calls("POST /api/v3.3/subscribers/8c7a9e2f.json");
    expect(post?.headers["content-type"]).toBe("application/json");
    expect(post?.data).toEqual({
      EmailAddress: "ada@example.com",
      Name: "Ada Lovelace",
      CustomFields: [],
      Resubscribe: true,
      ConsentToTrack: "Unchanged",
    });
    expect(app.fake.subscribers).toEqual([{ list: "8c7a9e2f", email: "ada@example.com", name: "Ada Lovelace", state: "Active" }]);
  });

  it("delete removes the registrant from every list they are on; a retry is skipped", async () => {
    ada("8c7a9e2f");
    ada("a1b2c3d4");
    await expect(perform(job("delete", {}))).resolves.toEqual({ status: "sent", detail: "deleted from list 8c7a9e2f, a1b2c3d4" });
    const [first] = app.fake.calls("DELETE /api/v3.3/subscribers/8c7a9e2f.json");
    expect(first?.query.get("email")).toBe("ada@example.com");
    expect(app.fake.subscribers.map((s) => s.state)).toEqual(["Deleted", "Deleted"]);
    await expect(perform(job("delete", {}))).resolves.toEqual({ status: "skipped", reason: "the registrant is on no Campaign Monitor list" });
  });

  it("Campaign Monitor's refusal is permanent, in its words; a node without its list is refused", async () => {
    await expect(perform(job("moveList", { listName: "8c7a9e2f" }, { email: "not-an-address" }))).rejects.toThrow(
      new PermanentActionError("Campaign Monitor answered HTTP 400: Invalid Email Address"),
    );
    await expect(perform(job("moveList", {}))).rejects.toThrow(new PermanentActionError("Campaign Monitor: Pick a list (listName)."));
    await expect(perform(job("delete", {}, { email: "" }))).resolves.toEqual({ status: "skipped", reason: "the registrant has no email address" });
  });
});
