import { beforeAll, describe, expect, it } from "vitest";
import { makeJob } from "../../test-support/jobs.js";
import { PermanentActionError, RetryableActionError } from "../../actions/types.js";
import { serviceContext } from "../../context.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { startKitFake, KIT_KEY } from "./fake.js";
import { convertKitService } from "./index.js";

const app = serviceTestApp(startKitFake);
let kitId: string;

beforeAll(async () => {
  kitId = await create(KIT_KEY);
});

const create = async (key: string) =>
  (await app.owner.integrations.create({ type: "CONVERTKIT", api_key: key })).success.integrationid;

const job = (action: string, model: Record<string, unknown>, integrationID = kitId) =>
  makeJob({ accountId: app.accountId, integrationType: "CONVERTKIT", action, integrationID, model });

const context = (apiKey: string) => serviceContext({ kind: "CONVERTKIT", credentials: { api_key: apiKey }, now: () => new Date() });
const calls = () => app.fake.requests.map((r) => `${r.method} ${r.path}`);

describe("Kit (ConvertKit)", () => {
  it("through the routes: /convertkit/check asks Kit (422 in Kit's words), the saved integration's test too, getlists caches tags and sequences", async () => {
    await expect(app.owner.integrations.check("convertkit", { api_key: KIT_KEY })).resolves.toMatchObject({ success: true, message: "Connected to the Kit account Acme Webinars." });
    await expect(app.owner.integrations.check("convertkit", { api_key: "wrong" })).rejects.toMatchObject({ status: 422, message: "Kit (ConvertKit) answered: The access token is invalid" });
    await expect(app.owner.integrations.test(kitId)).resolves.toMatchObject({ success: true });
    const { success } = await app.owner.integrations.getLists("convertkit", { integrationID: kitId, refresh: true });
    expect(success).toEqual({ tags: [{ id: "7", name: "vip" }, { id: "8", name: "Replay Watcher" }], sequences: [{ id: "31", name: "Webinar follow-up" }] });
  });

  it("check asks Kit for the account with the v4 key, and says Kit's refusal", async () => {
    await expect(convertKitService.check(context(KIT_KEY))).resolves.toBe("Connected to the Kit account Acme Webinars.");
    expect(app.fake.calls("GET /v4/account")[0]?.headers["x-kit-api-key"]).toBe(KIT_KEY);
    await expect(convertKitService.check(context("wrong"))).rejects.toMatchObject({
      reason: "refused",
      message: "Kit (ConvertKit) answered: The access token is invalid",
    });
  });

  it("lists reads every page of tags and sequences", async () => {
    for (let id = 200; id < 2_205; id++) app.fake.state.tags.push({ id, name: `tag ${id}` });
    const lists = await convertKitService.lists!(context(KIT_KEY));
    app.fake.state.tags.splice(2);
    expect(lists.tags).toHaveLength(2_007);
    expect(lists.tags?.slice(0, 2)).toEqual([
      { id: "7", name: "vip" },
      { id: "8", name: "Replay Watcher" },
    ]);
    expect(lists.sequences).toEqual([{ id: "31", name: "Webinar follow-up" }]);
    const pages = app.fake.calls("GET /v4/tags");
    expect(pages.map((r) => r.query.get("after"))).toEqual([null, "c1197", "c2197"]);
    expect(pages.every((r) => r.query.get("per_page") === "1000")).toBe(true);
  });

  it("addTag upserts the subscriber, finds the tag by its lower-cased name and tags by email", async () => {
    await expect(app.execute(job("addTag", { tagName: "VIP" }))).resolves.toMatchObject({ status: "sent" });
    expect(calls()).toEqual(["POST /v4/subscribers", "POST /v4/tags", "POST /v4/tags/7/subscribers"]);
    expect(app.fake.requests.map((r) => r.data)).toEqual([
      { email_address: "ada@example.com", first_name: "Ada" },
      { name: "vip" },
      { email_address: "ada@example.com" },
    ]);
    expect(app.fake.requests.every((r) => r.headers["x-kit-api-key"] === KIT_KEY)).toBe(true);
    expect(app.fake.state.tagged.get(7)).toEqual(new Set(["ada@example.com"]));
  });

  it("addTag creates a missing tag lower-cased; a repeated run changes nothing more", async () => {
    const first = await app.execute(job("addTag", { tagName: "Attended Live" }));
    const created = app.fake.state.tags.find((tag) => tag.name === "attended live");
    expect(created).toBeDefined();
    expect(first).toEqual({ status: "sent", detail: `subscriber ${app.fake.state.subscribers.get("ada@example.com")} tagged "attended live" (tag ${created?.id}, HTTP 201)` });
    const tags = app.fake.state.tags.length;
    await expect(app.execute(job("addTag", { tagName: "Attended Live" }))).resolves.toMatchObject({ detail: expect.stringContaining("HTTP 200") });
    expect(app.fake.state.tags).toHaveLength(tags);
    expect(app.fake.state.tagged.get(created!.id)).toEqual(new Set(["ada@example.com"]));
  });

  it("removeTag removes the tag by email; skips an unknown tag or subscriber", async () => {
    await app.execute(job("addTag", { tagName: "vip" }));
    app.fake.requests.length = 0;
    await expect(app.execute(job("removeTag", { tagName: "VIP" }))).resolves.toEqual({ status: "sent", detail: "tag 7 removed (HTTP 204)" });
    expect(calls()).toEqual(["GET /v4/tags", "DELETE /v4/tags/7/subscribers"]);
    expect(app.fake.calls("DELETE /v4/tags/7/subscribers")[0]?.data).toEqual({ email_address: "ada@example.com" });
    expect(app.fake.state.tagged.get(7)?.has("ada@example.com")).toBe(false);
    await expect(app.execute(job("removeTag", { tagName: "never made" }))).resolves.toEqual({ status: "skipped", reason: "Kit has no tag of this name" });
    const stranger = job("removeTag", { tagName: "vip" });
    stranger.registrant = { ...stranger.registrant, email: "bob@example.com" };
    await expect(app.execute(stranger)).resolves.toEqual({ status: "skipped", reason: "the registrant is not a Kit subscriber" });
  });

  it("addToSequence upserts the subscriber and adds it to the picked sequence, once", async () => {
    await expect(app.execute(job("addToSequence", { sequenceName: "31" }))).resolves.toMatchObject({ status: "sent" });
    expect(calls()).toEqual(["POST /v4/subscribers", "POST /v4/sequences/31/subscribers"]);
    expect(app.fake.calls("POST /v4/sequences/31/subscribers")[0]?.data).toEqual({ email_address: "ada@example.com" });
    await app.execute(job("addToSequence", { sequenceName: "31" }));
    expect(app.fake.state.sequenced.get(31)).toEqual(new Set(["ada@example.com"]));
  });

  it("a retry after Kit's 5xx repeats only idempotent calls; a refused key is permanent, in Kit's words", async () => {
    let failures = 1;
    app.fake.on({
      "POST /v4/subscribers": (r) => {
        if (failures-- > 0) return { status: 503, json: { errors: ["Service Unavailable"] } };
        return { status: 200, json: { subscriber: { id: 1, email_address: (r.data as { email_address: string }).email_address } } };
      },
    });
    await expect(app.execute(job("addToSequence", { sequenceName: "31" }))).rejects.toThrow(
      new RetryableActionError("Kit (ConvertKit) answered HTTP 503: Service Unavailable"),
    );
    await expect(app.execute(job("addToSequence", { sequenceName: "31" }))).resolves.toMatchObject({ status: "sent" });
    expect(calls()).toEqual(["POST /v4/subscribers", "POST /v4/subscribers", "POST /v4/sequences/31/subscribers"]);

    const wrong = await create("wrong-key");
    await expect(app.execute(job("addTag", { tagName: "vip" }, wrong))).rejects.toThrow(
      new PermanentActionError("Kit (ConvertKit) answered HTTP 401: The access token is invalid"),
    );
    await expect(app.execute(job("addToSequence", {}))).rejects.toThrow(
      new PermanentActionError("Kit (ConvertKit): Pick a sequence (sequenceName)."),
    );
  });
});
