import { beforeAll, describe, expect, it } from "vitest";
import { makeJob } from "../../test-support/jobs.js";
import { PermanentActionError, RetryableActionError } from "../../actions/types.js";
import { serviceContext } from "../../context.js";
import { serviceTestApp } from "../../test-support/serviceTestApp.js";
import { MARO_ACCOUNT, MARO_TOKEN, startMaropostFake } from "./fake.js";
import { maropostService } from "./index.js";

const BASE = `/accounts/${MARO_ACCOUNT}`;

const app = serviceTestApp(startMaropostFake);
let maroId: string;

beforeAll(async () => {
  maroId = await create(MARO_TOKEN);
});

const create = async (token: string) =>
  (await app.owner.integrations.create({ type: "MAROPOST", account_id: MARO_ACCOUNT, access_token: token })).success.integrationid;

const job = (action: string, model: Record<string, unknown>, integrationID = maroId) =>
  makeJob({ accountId: app.accountId, integrationType: "MAROPOST", action, integrationID, model });

const context = (token: string) =>
  serviceContext({ kind: "MAROPOST", credentials: { account_id: MARO_ACCOUNT, access_token: token }, now: () => new Date() });
const calls = () => app.fake.requests.map((r) => `${r.method} ${r.path}`);
const ada = () => app.fake.state.contacts.get("ada@example.com");

describe("Maropost", () => {
  it("through the routes: /maropost/check asks Maropost (422 in its words), the saved integration's test too, getlists caches lists and tags", async () => {
    await expect(app.owner.integrations.check("maropost", { account_id: MARO_ACCOUNT, access_token: MARO_TOKEN })).resolves.toMatchObject({ success: true });
    await expect(app.owner.integrations.check("maropost", { account_id: MARO_ACCOUNT, access_token: "wrong" })).rejects.toMatchObject({ status: 422, message: "Maropost answered: Invalid auth_token or account" });
    await expect(app.owner.integrations.test(maroId)).resolves.toMatchObject({ success: true });
    const { success } = await app.owner.integrations.getLists("maropost", { integrationID: maroId, refresh: true });
    expect((success as Record<string, unknown[]>).lists).toHaveLength(2);
    expect((success as Record<string, unknown[]>).tags).toHaveLength(app.fake.state.tags.length);
  });

  it("check reads the account's lists with its auth token and says Maropost's refusal", async () => {
    await expect(maropostService.check(context(MARO_TOKEN))).resolves.toBe(`Maropost accepted the account ${MARO_ACCOUNT} and its token.`);
    expect(app.fake.calls(`GET ${BASE}/lists.json`)[0]?.query.get("auth_token")).toBe(MARO_TOKEN);
    await expect(maropostService.check(context("wrong"))).rejects.toMatchObject({
      reason: "refused",
      message: "Maropost answered: Invalid auth_token or account",
    });
  });

  it("lists reads every page of lists and tags", async () => {
    const lists = await maropostService.lists!(context(MARO_TOKEN));
    expect(lists.lists).toEqual([
      { id: "71", name: "Webinar registrants" },
      { id: "72", name: "Customers" },
    ]);
    expect(lists.tags).toHaveLength(250);
    expect(app.fake.calls(`GET ${BASE}/tags.json`).map((r) => r.query.get("page"))).toEqual(["1", "2"]);
  });

  it("moveList subscribes the registrant with its names to the list, once however often it runs", async () => {
    await expect(app.execute(job("moveList", { listName: "71" }))).resolves.toMatchObject({ status: "sent" });
    expect(calls()).toEqual([`POST ${BASE}/lists/71/contacts.json`]);
    expect(app.fake.requests[0]?.data).toEqual({ contact: { email: "ada@example.com", first_name: "Ada", last_name: "Lovelace", subscribe: true } });
    expect(app.fake.requests[0]?.query.get("auth_token")).toBe(MARO_TOKEN);
    await app.execute(job("moveList", { listName: "71" }));
    expect(app.fake.state.contacts.size).toBe(1);
    expect(ada()?.lists).toEqual(new Set([71]));
  });

  it("addTag tags by lower-cased name: an existing contact is updated, a new one created; a retry creates nothing more", async () => {
    const stranger = job("addTag", { tagName: "Replay Watcher" });
    stranger.registrant = { ...stranger.registrant, email: "bob@example.com", name: "Bob" };
    await expect(app.execute(stranger)).resolves.toMatchObject({ status: "sent" });
    expect(calls()).toEqual([`GET ${BASE}/contacts/email.json`, `POST ${BASE}/contacts.json`]);
    expect(app.fake.requests[0]?.query.get("contact[email]")).toBe("bob@example.com");
    expect(app.fake.requests[1]?.data).toEqual({ contact: { email: "bob@example.com", first_name: "Bob", last_name: "", add_tags: ["replay watcher"] } });
    app.fake.requests.length = 0;
    await app.execute(stranger);
    const bob = app.fake.state.contacts.get("bob@example.com")!;
    expect(calls()).toEqual([`GET ${BASE}/contacts/email.json`, `PUT ${BASE}/contacts/${bob.id}.json`]);
    expect(app.fake.requests[1]?.data).toEqual({ contact: { email: "bob@example.com", add_tags: ["replay watcher"] } });
    expect(bob.tags).toEqual(new Set(["replay watcher"]));
  });

  it("removeTag removes the tag by name from the contact; skips a stranger", async () => {
    await app.execute(job("addTag", { tagName: "VIP" }));
    expect(ada()?.tags.has("vip")).toBe(true);
    app.fake.requests.length = 0;
    await expect(app.execute(job("removeTag", { tagName: "VIP" }))).resolves.toEqual({
      status: "sent",
      detail: `tag "vip" removed from contact ${ada()!.id} (HTTP 200)`,
    });
    expect(app.fake.requests[1]?.data).toEqual({ contact: { email: "ada@example.com", remove_tags: ["vip"] } });
    expect(ada()?.tags.has("vip")).toBe(false);
    const stranger = job("removeTag", { tagName: "vip" });
    stranger.registrant = { ...stranger.registrant, email: "carol@example.com" };
    await expect(app.execute(stranger)).resolves.toEqual({ status: "skipped", reason: "the registrant is not a Maropost contact" });
  });

  it("retries after Maropost's 5xx, gives up on a refused token in its words, refuses a node without its tag", async () => {
    let failures = 1;
    const route = `POST ${BASE}/lists/72/contacts.json`;
    app.fake.on({ [route]: () => (failures-- > 0 ? { status: 500, json: { error: "Internal Server Error" } } : { status: 201, json: { id: 1 } }) });
    await expect(app.execute(job("moveList", { listName: "72" }))).rejects.toThrow(new RetryableActionError("Maropost answered HTTP 500: Internal Server Error"));
    await expect(app.execute(job("moveList", { listName: "72" }))).resolves.toMatchObject({ status: "sent" });
    expect(app.fake.calls(route)).toHaveLength(2);

    const wrong = await create("revoked");
    await expect(app.execute(job("moveList", { listName: "71" }, wrong))).rejects.toThrow(
      new PermanentActionError("Maropost answered HTTP 401: Invalid auth_token or account"),
    );
    await expect(app.execute(job("addTag", {}))).rejects.toThrow(new PermanentActionError("Maropost: Pick a tag (tagName)."));
  });
});
