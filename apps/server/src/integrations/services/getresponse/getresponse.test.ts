import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeJob } from "../../test-support/jobs.js";
import { connectOAuth } from "../../test-support/oauth.js";
import { PermanentActionError, RetryableActionError, type ActionJob } from "../../actions/types.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { startGetResponseFake } from "./fake.js";

const app = serviceTestApp(startGetResponseFake);
let integrationId: string;

beforeAll(async () => {
  integrationId = await connectOAuth(app.owner, "getresponse", "gr-code");
});
beforeEach(() => {
  app.fake.contacts.length = 0;
  app.fake.queued.length = 0;
  app.fake.tags.splice(1);
  app.fake.token = "gr-token-0123456789";
});

const job = (action: string, model: Record<string, unknown>, registrant: Partial<ActionJob["registrant"]> = {}) =>
  makeJob({ accountId: app.accountId, integrationType: "GETRESPONSE", action, integrationID: integrationId, model, registrant });

/** Carries out a job as the scheduler does when it is due: through the engine's `executeAction` and the registry. */
const perform = (work: ActionJob) => app.execute(work);

const calls = () => app.fake.requests.map((r) => `${r.method} ${r.path}`);
const ada = (campaignId = "Qm4tZ", tagIds: string[] = []) =>
  app.fake.seed({ email: "ada@example.com", name: "Ada Lovelace", campaignId, tagIds });

describe("GetResponse connection", () => {
  it("the test reads the account with the Bearer token and says what GetResponse answered", async () => {
    await expect(app.owner.integrations.test(integrationId)).resolves.toMatchObject({ message: "GetResponse answered: account host@example.com." });
    expect(app.fake.calls("GET /v3/accounts")[0]?.headers.authorization).toBe("Bearer gr-token-0123456789");
  });

  it("a token GetResponse refuses: 422 in GetResponse's words, and the integration is marked not connected", async () => {
    app.fake.token = "revoked";
    await expect(app.owner.integrations.test(integrationId)).rejects.toMatchObject({
      status: 422,
      message: "GetResponse answered: Unable to authenticate request. Check credentials or authentication method details",
    });
    expect((await app.owner.integrations.list()).success[integrationId]).toMatchObject({ connected: false });
    app.fake.token = "gr-token-0123456789";
  });

  it("lists are the campaigns (GetResponse's lists) and the tags, read by page", async () => {
    const { success } = await app.owner.integrations.getLists("getresponse", { integrationID: integrationId, refresh: true });
    expect(success).toEqual({
      campaigns: [
        { id: "Vp9xK", name: "webinar_leads", isDefault: true },
        { id: "Qm4tZ", name: "customers" },
      ],
      tags: [{ id: "t1", name: "VIP" }],
    });
    expect(app.fake.requests.map((r) => `${r.path}?${r.query}`)).toEqual(["/v3/campaigns?page=1&perPage=1000", "/v3/tags?page=1&perPage=1000"]);
  });
});

