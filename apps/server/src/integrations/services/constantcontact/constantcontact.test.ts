import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeJob } from "../../test-support/jobs.js";
import { connectOAuth } from "../../test-support/oauth.js";
import { PermanentActionError, RetryableActionError, type ActionJob } from "../../actions/types.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { startConstantContactFake } from "./fake.js";

let integrationId: string;

const WEBINAR = "07936f78-662a-11eb-af0a-fa163e56c9b0";
const CUSTOMERS = "0c4a7a44-662a-11eb-af0a-fa163e56c9b0";
const VIP = "00e4429c-3beb-11eb-9f34-fa163e56c9b9";

const app = serviceTestApp(startConstantContactFake);

beforeAll(async () => {
  integrationId = await connectOAuth(app.owner, "constantcontact", "cc-code");
});
beforeEach(() => {
  app.fake.contacts.length = 0;
  app.fake.tags.splice(1);
  app.fake.token = "cc-token-0123456789";
});

const job = (action: string, model: Record<string, unknown>, registrant: Partial<ActionJob["registrant"]> = {}) =>
  makeJob({ accountId: app.accountId, integrationType: "CONSTANTCONTACT", action, integrationID: integrationId, model, registrant });

/** Carries out a job as the scheduler does when it is due: through the engine's `executeAction` and the registry. */
const perform = (work: ActionJob) => app.execute(work);

const calls = () => app.fake.requests.map((r) => `${r.method} ${r.path}`);
const ada = (taggings: string[] = [], lists: string[] = [CUSTOMERS]) =>
  app.fake.seed({ email: "ada@example.com", first_name: "Ada", last_name: "Lovelace", list_memberships: lists, taggings });

describe("Constant Contact connection", () => {
  it("the test reads the account summary with the Bearer token and says what Constant Contact answered", async () => {
    await expect(app.owner.integrations.test(integrationId)).resolves.toMatchObject({ message: "Constant Contact answered: account Acme Webinars." });
    expect(app.fake.calls("GET /v3/account/summary")[0]?.headers.authorization).toBe("Bearer cc-token-0123456789");
  });

  it("a token Constant Contact refuses: 422 in Constant Contact's words, and the integration is marked not connected", async () => {
    app.fake.token = "revoked";
    await expect(app.owner.integrations.test(integrationId)).rejects.toMatchObject({
      status: 422,
      message: "Constant Contact answered HTTP 401: Unauthorized",
    });
    expect((await app.owner.integrations.list()).success[integrationId]).toMatchObject({ connected: false });
    app.fake.token = "cc-token-0123456789";
  });

  it("lists are the contact lists and the tags, following the next-page links", async () => {
    for (let i = 0; i < 3; i++) app.fake.tags.push({ tag_id: `t-${i}`, name: `tag ${i}` });
    app.fake.maxPage = 2;
    const { success } = await app.owner.integrations.getLists("constantcontact", { integrationID: integrationId, refresh: true });
    app.fake.maxPage = undefined;
    expect(success).toEqual({
      lists: [
        { id: WEBINAR, name: "Webinar registrants" },
        { id: CUSTOMERS, name: "Customers" },
      ],
      tags: [{ id: VIP, name: "VIP" }, ...[0, 1, 2].map((i) => ({ id: `t-${i}`, name: `tag ${i}` }))],
    });
    expect(app.fake.calls("GET /v3/contact_lists")[0]?.query.get("limit")).toBe("1000");
    expect(app.fake.calls("GET /v3/contact_tags").map((r) => r.query.get("cursor"))).toEqual([null, "2"]);
  });
});

