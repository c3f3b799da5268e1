import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeJob } from "../../test-support/jobs.js";
import { connectOAuth } from "../../test-support/oauth.js";
import { PermanentActionError, RetryableActionError, type ActionJob } from "../../actions/types.js";
import { loadIntegration } from "../../store.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { startAWeberFake } from "./fake.js";

let integrationId: string;

const SUBSCRIBERS = "/1.0/accounts/1001/lists/501/subscribers";

const app = serviceTestApp(startAWeberFake);

beforeAll(async () => {
  integrationId = await connectOAuth(app.owner, "aweber", "aweber-code");
});
beforeEach(() => {
  app.fake.subscribers.length = 0;
  app.fake.token = "aweber-token-0123456789";
});

const job = (action: string, model: Record<string, unknown>, registrant: Partial<ActionJob["registrant"]> = {}) =>
  makeJob({ accountId: app.accountId, integrationType: "AWEBER", action, integrationID: integrationId, model, registrant });

/** Carries out a job as the scheduler does when it is due: through the engine's `executeAction` and the registry. */
const perform = (work: ActionJob) => app.execute(work);

const calls = () => app.fake.requests.map((r) => `${r.method} ${r.path}${r.query.size ? `?${r.query}` : ""}`);
const ada = (tags: string[] = [], list = 501) =>
  app.fake.seed({ list, email: "ada@example.com", name: "Ada Lovelace", tags, status: "subscribed" });

describe("AWeber connection", () => {
  it("connecting remembers the grant's account; the test asks AWeber with the Bearer token and says what it answered", async () => {
    const stored = await loadIntegration(app.t.db.orm, app.accountId, integrationId);
    expect(stored.row.meta).toMatchObject({ account_id: "1001" });
    await expect(app.owner.integrations.test(integrationId)).resolves.toMatchObject({ message: "AWeber answered: account 1001." });
    expect(app.fake.calls("GET /1.0/accounts")[0]?.headers.authorization).toBe("Bearer aweber-token-0123456789");
  });

  it("a token AWeber refuses: 422 in AWeber's words, and the integration is marked not connected", async () => {
    app.fake.token = "another-token";
    await expect(app.owner.integrations.test(integrationId)).rejects.toMatchObject({
      status: 422,
      message: "AWeber answered: Invalid access token. Please re-authorize your application.",
    });
    expect((await app.owner.integrations.list()).success[integrationId]).toMatchObject({ connected: false });
    app.fake.token = "aweber-token-0123456789";
    await app.owner.integrations.test(integrationId);
    expect((await app.owner.integrations.list()).success[integrationId]).toMatchObject({ connected: true });
  });

  it("lists are the account's lists, paged, and each list's tags", async () => {
    const { success } = await app.owner.integrations.getLists("aweber", { integrationID: integrationId, refresh: true });
    expect(success).toEqual({
      lists: [
        { id: "501", name: "Webinar leads" },
        { id: "502", name: "Customers" },
      ],
      tags: [
        { id: "vip", name: "vip", listID: "501" },
        { id: "replay", name: "replay", listID: "501" },
      ],
    });
    expect(calls()).toEqual([
      "GET /1.0/accounts/1001/lists?ws.start=0&ws.size=100",
      "GET /1.0/accounts/1001/lists/501/tags",
      "GET /1.0/accounts/1001/lists/502/tags",
    ]);
  });
});