describe("GetResponse actions", () => {
  it("addTag upserts the existing tag (found by name, lower-cased) on each of the registrant's contacts", async () => {
    const one = ada("Qm4tZ");
    const two = ada("Vp9xK");
    await expect(perform(job("addTag", { tagName: "vip" }))).resolves.toEqual({
      status: "sent",
      detail: `tag "vip" added to contact ${one.contactId} (HTTP 200), ${two.contactId} (HTTP 200)`,
    });
    expect(app.fake.calls("GET /v3/contacts")[0]?.query.toString()).toBe("query%5Bemail%5D=ada%40example.com&additionalFlags=exactMatch&perPage=100");
    expect(app.fake.calls(`POST /v3/contacts/${one.contactId}/tags`)[0]?.data).toEqual({ tags: [{ tagId: "t1" }] });
    expect(app.fake.calls("POST /v3/tags")).toHaveLength(0);
    expect(app.fake.contacts.map((c) => c.tagIds)).toEqual([["t1"], ["t1"]]);
    // Run again (a retry): the upsert keeps one assignment.
    await perform(job("addTag", { tagName: "vip" }));
    expect(app.fake.contacts.map((c) => c.tagIds)).toEqual([["t1"], ["t1"]]);
  });

  it("addTag creates a missing tag, and adds a newcomer to the default list with it", async () => {
    await expect(perform(job("addTag", { tagName: "Replay_Watcher" }))).resolves.toMatchObject({ status: "sent" });
    expect(app.fake.calls("POST /v3/tags")[0]?.data).toEqual({ name: "replay_watcher" });
    const created = app.fake.tags.find((tag) => tag.name === "replay_watcher");
    expect(app.fake.calls("POST /v3/contacts")[0]?.data).toEqual({
      email: "ada@example.com",
      name: "Ada Lovelace",
      campaign: { campaignId: "Vp9xK" },
      tags: [{ tagId: created?.tagId }],
    });
    expect(calls()).toEqual(["GET /v3/tags", "POST /v3/tags", "GET /v3/contacts", "GET /v3/campaigns", "POST /v3/contacts"]);
  });

  it("moveList moves a contact of another list, and leaves it when it is already there", async () => {
    const contact = ada("Vp9xK");
    await expect(perform(job("moveList", { campaignName: "Qm4tZ" }))).resolves.toEqual({
      status: "sent",
      detail: `contact ${contact.contactId} moved from list Vp9xK to list Qm4tZ (HTTP 200)`,
    });
    expect(app.fake.calls(`POST /v3/contacts/${contact.contactId}`)[0]?.data).toEqual({ campaign: { campaignId: "Qm4tZ" } });
    await expect(perform(job("moveList", { campaignName: "Qm4tZ" }))).resolves.toEqual({ status: "sent", detail: "already on list Qm4tZ" });
    expect(app.fake.calls(`POST /v3/contacts/${contact.contactId}`)).toHaveLength(1);
  });

  it("moveList adds someone on no list; a retry while GetResponse still queues the first add is not added twice", async () => {
    app.fake.loseNextAnswer("POST /v3/contacts");
    await expect(perform(job("moveList", { campaignName: "Qm4tZ" }))).rejects.toThrow(
      new RetryableActionError("GetResponse answered HTTP 502: Bad Gateway"),
    );
    await expect(perform(job("moveList", { campaignName: "Qm4tZ" }))).resolves.toEqual({ status: "sent", detail: "already added to list Qm4tZ" });
    app.fake.process();
    expect(app.fake.contacts).toMatchObject([{ email: "ada@example.com", name: "Ada Lovelace", campaignId: "Qm4tZ" }]);
  });

  it("delete removes every contact of the email; skips someone who is none", async () => {
    const one = ada("Qm4tZ");
    const two = ada("Vp9xK");
    await expect(perform(job("delete", {}))).resolves.toEqual({
      status: "sent",
      detail: `deleted contact ${one.contactId} (HTTP 204), ${two.contactId} (HTTP 204)`,
    });
    expect(app.fake.contacts).toEqual([]);
    await expect(perform(job("delete", {}))).resolves.toEqual({ status: "skipped", reason: "the registrant is not a GetResponse contact" });
  });

  it("a delete whose answer is lost is retried without harm", async () => {
    const one = ada();
    app.fake.loseNextAnswer(`DELETE /v3/contacts/${one.contactId}`);
    await expect(perform(job("delete", {}))).rejects.toBeInstanceOf(RetryableActionError);
    await expect(perform(job("delete", {}))).resolves.toEqual({ status: "skipped", reason: "the registrant is not a GetResponse contact" });
    expect(app.fake.calls(`DELETE /v3/contacts/${one.contactId}`)).toHaveLength(1);
  });

  it("GetResponse's refusal is permanent, in its words; a node without its list is refused", async () => {
    await expect(perform(job("addTag", { tagName: "webinar lead" }))).rejects.toThrow(
      new PermanentActionError("GetResponse answered HTTP 400: name: Tag name may contain only letters, digits and underscores (2 to 64 characters)"),
    );
    await expect(perform(job("moveList", {}))).rejects.toThrow(new PermanentActionError("GetResponse: Pick a list (campaignName)."));
    await expect(perform(job("delete", {}, { email: "" }))).resolves.toEqual({ status: "skipped", reason: "the registrant has no email address" });
  });
});