describe("Constant Contact actions", () => {
  it("addTag adds the existing tag (found by name) with the tagging activity; run again it writes nothing", async () => {
    const { contact_id } = ada();
    await expect(perform(job("addTag", { tagName: "vip" }))).resolves.toEqual({
      status: "sent",
      detail: `tag "vip" added to contact ${contact_id} (HTTP 201)`,
    });
    expect(app.fake.calls("GET /v3/contacts")[0]?.query.toString()).toBe("email=ada%40example.com&include=list_memberships%2Ctaggings");
    expect(app.fake.calls("POST /v3/activities/contacts_taggings_add")[0]?.data).toEqual({ source: { contact_ids: [contact_id] }, tag_ids: [VIP] });
    await expect(perform(job("addTag", { tagName: "VIP" }))).resolves.toEqual({ status: "sent", detail: `contact ${contact_id} already has tag "vip"` });
    expect(app.fake.calls("POST /v3/activities/contacts_taggings_add")).toHaveLength(1);
  });

  it("addTag creates a missing tag lower-cased and a missing contact with it", async () => {
    await expect(perform(job("addTag", { tagName: "Replay Watcher" }))).resolves.toMatchObject({ status: "sent" });
    expect(app.fake.calls("POST /v3/contact_tags")[0]?.data).toEqual({ name: "replay watcher", tag_source: "Cuepoint" });
    const tag = app.fake.tags.find((entry) => entry.name === "replay watcher");
    expect(app.fake.calls("POST /v3/contacts")[0]?.data).toEqual({
      email_address: { address: "ada@example.com", permission_to_send: "implicit" },
      first_name: "Ada",
      last_name: "Lovelace",
      create_source: "Account",
      taggings: [tag?.tag_id],
    });
    expect(calls()).toEqual(["GET /v3/contact_tags", "POST /v3/contact_tags", "GET /v3/contacts", "POST /v3/contacts"]);
  });

  it("moveList adds the registrant to the list with sign_up_form, keeping other lists; a retry is the same upsert", async () => {
    ada([], [CUSTOMERS]);
    app.fake.loseNextAnswer("POST /v3/contacts/sign_up_form");
    await expect(perform(job("moveList", { listName: WEBINAR }))).rejects.toThrow(
      new RetryableActionError("Constant Contact answered HTTP 502: Bad Gateway"),
    );
    const [contact] = app.fake.contacts;
    await expect(perform(job("moveList", { listName: WEBINAR }))).resolves.toEqual({
      status: "sent",
      detail: `contact ${contact?.contact_id} updated on list ${WEBINAR} (HTTP 200)`,
    });
    expect(app.fake.calls("POST /v3/contacts/sign_up_form")[0]?.data).toEqual({
      email_address: "ada@example.com",
      first_name: "Ada",
      last_name: "Lovelace",
      list_memberships: [WEBINAR],
    });
    expect(app.fake.contacts).toMatchObject([{ list_memberships: [CUSTOMERS, WEBINAR] }]);
  });

  it("delete removes the contact; a retry after a lost answer is skipped", async () => {
    const { contact_id } = ada();
    app.fake.loseNextAnswer(`DELETE /v3/contacts/${contact_id}`);
    await expect(perform(job("delete", {}))).rejects.toBeInstanceOf(RetryableActionError);
    expect(app.fake.contacts).toEqual([]);
    await expect(perform(job("delete", {}))).resolves.toEqual({ status: "skipped", reason: "the registrant is not a Constant Contact contact" });
    expect(app.fake.calls(`DELETE /v3/contacts/${contact_id}`)).toHaveLength(1);
  });

  it("Constant Contact's refusal is permanent, in its words; a node without its list is refused", async () => {
    await expect(perform(job("moveList", { listName: "not-a-list" }))).rejects.toThrow(
      new PermanentActionError("Constant Contact answered HTTP 400: list_memberships contains an unknown list"),
    );
    await expect(perform(job("moveList", {}))).rejects.toThrow(new PermanentActionError("Constant Contact: Pick a list (listName)."));
    await expect(perform(job("delete", {}, { email: "" }))).resolves.toEqual({ status: "skipped", reason: "the registrant has no email address" });
  });
});