describe("AWeber actions", () => {
  it("addTag subscribes a newcomer to the list with the lower-cased tag, once even when run again", async () => {
    await expect(perform(job("addTag", { listName: "501", tagName: " Webinar-Lead " }))).resolves.toEqual({
      status: "sent",
      detail: 'subscribed to list 501 with tag "webinar-lead" (HTTP 201)',
    });
    const [post] = app.fake.calls(`POST ${SUBSCRIBERS}`);
    expect(post?.headers["content-type"]).toBe("application/json");
    expect(post?.data).toEqual({ email: "ada@example.com", name: "Ada Lovelace", tags: ["webinar-lead"] });
    // The retry after a lost answer: the subscriber is found with its tag; nothing is written again.
    await expect(perform(job("addTag", { listName: "501", tagName: "webinar-lead" }))).resolves.toMatchObject({ status: "sent" });
    expect(app.fake.calls(`POST ${SUBSCRIBERS}`)).toHaveLength(1);
    expect(app.fake.calls(`PATCH ${SUBSCRIBERS}/9`)).toHaveLength(0);
    expect(app.fake.subscribers).toMatchObject([{ email: "ada@example.com", list: 501, tags: ["webinar-lead"] }]);
  });

  it("addTag on a subscriber patches its tags with { add }", async () => {
    const { id } = ada(["replay"]);
    await expect(perform(job("addTag", { listName: "501", tagName: "VIP" }))).resolves.toEqual({
      status: "sent",
      detail: `tag "vip" added to subscriber ${id} (HTTP 209)`,
    });
    expect(calls()).toEqual([
      `GET ${SUBSCRIBERS}?ws.op=find&email=ada%40example.com`,
      `PATCH ${SUBSCRIBERS}/${id}`,
    ]);
    expect(app.fake.calls(`PATCH ${SUBSCRIBERS}/${id}`)[0]?.data).toEqual({ tags: { add: ["vip"] } });
    expect(app.fake.subscribers[0]?.tags).toEqual(["replay", "vip"]);
  });

  it("removeTag patches { remove }; skips a registrant not on the list or without the tag", async () => {
    const { id } = ada(["vip", "replay"]);
    await expect(perform(job("removeTag", { listName: "501", tagName: "VIP" }))).resolves.toMatchObject({ status: "sent" });
    expect(app.fake.calls(`PATCH ${SUBSCRIBERS}/${id}`)[0]?.data).toEqual({ tags: { remove: ["vip"] } });
    expect(app.fake.subscribers[0]?.tags).toEqual(["replay"]);
    await expect(perform(job("removeTag", { listName: "501", tagName: "vip" }))).resolves.toEqual({
      status: "skipped",
      reason: 'the subscriber does not have tag "vip"',
    });
    await expect(perform(job("removeTag", { listName: "502", tagName: "vip" }))).resolves.toEqual({
      status: "skipped",
      reason: "the registrant is not on this AWeber list",
    });
    expect(app.fake.calls(`PATCH ${SUBSCRIBERS}/${id}`)).toHaveLength(1);
  });

  it("moveList moves a subscriber of another list with ws.op=move, and does nothing more when run again", async () => {
    const { id } = ada(["vip"]);
    await expect(perform(job("moveList", { listName: "502" }))).resolves.toEqual({
      status: "sent",
      detail: "moved from list 501 to list 502 (HTTP 201)",
    });
    expect(app.fake.calls("GET /1.0/accounts/1001")[0]?.query.get("ws.op")).toBe("findSubscribers");
    expect(app.fake.calls(`POST ${SUBSCRIBERS}/${id}`)[0]?.data).toEqual({
      "ws.op": "move",
      list_link: "https://api.aweber.com/1.0/accounts/1001/lists/502",
    });
    expect(app.fake.subscribers).toMatchObject([{ list: 502, tags: ["vip"] }]);
    await expect(perform(job("moveList", { listName: "502" }))).resolves.toEqual({ status: "sent", detail: "already on list 502" });
    expect(app.fake.calls(`POST ${SUBSCRIBERS}/${id}`)).toHaveLength(1);
  });

  it("moveList subscribes someone on no list", async () => {
    await expect(perform(job("moveList", { listName: "502" }))).resolves.toEqual({ status: "sent", detail: "subscribed to list 502 (HTTP 201)" });
    expect(app.fake.calls("POST /1.0/accounts/1001/lists/502/subscribers")[0]?.data).toEqual({
      email: "ada@example.com",
      name: "Ada Lovelace",
      tags: [],
    });
  });

  it("delete removes the subscriber from every list; skips someone who is not one", async () => {
    const first = ada([], 501);
    const second = ada([], 502);
    await expect(perform(job("delete", {}))).resolves.toEqual({
      status: "sent",
      detail: "subscriber deleted from list 501 (HTTP 204), list 502 (HTTP 204)",
    });
    expect(app.fake.calls(`DELETE ${SUBSCRIBERS}/${first.id}`)).toHaveLength(1);
    expect(app.fake.calls(`DELETE /1.0/accounts/1001/lists/502/subscribers/${second.id}`)).toHaveLength(1);
    expect(app.fake.subscribers).toEqual([]);
    await expect(perform(job("delete", {}))).resolves.toEqual({ status: "skipped", reason: "the registrant is not an AWeber subscriber" });
  });

  it("AWeber's refusal is permanent, in its words", async () => {
    ada([], 501).status = "unconfirmed";
    await expect(perform(job("delete", {}))).rejects.toThrow(
      new PermanentActionError("AWeber answered HTTP 405: Only confirmed subscribers can be deleted."),
    );
    await expect(perform(job("addTag", { listName: "501" }))).rejects.toThrow(new PermanentActionError("AWeber: Pick a tag (tagName)."));
  });

  it("a write whose answer is lost (502) is retried, and the retry does not write twice", async () => {
    app.fake.loseNextAnswer(`POST ${SUBSCRIBERS}`);
    await expect(perform(job("addTag", { listName: "501", tagName: "vip" }))).rejects.toThrow(
      new RetryableActionError("AWeber answered HTTP 502: Bad Gateway"),
    );
    await expect(perform(job("addTag", { listName: "501", tagName: "vip" }))).resolves.toMatchObject({ status: "sent" });
    expect(app.fake.calls(`POST ${SUBSCRIBERS}`)).toHaveLength(1);
    expect(app.fake.subscribers).toMatchObject([{ email: "ada@example.com", tags: ["vip"] }]);
    const { id } = app.fake.subscribers[0] ?? { id: 0 };
    app.fake.loseNextAnswer(`POST ${SUBSCRIBERS}/${id}`);
    await expect(perform(job("moveList", { listName: "502" }))).rejects.toBeInstanceOf(RetryableActionError);
    await expect(perform(job("moveList", { listName: "502" }))).resolves.toEqual({ status: "sent", detail: "already on list 502" });
    expect(app.fake.calls(`POST ${SUBSCRIBERS}/${id}`)).toHaveLength(1);
  });

  it("a registrant without an email is skipped", async () => {
    await expect(perform(job("delete", {}, { email: "" }))).resolves.toEqual({ status: "skipped", reason: "the registrant has no email address" });
    expect(app.fake.requests).toEqual([]);
  });
});
