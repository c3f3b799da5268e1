import { beforeAll, describe, expect, it } from "vitest";
import { makeJob } from "../../test-support/jobs.js";
import { PermanentActionError, RetryableActionError } from "../../actions/types.js";
import { serviceContext } from "../../context.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { SENDLANE_TOKEN, startSendlaneFake } from "./fake.js";
import { sendlaneService } from "./index.js";

const app = serviceTestApp(startSendlaneFake);
let laneId: string;

beforeAll(async () => {
  laneId = await create(SENDLANE_TOKEN);
});

const create = async (token: string) =>
  (await app.owner.integrations.create({ type: "SENDLANE", api_key: token })).success.integrationid;

const job = (action: string, model: Record<string, unknown>, integrationID = laneId) =>
  makeJob({ accountId: app.accountId, integrationType: "SENDLANE", action, integrationID, model });

const context = (token: string) => serviceContext({ kind: "SENDLANE", credentials: { api_key: token }, now: () => new Date() });
const calls = () => app.fake.requests.map((r) => `${r.method} ${r.path}`);
const ada = () => app.fake.state.contacts.get("ada@example.com");

describe("Sendlane", () => {
  it("through the routes: /sendlane/check asks Sendlane (422 in its words), the saved integration's test too, getlists caches lists and tags", async () => {
    await expect(app.owner.integrations.check("sendlane", { api_key: SENDLANE_TOKEN })).resolves.toMatchObject({ success: true, message: "Sendlane accepted the token (2 lists)." });
    await expect(app.owner.integrations.check("sendlane", { api_key: "old-v1-key" })).rejects.toMatchObject({ status: 422, message: "Sendlane answered: Unauthenticated." });
    await expect(app.owner.integrations.test(laneId)).resolves.toMatchObject({ success: true });
    const { success } = await app.owner.integrations.getLists("sendlane", { integrationID: laneId, refresh: true });
    expect((success as Record<string, unknown[]>).lists).toHaveLength(2);
    expect((success as Record<string, unknown[]>).tags).toHaveLength(app.fake.state.tags.length);
  });

  it("check reads one list with the Bearer token and says Sendlane's refusal", async () => {
    await expect(sendlaneService.check(context(SENDLANE_TOKEN))).resolves.toBe("Sendlane accepted the token (2 lists).");
    expect(app.fake.calls("GET /v2/lists")[0]?.headers.authorization).toBe(`Bearer ${SENDLANE_TOKEN}`);
    await expect(sendlaneService.check(context("old-v1-key"))).rejects.toMatchObject({
      reason: "refused",
      message: "Sendlane answered: Unauthenticated.",
    });
  });

  it("lists reads every page of lists and tags", async () => {
    const lists = await sendlaneService.lists!(context(SENDLANE_TOKEN));
    expect(lists.lists).toEqual([
      { id: "11", name: "Webinar registrants" },
      { id: "12", name: "Customers" },
    ]);
    expect(lists.tags).toHaveLength(120);
    expect(app.fake.calls("GET /v2/tags").map((r) => r.query.get("page"))).toEqual(["1", "2"]);
  });

  it("moveList adds the registrant with its names to the list, once however often it runs", async () => {
    await expect(app.execute(job("moveList", { listName: "11" }))).resolves.toEqual({
      status: "sent",
      detail: "ada@example.com added to list 11 (HTTP 202)",
    });
    expect(calls()).toEqual(["POST /v2/lists/11/contacts"]);
    expect(app.fake.requests[0]?.data).toEqual({ contacts: [{ email: "ada@example.com", first_name: "Ada", last_name: "Lovelace" }] });
    await app.execute(job("moveList", { listName: "11" }));
    expect(app.fake.state.contacts.size).toBe(1);
    expect(ada()?.lists).toEqual(new Set([11]));
  });

  it("addTag finds the tag by lower-cased name across pages (or creates it) and tags the contact; skips a stranger", async () => {
    await app.execute(job("moveList", { listName: "11" }));
    app.fake.requests.length = 0;
    await expect(app.execute(job("addTag", { tagName: "vip" }))).resolves.toMatchObject({ status: "sent" });
    expect(calls()).toEqual(["GET /v2/contacts/search", "GET /v2/tags", "GET /v2/tags", `POST /v2/contacts/${ada()!.id}/tags`]);
    expect(app.fake.calls("GET /v2/contacts/search")[0]?.query.get("email")).toBe("ada@example.com");
    expect(app.fake.calls(`POST /v2/contacts/${ada()!.id}/tags`)[0]?.data).toEqual({ tag_ids: [610] });

    await app.execute(job("addTag", { tagName: "Replay Watcher" }));
    expect(app.fake.calls("POST /v2/tags")[0]?.data).toEqual({ name: "replay watcher" });
    const created = app.fake.state.tags.find((tag) => tag.name === "replay watcher")!;
    expect(ada()?.tags).toEqual(new Set([610, created.id]));

    const stranger = job("addTag", { tagName: "vip" });
    stranger.registrant = { ...stranger.registrant, email: "bob@example.com" };
    await expect(app.execute(stranger)).resolves.toEqual({ status: "skipped", reason: "the registrant is not a Sendlane contact" });
  });

  it("removeTag deletes the contact's tag; skips an unknown tag or one the contact does not have", async () => {
    await app.execute(job("moveList", { listName: "11" }));
    await app.execute(job("addTag", { tagName: "VIP" }));
    app.fake.requests.length = 0;
    const id = ada()!.id;
    await expect(app.execute(job("removeTag", { tagName: "VIP" }))).resolves.toEqual({
      status: "sent",
      detail: `tag 610 removed from contact ${id} (HTTP 202)`,
    });
    expect(calls().at(-1)).toBe(`DELETE /v2/contacts/${id}/tags/610`);
    expect(ada()?.tags.has(610)).toBe(false);
    await expect(app.execute(job("removeTag", { tagName: "VIP" }))).resolves.toEqual({ status: "skipped", reason: "the contact does not have this tag" });
    await expect(app.execute(job("removeTag", { tagName: "never made" }))).resolves.toEqual({ status: "skipped", reason: "Sendlane has no tag of this name" });
  });

  it("retries after Sendlane's 5xx, gives up on a refused token in its words, refuses a node without its list", async () => {
    let failures = 1;
    const route = "POST /v2/lists/12/contacts";
    app.fake.on({ [route]: () => (failures-- > 0 ? { status: 503, json: { message: "Service Unavailable" } } : { status: 202, json: { data: { message: "Successfully handled request" } } }) });
    await expect(app.execute(job("moveList", { listName: "12" }))).rejects.toThrow(new RetryableActionError("Sendlane answered HTTP 503: Service Unavailable"));
    await expect(app.execute(job("moveList", { listName: "12" }))).resolves.toMatchObject({ status: "sent" });
    expect(app.fake.calls(route)).toHaveLength(2);

    const wrong = await create("revoked");
    await expect(app.execute(job("moveList", { listName: "11" }, wrong))).rejects.toThrow(new PermanentActionError("Sendlane answered HTTP 401: Unauthenticated."));
    await expect(app.execute(job("moveList", {}))).rejects.toThrow(new PermanentActionError("Sendlane: Pick a list (listName)."));
  });
});
